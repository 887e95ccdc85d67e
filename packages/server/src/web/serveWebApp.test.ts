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
});
