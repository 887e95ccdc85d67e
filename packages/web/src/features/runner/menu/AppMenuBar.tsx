import { menuTree, type PageSummary, type RunnerAppResponse } from '@plinth/schema';
import { MenuButton } from '@plinth/ui';
import { type CSSProperties, useId, useState } from 'react';
import { Link, navigate } from '../../../app/router';
import { type RunnerHost, targetUrl } from '../navigation/runnerTarget';

export interface AppMenuBarProps {
  app: RunnerAppResponse;
  /** The page shown, marked as current in the menu. */
  currentPageId: number | null;
  host: RunnerHost;
  /** My tasks (or one of its tasks) is shown: its link is current. */
  isTasksCurrent?: boolean;
}

/** The name an app shows: its display alias, or else its name (spec 01 §2). */
export const appLabel = (app: { name: string; displayAlias: string | null }): string =>
  app.displayAlias?.trim() || app.name;

export const pageUrl = (app: RunnerAppResponse, page: PageSummary, host: RunnerHost): string =>
  targetUrl(app.slug, { kind: 'page', pageSlug: page.slug, cid: null, formMode: 'default' }, host);

/** The text of the link to My tasks, which every app's menu ends with (decision 0131). */
export const myTasksLink = 'My tasks';

/**
 * The app menu (spec 01 §2, §3; decision 0066): the menu's pages and folders in their order, the
 * app's name where the app shows it (leading to the default page when it is the home link), and My
 * tasks at its end. Below 640 px the items fold into a drawer behind a Menu button. A menu link
 * starts a new breadcrumb trail.
 */
export function AppMenuBar({ app, currentPageId, host, isTasksCurrent = false }: AppMenuBarProps) {
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const defaultPage = app.pages.find((p) => p.id === app.defaultPageId) ?? null;
  const tree = menuTree(app.menu, app.pages, (page) => !app.menuShowDefault && page.id === app.defaultPageId);
  const label = appLabel(app);
  // On a phone the drawer's button says where the person is.
  const currentPage = app.menuShowAppName ? undefined : app.pages.find((p) => p.id === currentPageId);
  const colours: CSSProperties = {
    ...(app.headerBackgroundColour ? { background: app.headerBackgroundColour } : {}),
    ...(app.headerTextColour ? { color: app.headerTextColour } : {}),
  };
  const go = (url: string) => {
    setOpen(false);
    navigate(url);
  };
  const tasksUrl = targetUrl(app.slug, { kind: 'tasks', state: 'open' }, host);
  return (
    <nav
      aria-label="App menu"
      className={`pl-app-menu pl-app-menu--name-${app.menuAppNameAlign}`}
      style={colours}
    >
      {app.menuShowAppName &&
        (app.menuAppNameHome && defaultPage ? (
          <Link to={pageUrl(app, defaultPage, host)} className="pl-app-menu__name">
            {label}
          </Link>
        ) : (
          <span className="pl-app-menu__name">{label}</span>
        ))}
      {tree.length > 0 && currentPage && (
        <span className="pl-app-menu__current" aria-hidden="true">
          {currentPage.name}
        </span>
      )}
      {tree.length > 0 && (
        <button
          type="button"
          className="pl-app-menu__toggle"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
      )}
      <ul id={listId} className="pl-app-menu__items" data-open={isOpen}>
        {tree.map((node) =>
          node.kind === 'page' ? (
            <li key={node.key}>
              <a
                href={pageUrl(app, node.page, host)}
                className="pl-app-menu__link"
                aria-current={node.page.id === currentPageId ? 'page' : undefined}
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                    return;
                  event.preventDefault();
                  go(pageUrl(app, node.page, host));
                }}
              >
                {node.page.name}
              </a>
            </li>
          ) : (
            <li
              key={node.key}
              className={node.children.some((c) => c.page.id === currentPageId) ? 'is-current' : undefined}
            >
              <MenuButton
                variant="subtle"
                label={`${node.text} ▾`}
                aria-label={node.text}
                items={node.children.map((child) => ({
                  id: child.key,
                  label: child.page.name,
                  onAction: () => go(pageUrl(app, child.page, host)),
                }))}
              />
            </li>
          ),
        )}
      </ul>
      <a
        href={tasksUrl}
        className="pl-app-menu__link pl-app-menu__tasks"
        aria-current={isTasksCurrent ? 'page' : undefined}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          go(tasksUrl);
        }}
      >
        {myTasksLink}
      </a>
    </nav>
  );
}
