import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/errorHandler.js';
import { compressAnswers } from './compressAnswers.js';
import { isWebAppBuilt, serveWebApp } from './serveWebApp.js';

let dist: string;
/** The web app's build step that writes the .br and .gz copies beside each asset. */
const compressScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/scripts/compressAssets.mjs',
);
/** A script and a shell big enough to be worth compressing, as a build leaves them. */
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const shell = `<!doctype html><html><head><title>Plinth</title></head><body><div id="root">${'<span class="pl-boot__bar"></span>'.repeat(60)}</div></body></html>`;

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
  await compressAnswers(app);
  app.get('/spapi/data/v1/known', async () => ({ ok: true }));
  app.get('/spapi/data/v1/rows', async () => ({ rows: Array.from({ length: 300 }, (_, i) => ({ id: i })) }));
  await serveWebApp(app, distDir);
  return app;
}

/** A dist folder like the build's: index.html and a hashed script, compressed by the build step. */
function builtDist(): string {
  const built = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-web-compressed-'));
  fs.mkdirSync(path.join(built, 'assets'));
  fs.writeFileSync(path.join(built, 'index.html'), shell);
  fs.writeFileSync(path.join(built, 'assets', 'main-abc.js'), script);
  fs.writeFileSync(path.join(built, 'assets', 'tiny-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(built, 'assets', 'logo-abc.png'), Buffer.alloc(4096, 7));
  execFileSync(process.execPath, [compressScript, built], { stdio: 'pipe' });
  return built;
}

/** The body of an answer, decoded as its Content-Encoding says. */
function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

const encodings = [
  { accept: 'gzip, deflate, br, zstd', expected: 'br' },
  { accept: 'gzip', expected: 'gzip' },
  { accept: 'identity', expected: undefined },
  { accept: undefined, expected: undefined },
];

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

  it('the build step writes a .br and a .gz beside each asset worth compressing, nothing else', () => {
    const built = builtDist();
    const js = path.join(built, 'assets', 'main-abc.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(script.length / 4);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(built, 'index.html.br'))).toString()).toBe(
      shell,
    );
    // Under 1 kB, or a format that is compressed already: left alone.
    for (const file of ['tiny-abc.js', 'logo-abc.png'])
      for (const ext of ['.br', '.gz'])
        expect(fs.existsSync(path.join(built, 'assets', file + ext))).toBe(false);
    // Run again (an interrupted build), it neither fails nor compresses its own output.
    execFileSync(process.execPath, [compressScript, built], { stdio: 'pipe' });
    expect(fs.existsSync(`${js}.br.br`)).toBe(false);
    expect(fs.existsSync(`${js}.gz.gz`)).toBe(false);
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('sends assets pre-compressed as the browser accepts them, cached for a year', async () => {
    const built = builtDist();
    const app = await appWith(built);
    const tags = new Set<string>();
    for (const { accept, expected } of encodings) {
      const headers = accept === undefined ? {} : { 'accept-encoding': accept };
      const res = await app.inject({ method: 'GET', url: '/assets/main-abc.js', headers });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers['content-type'], accept).toContain('javascript');
      expect(res.headers.vary, accept).toContain('accept-encoding');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decoded(res), accept).toBe(script);
      // The pre-compressed copy is sent whole, with its own length.
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      const etag = String(res.headers.etag);
      tags.add(etag);
      // Revalidated with its ETag, the same encoding answers 304 with no body.
      const again = await app.inject({
        method: 'GET',
        url: '/assets/main-abc.js',
        headers: { ...headers, 'if-none-match': etag },
      });
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length, accept).toBe(0);
    }
    // Each encoding is its own representation with its own validator (identity twice: one tag).
    expect(tags.size).toBe(3);
    // A file under the threshold has no copy: it is compressed as it goes out, under a weak ETag
    // (the same for every encoding, as RFC 9110 §8.8.1 allows), and revalidates all the same.
    const tiny = await app.inject({
      method: 'GET',
      url: '/assets/tiny-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(decoded(tiny)).toBe('console.log(1)');
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(tiny.headers.etag)).toMatch(/^W\//);
    const tinyAgain = await app.inject({
      method: 'GET',
      url: '/assets/tiny-abc.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(tiny.headers.etag) },
    });
    expect(tinyAgain.statusCode).toBe(304);
    // An image is compressed already: sent as it is.
    const image = await app.inject({
      method: 'GET',
      url: '/assets/logo-abc.png',
      headers: { 'accept-encoding': 'br' },
    });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(Buffer.alloc(4096, 7))).toBe(true);
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('sends the HTML shell and JSON answers compressed as negotiated, the shell never cached as immutable', async () => {
    const built = builtDist();
    const app = await appWith(built);
    const rows = JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ id: i })) });
    for (const { accept, expected } of encodings) {
      const headers = accept === undefined ? {} : { 'accept-encoding': accept };
      for (const url of ['/', '/apps/crm/_report/crm:opportunities']) {
        const page = await app.inject({ method: 'GET', url, headers });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(page.headers['content-type'], url).toContain('text/html');
        if (expected) expect(page.headers.vary, url).toContain('accept-encoding');
        expect(decoded(page), `${url} ${accept}`).toBe(shell);
      }
      const json = await app.inject({ method: 'GET', url: '/spapi/data/v1/rows', headers });
      expect(json.headers['content-encoding'], accept).toBe(expected);
      expect(json.headers['content-type']).toContain('application/json');
      expect(decoded(json), accept).toBe(rows);
      // A small answer is not worth compressing.
      const small = await app.inject({ method: 'GET', url: '/spapi/data/v1/known', headers });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toEqual({ ok: true });
    }
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('does not take compressed request bodies', async () => {
    const app = await appWith(dist);
    app.post('/spapi/data/v1/echo', async (request) => request.body);
    const body = zlib.gzipSync(JSON.stringify({ a: 1 }));
    const res = await app.inject({
      method: 'POST',
      url: '/spapi/data/v1/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps JSON 404s for unknown API paths and answers known ones', async () => {
    const app = await appWith(dist);
    for (const url of ['/spapi/data/v1/nope', '/auth/nope', '/api/nope', '/aiApi/data/v1/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: `No route GET ${url}.` } });
    }
    expect((await app.inject({ method: 'GET', url: '/spapi/data/v1/known' })).json()).toEqual({ ok: true });
    // An asset that is not there (an old build's) is a 404, never the HTML shell in its place.
    const gone = await app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
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
