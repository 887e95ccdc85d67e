import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const runner = 'src/features/runner/public.ts';
const report = 'src/features/report/public.ts';
/**
 * The report page component: its chunk imports the report's statically, so its files hold the
 * report's code also when a build merges that into a chunk with no name of its own in the manifest.
 */
const reportComponent = 'src/features/pages/components/ReportComponent.tsx';
const chartComponent = 'src/features/pages/components/ChartComponent.tsx';

/**
 * Pages whose code loads on demand, by the app paths that open them (the web app's routes.ts),
 * with the modules they need first (those the manifest does not name are left out): a report
 * opened by its address, and an app's page — its default page or one by slug — whose list-page
 * components (the report and the chart) load as the page definition arrives (decision 0077).
 */
const lazyPages: ReadonlyArray<{ path: RegExp; modules: readonly string[] }> = [
  { path: /^\/apps\/[^/]+\/(?:[^/]+\/)?_report\/[^/]+\/?$/, modules: [report, reportComponent] },
  { path: /^\/public\/[^/]+\/report\/\d+\/?$/, modules: [report, reportComponent] },
  { path: /^\/apps\/[^/_][^/]*(?:\/[^/_][^/]*)?\/?$/, modules: [runner, reportComponent, chartComponent] },
  { path: /^\/apps\/[^/]+\/_[^/]+(?:\/.*)?$/, modules: [runner] },
];

/**
 * The chunk files of manifest entries and everything they import statically, outside the app's
 * entry, each once.
 */
function chunkFiles(manifest: Manifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || chunk.isEntry || seen.has(k)) return;
    seen.add(k);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css: [...css] };
}

/**
 * index.html as each page should get it: for a page whose code loads on demand, with
 * `modulepreload` links to its chunks, so the browser fetches and compiles them while the app's
 * entry still runs instead of after it asked for them. Without a manifest, index.html as built.
 */
export function routeIndexHtml(distDir: string, indexHtml: string): (pathname: string) => string {
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return () => indexHtml;
  }
  const byPage = new Map<(typeof lazyPages)[number], string>();
  for (const page of lazyPages) {
    const modules = page.modules.filter((m) => manifest[m]);
    if (modules.length === 0) continue;
    const { js, css } = chunkFiles(manifest, modules);
    const links = [
      ...css
        .filter((f) => !indexHtml.includes(`/${f}"`))
        .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      ...js
        .filter((f) => !indexHtml.includes(`/${f}"`))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ];
    byPage.set(page, indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
  return (pathname) => {
    const page = lazyPages.find((p) => p.path.test(pathname));
    return (page && byPage.get(page)) ?? indexHtml;
  };
}
