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
/** A record route's view, with the record form's code (loaded on demand, decision 0133). */
const recordView = 'src/features/runner/record/RecordView.tsx';

/**
 * Pages whose code loads on demand, by the app paths that open them (the web app's routes.ts),
 * with the modules they need first (those the manifest does not name are left out): a report
 * opened by its address; an app's page — its default page or one by slug — whose list-page
 * components (the report and the chart) load as the page definition arrives (decision 0077); and
 * the runner's own routes, a record's form among them.
 */
const lazyPages: ReadonlyArray<{ path: RegExp; modules: readonly string[] }> = [
  { path: /^\/apps\/[^/]+\/(?:[^/]+\/)?_report\/[^/]+\/?$/, modules: [report, reportComponent] },
  { path: /^\/public\/[^/]+\/report\/\d+\/?$/, modules: [report, reportComponent] },
  { path: /^\/apps\/[^/_][^/]*(?:\/[^/_][^/]*)?\/?$/, modules: [runner, reportComponent, chartComponent] },
  { path: /^\/apps\/[^/]+\/_[^/]+(?:\/.*)?$/, modules: [runner, recordView] },
];

/**
 * The chunk files holding the given modules and everything they import statically, outside the
 * app's entry, each once. A module is found by its manifest key, or, when the build merged it into
 * a chunk without a key of its own, through the chunk file the build wrote down for it
 * (`moduleChunks`, the web app's vite.config.ts).
 */
function chunkFiles(
  manifest: Manifest,
  moduleChunks: Record<string, string>,
  modules: readonly string[],
): { js: string[]; css: string[] } {
  const keyOfFile = new Map(Object.entries(manifest).map(([k, chunk]) => [chunk.file, k]));
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
  for (const module of modules) {
    const key = manifest[module] ? module : keyOfFile.get(moduleChunks[module] ?? '');
    if (key) visit(key);
  }
  return { js, css: [...css] };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * index.html as each page should get it: for a page whose code loads on demand, with
 * `modulepreload` links to its chunks, so the browser fetches and compiles them while the app's
 * entry still runs instead of after it asked for them. Without a manifest, index.html as built.
 */
export function routeIndexHtml(distDir: string, indexHtml: string): (pathname: string) => string {
  const manifest = readJson<Manifest>(path.join(distDir, '.vite', 'manifest.json'));
  if (!manifest) return () => indexHtml;
  const moduleChunks =
    readJson<Record<string, string>>(path.join(distDir, '.vite', 'module-chunks.json')) ?? {};
  const byPage = new Map<(typeof lazyPages)[number], string>();
  for (const page of lazyPages) {
    const { js, css } = chunkFiles(manifest, moduleChunks, page.modules);
    if (js.length === 0 && css.length === 0) continue;
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
