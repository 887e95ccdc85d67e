import { exampleValueText, functionCatalogue, runExample, signatureText, snippets } from '@plinth/calc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badDocsTarget, docsRedirectPath } from '../../src/docs/docsTarget.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

const HELP = '/spapi/data/v1/docs/authredirect';
const PAGE = '/docs/sample-calculations';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Each function as the page shows it: anchor, signatures, description, example and its value. */
function functionsOnPage(html: string) {
  const articles = [...html.matchAll(/<article class="fn" id="([^"]+)"[^>]*>([\s\S]*?)<\/article>/g)];
  return articles.map(([, id, body]) => {
    const codes = (cls: string) =>
      [...body!.matchAll(new RegExp(`<code class="${cls}">([\\s\\S]*?)</code>`, 'g'))].map((m) =>
        textOf(m[1]!),
      );
    return {
      id: id!,
      name: textOf(/<h3[^>]*>([\s\S]*?)<\/h3>/.exec(body!)![1]!),
      signatures: codes('sig'),
      text: textOf(body!),
      example: codes('expr')[0]!,
      value: codes('value')[0]!,
    };
  });
}

describe.each(engines)('the calculation reference on %s', (engine) => {
  let t: TestApp;
  let html: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    html = (await t.app.inject({ method: 'GET', url: PAGE })).body;
  });
  afterAll(async () => t.close());

  describe('Help: the documentation auth-redirect call', () => {
    it('sends a signed-in builder to the reference', async () => {
      const res = await t.admin.get(`${HELP}?target=/docs/sample-calculations`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(PAGE);
    });

    it('sends anyone, signed in or not, since it is documentation; an anchor is kept', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${HELP}?target=%2Fdocs%2Fsample-calculations%23iif`,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${PAGE}#iif`);
    });

    it.each([
      ['another site', 'https://evil.example/docs/sample-calculations'],
      ['a protocol-relative address', '//evil.example/docs/sample-calculations'],
      ['a backslash host', '/\\evil.example'],
      ['a climb out of /docs/', '/docs/../admin'],
      ['an encoded climb', '/docs/%2e%2e/admin'],
      ['a page outside /docs/', '/admin/apps'],
      ['an unknown documentation page', '/docs/not-a-page'],
      ['a header smuggled in', '/docs/sample-calculations\r\nSet-Cookie: a=b'],
      ['an anchor with markup', '/docs/sample-calculations#<script>'],
      ['nothing', ''],
      ['a very long target', `/docs/sample-calculations#${'a'.repeat(3000)}`],
    ])('refuses %s with a 400 that says what it takes', async (_, target) => {
      const res = await t.app.inject({ method: 'GET', url: `${HELP}?target=${encodeURIComponent(target)}` });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(JSON.parse(res.body)).toEqual({
        error: expect.objectContaining({ code: 'bad_request', message: badDocsTarget }),
      });
    });

    it('sends /docs to the reference', async () => {
      for (const url of ['/docs', '/docs/']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(PAGE);
      }
    });

    it('refuses a target given twice', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${HELP}?target=${PAGE}&target=${PAGE}` });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    });

    it('refuses a call with no target', async () => {
      const res = await t.app.inject({ method: 'GET', url: HELP });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).error.message).toBe(badDocsTarget);
      expect(docsRedirectPath(undefined)).toBeNull();
    });
  });

  describe('the page', () => {
    it('is a public, self-contained HTML page', async () => {
      const res = await t.app.inject({ method: 'GET', url: PAGE });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).toContain('<h1>Calculation reference</h1>');
      expect(html).not.toContain('<script');
    });

    it('shows every registered function once, with its signatures and description', () => {
      const shown = functionsOnPage(html);
      expect(shown.map((f) => f.name)).toEqual(functionCatalogue.map((d) => d.name));
      for (const def of functionCatalogue) {
        const f = shown.find((s) => s.name === def.name)!;
        expect(f.id).toBe(def.name);
        expect(f.signatures).toEqual(def.signatures.map((s) => signatureText(def, s)));
        expect(f.text).toContain(def.description);
        for (const alias of def.aliases ?? []) expect(f.text).toContain(alias);
      }
    });

    it('has an example for every function, and each gives the value the page shows', async () => {
      const shown = functionsOnPage(html);
      expect(shown).toHaveLength(functionCatalogue.length);
      for (const f of shown) {
        expect(f.example, f.name).toBeTruthy();
        expect(f.value, f.name).toBeTruthy();
        const { compiled, result } = await runExample(f.example);
        expect(
          compiled.messages.filter((m) => m.type === 'Error'),
          f.example,
        ).toEqual([]);
        expect(result.error, f.example).toBeUndefined();
        expect(exampleValueText(result), f.example).toBe(f.value);
      }
    });

    it('groups the functions by category, in the language’s order, with a contents list', () => {
      const groups = [
        ...html.matchAll(/<section id="([^"]+)" aria-labelledby="[^"]+">\n<h2 id="[^"]+">([^<]+)<\/h2>/g),
      ].map((m) => m[2]);
      expect(groups).toEqual([
        'Writing a calculation',
        'The sample order',
        'General',
        'Data',
        'Math',
        'Text',
        'Date and time',
        'Aggregate',
        'List',
        'Encoding',
        'Snippets',
      ]);
      const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size).toBe(ids.length);
      const links = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
      for (const link of links) expect(ids, link).toContain(link);
      const nav = /<nav aria-label="Contents">([\s\S]*?)<\/nav>/.exec(html)![1]!;
      for (const def of functionCatalogue) expect(nav).toContain(`href="#${def.name}"`);
    });

    it('shows the sample order the examples run on, and the snippets', () => {
      expect(html).toContain('<caption>Fields of the order</caption>');
      expect(textOf(html)).toContain("[Code]String'AB-1234'");
      expect(textOf(html)).toContain('[Starts At]DateTime#2024-01-15 09:45:30#');
      for (const s of snippets) {
        expect(textOf(html)).toContain(s.text);
        expect(textOf(html)).toContain(s.description);
      }
    });
  });
});
