import { type AppSettingsResponse, isSharedPageType } from '@plinth/schema';
import { Link } from '../../app/router';
import { builderHref } from './builderPages';
import './pageValidation.css';

export interface SharedPagesTabProps {
  /** The app whose form pages are listed. */
  app: Pick<AppSettingsResponse, 'pages' | 'settings'>;
  /** The page open in the builder, marked in the list. */
  openPageId?: number;
}

/** The page-type label of a shared page (spec 01 §2: 'Shared Page' is shown as 'Form page'). */
export const sharedPageLabel = 'Form page';

/**
 * The Shared Pages tab (spec 01 §2): the app's form pages — its single-record edit and multistep
 * edit pages, which are shared pages — each with a link that opens it in the builder.
 */
export function SharedPagesTab({ app, openPageId }: SharedPagesTabProps) {
  const formPages = app.pages.filter((p) => isSharedPageType(p.type));
  if (formPages.length === 0) return <p className="pl-admin__muted">This app has no form pages.</p>;
  return (
    <ul aria-label="Form pages">
      {formPages.map((page) => (
        <li key={page.id} className="pl-shared-pages__page">
          <span aria-current={page.id === openPageId ? 'page' : undefined}>
            {page.name} <span className="pl-admin__badge">{sharedPageLabel}</span>
            {page.type === 'singleRecordMultistepEdit' && <span className="pl-admin__muted"> multistep</span>}
          </span>
          {page.id !== openPageId && (
            <Link to={builderHref(app.settings.slug, page.slug)} className="pl-shared-pages__open">
              Open {page.name}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
