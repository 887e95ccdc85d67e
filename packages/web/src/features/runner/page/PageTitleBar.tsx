import { pageTitle, type PageTitleBar as TitleBar } from '@plinth/schema';

export interface PageTitleBarProps {
  bar: TitleBar;
  recordName: string | null;
  pageName: string;
  /** The page has a top-level heading of its own: a hidden bar then adds none. */
  hasOwnHeading?: boolean;
}

/**
 * The page title bar (spec 01 §2): hidden by default, when it still names the page for screen
 * readers unless the page has a top-level heading of its own; under the recordName format it
 * shows the record's name.
 */
export function PageTitleBar({ bar, recordName, pageName, hasOwnHeading = false }: PageTitleBarProps) {
  const title = pageTitle(bar, recordName, pageName);
  if (!bar.pageShowTitleBar) return hasOwnHeading ? null : <h1 className="pl-visually-hidden">{title}</h1>;
  return (
    <header className="pl-page-title-bar">
      <h1>{title}</h1>
    </header>
  );
}
