import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { routeIndexHtml } from './routePreloads.js';

const indexHtml =
  '<html><head><script type="module" src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/src-2.js"></head><body></body></html>';

/**
 * A manifest shaped as the web app's build writes it (Vite with Rolldown): the runner's and the
 * report's code merged into chunks with no `src` of its own; the runner's chunk is found through
 * the build's module-chunks file, the report's through the report page component's imports.
 */
const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_src-2.js'],
    dynamicImports: ['_public-4.js', '_public-5.js'],
  },
  '_src-2.js': { file: 'assets/src-2.js' },
  '_Modal-3.js': { file: 'assets/Modal-3.js', imports: ['_src-2.js'] },
  '_public-4.js': {
    file: 'assets/runner-4.js',
    name: 'public',
    imports: ['_src-2.js', 'index.html', '_Modal-3.js'],
    dynamicImports: [
      'src/features/pages/components/ReportComponent.tsx',
      'src/features/pages/components/ChartComponent.tsx',
    ],
    css: ['assets/runner-4.css'],
  },
  '_public-5.js': {
    file: 'assets/public-5.js',
    name: 'public',
    imports: ['_src-2.js', '_Modal-3.js', 'index.html'],
    css: ['assets/public-5.css'],
  },
  'src/features/pages/components/ReportComponent.tsx': {
    file: 'assets/ReportComponent-6.js',
    isDynamicEntry: true,
    imports: ['_src-2.js', '_public-5.js', '_public-4.js'],
  },
  'src/features/pages/components/ChartComponent.tsx': {
    file: 'assets/ChartComponent-7.js',
    isDynamicEntry: true,
    imports: ['_src-2.js', '_public-4.js'],
  },
  'src/features/gallery/public.ts': { file: 'assets/gallery-8.js', isDynamicEntry: true },
  '_RecordView-9.js': { file: 'assets/RecordView-9.js', imports: ['_Modal-3.js', '_public-4.js'] },
};

/** The build's `.vite/module-chunks.json`: the chunk file each module went into. */
const moduleChunks = {
  'src/main.tsx': 'assets/index-1.js',
  'src/features/runner/public.ts': 'assets/runner-4.js',
  'src/features/runner/RunnerEntry.tsx': 'assets/runner-4.js',
  'src/features/report/public.ts': 'assets/public-5.js',
  'src/features/pages/components/ReportComponent.tsx': 'assets/ReportComponent-6.js',
  'src/features/pages/components/ChartComponent.tsx': 'assets/ChartComponent-7.js',
  'src/features/runner/record/RecordView.tsx': 'assets/RecordView-9.js',
};

const made: string[] = [];
function built(withModuleChunks = true): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-route-preloads-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (withModuleChunks)
    fs.writeFileSync(path.join(dir, '.vite', 'module-chunks.json'), JSON.stringify(moduleChunks));
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="\/([^"]+)">/g)]
    .map((m) => m[2]!)
    .filter((f) => !indexHtml.includes(`/${f}"`));

describe('routeIndexHtml', () => {
  it("preloads an app page's runner, report and chart chunks with the page", () => {
    const htmlFor = routeIndexHtml(built(), indexHtml);
    for (const url of ['/apps/crm', '/apps/crm/', '/apps/crm/home', '/apps/crm/home/']) {
      const html = htmlFor(url);
      expect(preloads(html).sort(), url).toEqual(
        [
          'assets/ChartComponent-7.js',
          'assets/Modal-3.js',
          'assets/ReportComponent-6.js',
          'assets/public-5.css',
          'assets/public-5.js',
          'assets/runner-4.css',
          'assets/runner-4.js',
        ].sort(),
      );
      // Each once, before </head>; the entry and what index.html names already are not repeated.
      expect(html.match(/runner-4\.js/g), url).toHaveLength(1);
      expect(html.match(/src-2\.js/g), url).toHaveLength(1);
      expect(html.match(/index-1\.js/g), url).toHaveLength(1);
      expect(html.indexOf('ChartComponent-7.js'), url).toBeLessThan(html.indexOf('</head>'));
      expect(html, url).not.toContain('gallery-8.js');
    }
  });

  it('preloads the runner and the record view for its own routes (sitemap, record forms)', () => {
    const htmlFor = routeIndexHtml(built(), indexHtml);
    for (const url of ['/apps/crm/_sitemap', '/apps/crm/_createRecord', '/apps/crm/_viewRecord/']) {
      expect(preloads(htmlFor(url)).sort(), url).toEqual(
        ['assets/Modal-3.js', 'assets/RecordView-9.js', 'assets/runner-4.css', 'assets/runner-4.js'].sort(),
      );
    }
  });

  it("preloads a report address's report chunk when the build merged it into a nameless chunk", () => {
    const htmlFor = routeIndexHtml(built(), indexHtml);
    for (const url of [
      '/apps/crm/_report/crm:opportunities',
      '/apps/crm/home/_report/12',
      '/public/demo/report/7',
    ]) {
      const html = htmlFor(url);
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/public-5.js">');
      expect(html, url).toContain('<link rel="stylesheet" crossorigin href="/assets/public-5.css">');
      expect(html, url).not.toContain('ChartComponent-7.js');
    }
  });

  it('without the module-chunks file, finds the runner only through the components that import it', () => {
    const html = routeIndexHtml(built(false), indexHtml)('/apps/crm');
    expect(preloads(html)).toContain('assets/ChartComponent-7.js');
    expect(preloads(html)).toContain('assets/runner-4.js');
    expect(routeIndexHtml(built(false), indexHtml)('/apps/crm/_sitemap')).toBe(indexHtml);
  });

  it('leaves other paths, and a path deeper than a page, as built', () => {
    const htmlFor = routeIndexHtml(built(), indexHtml);
    for (const url of ['/', '/apps', '/apps/', '/signin', '/admin/apps/crm', '/apps/crm/home/more'])
      expect(htmlFor(url), url).toBe(indexHtml);
  });
});
