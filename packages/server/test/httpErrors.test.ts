import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { type Answer, Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const PUT = '/spapi/data/v1/entity/put';

/** A 4xx with exactly the JSON error shape, and no stack trace or SQL anywhere in the answer. */
function expectClientError(res: Answer, status?: number) {
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  expect(res.status, text).toBeGreaterThanOrEqual(400);
  expect(res.status, text).toBeLessThan(500);
  if (status !== undefined) expect(res.status, text).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(typeof res.body).toBe('object');
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(res.body.error).toEqual({
    code: expect.any(String),
    message: expect.any(String),
    ...('details' in res.body.error ? { details: res.body.error.details } : {}),
  });
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|\.js:\d+|SQLITE|syntax error at/i);
}

describe.each(engines)('HTTP errors on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let rec: number;

  const tablesIntact = async () => {
    const n = await t.services.db
      .selectFrom('entities')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', t.tenantId)
      .executeTakeFirstOrThrow();
    return Number(n.n);
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (await defineType(t.admin, 'Account', [{ name: 'Notes', script: 'notes', type: 'Text' }]))
      .typeId;
    rec = (await t.admin.put([{ id: 'new:a', typeId: account, fields: { name: 'Acme' } }])).body.ids['new:a'];
  });
  afterAll(() => t.close());

  describe('bodies', () => {
    const json = { 'content-type': 'application/json' };

    it('answers malformed JSON with 400', async () => {
      for (const body of [
        '{"entities": [',
        '{entities: []}',
        "{'entities': []}",
        '{"entities": []}}',
        '\u0000',
        'nul',
      ]) {
        expectClientError(await t.admin.request('POST', PUT, body, json), 400);
      }
    });

    it('answers an empty body with 400', async () => {
      expectClientError(await t.admin.request('POST', PUT, '', json), 400);
      expectClientError(await t.admin.request('POST', '/spapi/data/v1/entity/query', '', json), 400);
    });

    it('answers a body of the wrong JSON type with 400', async () => {
      for (const body of ['[]', '"entities"', '42', 'null', 'true', '[{"entities":[]}]']) {
        expectClientError(await t.admin.request('POST', PUT, body, json), 400);
        expectClientError(await t.admin.request('POST', '/spapi/data/v1/entity/ofType', body, json), 400);
      }
      expectClientError(await t.admin.post(PUT, { entities: { id: rec } }), 400);
      expectClientError(await t.admin.post(PUT, { entities: [{ id: rec, fields: [] }] }), 400);
      expectClientError(await t.admin.post(PUT, { entities: [{ id: rec, fields: 'notes=x' }] }), 400);
      expectClientError(await t.admin.post('/spapi/data/v1/entity/query', { ids: 'core:type' }), 400);
    });

    it('answers other content types with 415', async () => {
      const body = JSON.stringify({ entities: [{ id: rec, fields: { notes: 'x' } }] });
      for (const type of [
        'text/plain',
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/octet-stream',
        'application/vnd.api+json',
      ]) {
        expectClientError(await t.admin.request('POST', PUT, body, { 'content-type': type }), 415);
      }
      expectClientError(
        await t.admin.request('POST', PUT, 'entities=1', {
          'content-type': 'application/x-www-form-urlencoded',
        }),
        415,
      );
      // A body with no content type at all.
      expectClientError(await t.admin.request('POST', PUT, body), 415);
      expect((await t.admin.read(rec, 'notes')).body.notes).toBeNull();
    });

    it('answers a body over the limit with 413', async () => {
      const big = JSON.stringify({
        entities: [{ id: rec, fields: { notes: 'x'.repeat(6 * 1024 * 1024) } }],
      });
      expectClientError(await t.admin.request('POST', PUT, big, json), 413);
      expect((await t.admin.read(rec, 'notes')).body.notes).toBeNull();
    });

    it('answers NUL characters in names, values, aliases and queries with 200 or a 4xx, never 500', async () => {
      for (const fields of [{ name: 'a\u0000b' }, { notes: 'a\u0000b' }, { name: 'ok', notes: '\u0000' }]) {
        const res = await t.admin.put([{ id: 'new:n', typeId: account, fields }]);
        if (res.status !== 200) expectClientError(res);
      }
      const filter = await t.admin.post('/spapi/data/v1/entity/ofType', {
        typeId: account,
        filter: { name: 'a\u0000' },
      });
      if (filter.status !== 200) expectClientError(filter);
      const q = await t.admin.post('/spapi/data/v1/entity/query', { ids: [rec], query: 'na\u0000me' });
      expectClientError(q);
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { tenant: 'ac\u0000me', username: 'ad\u0000min', password: 'x\u0000' },
      });
      expect(login.statusCode).toBe(401);
    });

    it('answers deeply nested JSON with a 4xx', async () => {
      const deep = `{"entities":[{"id":${rec},"fields":{"notes":${'['.repeat(50_000)}${']'.repeat(50_000)}}}]}`;
      expectClientError(await t.admin.request('POST', PUT, deep, json));
      const deepObj = `{"entities":[{"id":${rec},"fields":{"notes":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}}]}`;
      expectClientError(await t.admin.request('POST', PUT, deepObj, json));
    });
  });

  describe('routes', () => {
    it('answers an unknown route with a JSON 404', async () => {
      for (const [method, url] of [
        ['GET', '/api/nothing'],
        ['GET', '/auth/nothing'],
        ['GET', '/spapi/data/v1/nothing'],
        ['POST', '/spapi/data/v1/entity'],
        ['PUT', PUT],
        ['GET', '/spapi/data/v9/entity/1'],
      ] as const) {
        const res = await t.admin.request(method, url, method === 'GET' ? undefined : {});
        expectClientError(res, 404);
        expect(res.body.error.code).toBe('not_found');
      }
    });

    it('answers a record path that is not an id or alias with 400', async () => {
      for (const ref of ["x'or'1'='1", '1;drop', '-1', '1.5', '%00', 'a%20b']) {
        expectClientError(await t.admin.get(`/spapi/data/v1/entity/${ref}`), 400);
      }
      expectClientError(await t.admin.request('DELETE', '/spapi/data/v1/entity/abc'), 400);
      expectClientError(await t.admin.request('PATCH', '/spapi/data/v1/entity/put', {}), 400);
      expectClientError(await t.admin.request('DELETE', '/spapi/data/v1/entity/-5'), 400);
    });

    it('answers an address that does not decode, or a part too long, with the JSON error shape', async () => {
      for (const url of [
        '/spapi/data/v1/entity/%E0%A4%A',
        '/spapi/data/v1/entity/%',
        '/spapi/data/v1/schema/type/%ZZ',
      ]) {
        expectClientError(await t.admin.get(url), 400);
      }
      // A GET may fall through to the web app's catch-all route, which answers API paths with a JSON 404.
      const long = await t.admin.get(`/spapi/data/v1/entity/${'9'.repeat(500)}`);
      expectClientError(long);
      expect([404, 414]).toContain(long.status);
      expectClientError(await t.admin.request('DELETE', `/spapi/data/v1/entity/${'1'.repeat(500)}`), 414);
    });

    it('answers ids out of range with a 4xx, never 500', async () => {
      for (const ref of ['99999999999999999999', '9'.repeat(200), '9223372036854775808']) {
        expectClientError(await t.admin.get(`/spapi/data/v1/entity/${ref}`));
        expectClientError(await t.admin.request('DELETE', `/spapi/data/v1/entity/${ref}`));
      }
      for (const id of [1e20, 2 ** 63, Number.MAX_SAFE_INTEGER + 2]) {
        expectClientError(await t.admin.post('/spapi/data/v1/entity/query', { ids: [id] }));
        expectClientError(await t.admin.post('/spapi/data/v1/entity/delete', { ids: [id] }));
        expectClientError(await t.admin.post('/spapi/data/v1/entity/deleteDetails', { ids: [id] }));
        expectClientError(await t.admin.put([{ id, fields: { notes: 'x' } }]));
      }
    });
  });

  describe('hostile field queries', () => {
    const hostile = [
      'name, [unclosed',
      '[',
      ']',
      'name,',
      ',',
      'name..name',
      '.'.repeat(10_000),
      `name${'.'.repeat(9_990)}`,
      `${'a.'.repeat(4_999)}a`,
      'x'.repeat(10_001),
      "name'; DROP TABLE entities; --",
      'name" OR 1=1 --',
      '[name]]; DELETE FROM entities; --]',
      'notes) UNION SELECT password_hash FROM credentials --',
      '#1 OR 1=1',
      'isOfType.name; DROP TABLE tenants',
      'name.name',
      'isOfType.nothing',
      '[]',
    ];

    it.each(hostile.map((q) => [q.length > 60 ? `${q.slice(0, 40)}… (${q.length} chars)` : q, q]))(
      'answers %s with a 4xx',
      async (_label, q) => {
        expectClientError(await t.admin.read(rec, q));
        expectClientError(await t.admin.post('/spapi/data/v1/entity/query', { ids: [rec], query: q }));
        expectClientError(await t.admin.post('/spapi/data/v1/entity/ofType', { typeId: account, query: q }));
      },
    );

    it('answers hostile aliases, type ids and filters with a 4xx and leaves the tables intact', async () => {
      const before = await tablesIntact();
      for (const alias of [
        "core:type' OR '1'='1",
        'core:type;DROP TABLE entities',
        "x:y') --",
        `core:${'x'.repeat(300)}`,
      ]) {
        expectClientError(await t.admin.post('/spapi/data/v1/entity/query', { ids: [alias] }));
        expectClientError(await t.admin.post('/spapi/data/v1/entity/ofType', { typeId: alias }));
        expectClientError(await t.admin.get(`/spapi/data/v1/entity/${encodeURIComponent(alias)}`));
        expectClientError(await t.admin.get(`/spapi/data/v1/schema/type/${encodeURIComponent(alias)}`));
        expectClientError(
          await t.admin.put([{ id: 'new:x', typeId: alias, fields: { name: 'x' } } as never]),
        );
      }
      for (const key of ["name' OR 1=1 --", 'notes"); DROP TABLE entities; --', '#999999', '[name]']) {
        expectClientError(
          await t.admin.post('/spapi/data/v1/entity/ofType', { typeId: account, filter: { [key]: 'x' } }),
        );
      }
      // A hostile value is only a value: it matches nothing.
      const v = await t.admin.post('/spapi/data/v1/entity/ofType', {
        typeId: account,
        filter: { notes: "x' OR '1'='1", name: "Acme' --" },
      });
      expect(v.status).toBe(200);
      expect(v.body.entities).toEqual([]);
      expect(await tablesIntact()).toBe(before);
      expect((await t.admin.read(rec, 'name')).body.name).toBe('Acme');
    });
  });

  describe('authentication comes first', () => {
    it('answers an anonymous call with 401 whatever its body', async () => {
      const anon = new Client(t.app, {});
      const json = { 'content-type': 'application/json' };
      expectClientError(await anon.post(PUT, { entities: [] }), 401);
      expectClientError(await anon.post(PUT, { nonsense: true }), 401);
      expectClientError(await anon.request('POST', PUT, '{"broken', json), 401);
      expectClientError(
        await anon.get(`/spapi/data/v1/entity/${rec}?query=${encodeURIComponent('[unclosed')}`),
        401,
      );
      expectClientError(await anon.get('/spapi/data/v1/entity/not-an-id'), 401);
      expectClientError(await new Client(t.app, { bearer: 'plt_nope' }).post(PUT, { nonsense: true }), 401);
    });
  });

  describe('service endpoints', () => {
    it('answers /health with 200 {status: ok}', async () => {
      const anon = new Client(t.app, {});
      const res = await anon.get('/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('serves the OpenAPI 3 document at /api/docs with the entity and auth paths', async () => {
      const res = await new Client(t.app, {}).get('/api/docs');
      expect(res.status).toBe(200);
      const doc = res.body;
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.title).toBeTruthy();
      const paths = Object.keys(doc.paths);
      for (const p of [
        '/spapi/data/v1/entity/put',
        '/spapi/data/v1/entity/query',
        '/spapi/data/v1/entity/ofType',
        '/spapi/data/v1/entity/deleteDetails',
        '/spapi/data/v1/entity/delete',
        '/spapi/data/v1/entity/{idOrAlias}',
        '/spapi/data/v1/entity/{id}',
        '/auth/login',
        '/auth/logout',
        '/auth/me',
        '/spapi/data/v1/apiTokens',
        '/spapi/data/v1/apiTokens/{id}',
      ]) {
        expect(paths, p).toContain(p);
      }
      expect(
        doc.paths['/spapi/data/v1/entity/put'].post.requestBody.content['application/json'].schema,
      ).toBeTruthy();
      expect(doc.paths['/spapi/data/v1/entity/{id}'].delete).toBeTruthy();
      expect(doc.paths['/auth/login'].post.requestBody).toBeTruthy();
      expect(paths).not.toContain('/health');
    });
  });
});
