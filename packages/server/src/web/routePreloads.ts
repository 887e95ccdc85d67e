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

/**
 * Pages whose code loads on demand, by the app paths that open them (the web app's routes.ts):
 * a report opened by its address is the runner's most common first page.
 */
const lazyPages: ReadonlyArray<{ path: RegExp; module: string }> = [
  { path: /^\/apps\/[^/]+\/(?:[^/]+\/)?_report\/[^/]+\/?$/, module: 'src/features/report/public.ts' },
  { path: /^\/public\/[^/]+\/report\/\d+\/?$/, module: 'src/features/report/public.ts' },
];

/** The chunk files of a manifest entry and everything it imports statically, outside the app's entry. */
function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
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
  visit(key);
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
  const byModule = new Map<string, string>();
  for (const { module } of lazyPages) {
    if (byModule.has(module) || !manifest[module]) continue;
    const { js, css } = chunkFiles(manifest, module);
    const links = [
      ...css
        .filter((f) => !indexHtml.includes(`/${f}"`))
        .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      ...js
        .filter((f) => !indexHtml.includes(`/${f}"`))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ];
    byModule.set(module, indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
  return (pathname) => {
    const page = lazyPages.find((p) => p.path.test(pathname));
    return (page && byModule.get(page.module)) ?? indexHtml;
  };
}
