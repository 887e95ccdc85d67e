import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/errorHandler.js';
import { isWebAppBuilt, serveWebApp } from './serveWebApp.js';

let dist: string;

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc.js'), 'console.log(1)');
});

afterAll(() => {
  fs.rmSync(dist, { recursive: true, force: true });
});

async function appWith(distDir: string) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/spapi/data/v1/known', async () => ({ ok: true }));
  await serveWebApp(app, distDir);
  return app;
}

describe('serveWebApp', () => {
  it('serves index.html at / and for app routes, assets with a long cache', async () => {
    const app = await appWith(dist);
    for (const url of ['/', '/apps', '/apps/crm/_sitemap?x=1', '/admin/apps/crm/home', '/_gallery']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(1)');
  });

  it('keeps JSON 404s for unknown API paths and answers known ones', async () => {
    const app = await appWith(dist);
    for (const url of ['/spapi/data/v1/nope', '/auth/nope', '/api/nope', '/aiApi/data/v1/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: `No route GET ${url}.` } });
    }
    expect((await app.inject({ method: 'GET', url: '/spapi/data/v1/known' })).json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'POST', url: '/apps' })).statusCode).toBe(404);
  });

  it('does nothing when the web app is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-web-empty-'));
    expect(isWebAppBuilt(empty)).toBe(false);
    const app = await appWith(empty);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it("preloads a report page's chunks with the page, from the build manifest", async () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-web-manifest-'));
    fs.mkdirSync(path.join(built, '.vite'));
    fs.writeFileSync(
      path.join(built, 'index.html'),
      '<html><head><script type="module" src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" href="/assets/Button-2.js"></head><body></body></html>',
    );
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_Button-2.js'] },
      '_Button-2.js': { file: 'assets/Button-2.js' },
      '_fields-3.js': { file: 'assets/fields-3.js', imports: ['_Button-2.js'] },
      'src/features/report/public.ts': {
        file: 'assets/report-4.js',
        isDynamicEntry: true,
        imports: ['index.html', '_fields-3.js', '_Button-2.js'],
        css: ['assets/report-5.css'],
      },
    };
    fs.writeFileSync(path.join(built, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const app = await appWith(built);
    for (const url of [
      '/apps/crm/_report/crm:opportunities',
      '/apps/crm/sales/_report/12',
      '/public/demo/report/7',
    ]) {
      const html = (await app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/report-4.js">');
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/fields-3.js">');
      expect(html, url).toContain('<link rel="stylesheet" crossorigin href="/assets/report-5.css">');
      // What the entry loads already is not repeated, nor the entry itself.
      expect(html.match(/Button-2\.js/g), url).toHaveLength(1);
      expect(html.match(/index-1\.js/g), url).toHaveLength(1);
      expect(html.indexOf('report-4.js'), url).toBeLessThan(html.indexOf('</head>'));
    }
    for (const url of ['/', '/apps', '/apps/crm/_sitemap', '/public/demo/report/x']) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('report-4.js');
    }
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('serves index.html as built when the manifest is missing or broken', async () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-web-broken-'));
    fs.mkdirSync(path.join(built, '.vite'));
    fs.writeFileSync(path.join(built, 'index.html'), '<html><head></head><body>app</body></html>');
    fs.writeFileSync(path.join(built, '.vite', 'manifest.json'), '{ not json');
    const app = await appWith(built);
    const res = await app.inject({ method: 'GET', url: '/apps/crm/_report/1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<html><head></head><body>app</body></html>');
    fs.rmSync(built, { recursive: true, force: true });
  });
});
