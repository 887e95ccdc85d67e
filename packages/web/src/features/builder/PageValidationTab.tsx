import { type PageIssue, pageSettingNames } from '@plinth/schema';
import { Link } from '../../app/router';
import type { PageWithIssues } from './appPageIssues';
import { builderHref } from './builderPages';
import type { AppPageIssues } from './useAppPageIssues';
import './pageValidation.css';

export interface PageValidationTabProps {
  /** The app's slug, for the links that open its pages. */
  appSlug: string;
  /** The issues of the app's pages (`useAppPageIssues`), or those of some of them. */
  issues: Pick<AppPageIssues, 'pages' | 'isLoading' | 'failures'>;
  /** What the list is called (its accessible name); 'Page validation' by default. */
  label?: string;
}

/** Where an issue is: the page setting, page variable or component it is about. */
export function issuePlace(issue: PageIssue): string {
  switch (issue.area) {
    case 'setting':
      return `Page settings: ${pageSettingNames[issue.setting]} (${issue.label})`;
    case 'variable':
      return `Page variable '${issue.variableName}'`;
    case 'component':
      return issue.componentName === issue.componentId
        ? `Component '${issue.componentId}'`
        : `Component '${issue.componentName}' (${issue.componentId})`;
    case 'page':
      return 'Page layout';
  }
}

function PageIssues({ appSlug, entry }: { appSlug: string; entry: PageWithIssues }) {
  const titleId = `pl-page-issues-${entry.page.id}`;
  return (
    <section className="pl-page-issues__page" aria-labelledby={titleId}>
      <div className="pl-page-issues__head">
        <h3 id={titleId} className="pl-page-issues__name">
          {entry.name}
        </h3>
        {entry.isOpen ? (
          <span className="pl-admin__badge">Open</span>
        ) : (
          <Link to={builderHref(appSlug, entry.page.slug)} className="pl-page-issues__open">
            Open {entry.name}
          </Link>
        )}
      </div>
      <ul aria-label={`Issues in ${entry.name}`}>
        {entry.issues.map((issue, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id; the list is rebuilt whole.
          <li key={i} className="pl-page-issues__issue">
            <span className="pl-page-issues__place">{issuePlace(issue)}</span>{' '}
            <span className="pl-page-issues__message">{issue.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Page Validation tab (spec 01 §2, §5): the issues of every page of the app, grouped by page,
 * each saying which page setting, page variable or component it is about, with a link that opens
 * the page; 'No issues' when there are none. The open page's issues are those of its unsaved edit.
 */
export function PageValidationTab({ appSlug, issues, label = 'Page validation' }: PageValidationTabProps) {
  const withIssues = issues.pages.filter((p) => p.issues.length > 0);
  return (
    <section className="pl-page-issues" aria-label={label} aria-busy={issues.isLoading}>
      {issues.isLoading && <p className="pl-admin__muted">Checking the app's pages…</p>}
      {withIssues.length === 0 && !issues.isLoading && issues.failures.length === 0 && <p>No issues</p>}
      {withIssues.map((entry) => (
        <PageIssues key={entry.page.id} appSlug={appSlug} entry={entry} />
      ))}
      {issues.failures.length > 0 && (
        <div role="alert">
          <ul aria-label="Pages not checked" className="pl-page-issues__failures">
            {issues.failures.map((f) => (
              <li key={f.pageId}>
                {f.name} could not be checked: {f.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
