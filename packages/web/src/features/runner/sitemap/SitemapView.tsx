import type { RunnerAppResponse } from '@plinth/schema';
import { Link } from '../../../app/router';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { appLabel, pageUrl } from '../menu/AppMenuBar';
import type { RunnerHost } from '../navigation/runnerTarget';
import { sitemapTree } from './sitemapTree';

/** `/apps/{app}/_sitemap`: every page of the app a person can open, in menu order, with its folders. */
export function SitemapView({ app, host }: { app: RunnerAppResponse; host: RunnerHost }) {
  const label = appLabel(app);
  useDocumentTitle(`${label} sitemap`);
  const tree = sitemapTree(app);
  const link = (page: RunnerAppResponse['pages'][number]) => (
    <Link to={pageUrl(app, page, host)}>{page.name}</Link>
  );
  return (
    <section className="pl-page pl-sitemap" aria-labelledby="pl-sitemap-title">
      <h1 id="pl-sitemap-title">{label}</h1>
      {app.description && <p className="pl-muted">{app.description}</p>}
      {tree.length === 0 ? (
        <p className="pl-empty">This app has no pages for you yet.</p>
      ) : (
        <ul className="pl-sitemap__list">
          {tree.map((node) =>
            node.kind === 'page' ? (
              <li key={node.key}>
                {link(node.page)}
                {node.page.description && (
                  <span className="pl-sitemap__description">{node.page.description}</span>
                )}
              </li>
            ) : (
              <li key={node.key} className="pl-sitemap__folder">
                <span className="pl-sitemap__folder-name">{node.text}</span>
                <ul>
                  {node.children.map((child) => (
                    <li key={child.key}>{link(child.page)}</li>
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
