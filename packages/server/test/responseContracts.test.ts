import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { withPreparedJson } from '../src/http/preparedJson.js';
import { validatesResponsesByDefault } from '../src/http/responseSerializer.js';
import { createReport, fieldColumn, putRecords } from './reports/reportSupport.js';
import { defineType } from './support/crmSchema.js';
import { Client, startTestApp, type TestApp } from './support/testApp.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** A route whose answer is whatever the test asks for, under a small contract. */
function addProbe(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/test/probe',
    {
      schema: {
        body: z.object({ answer: z.unknown() }),
        response: { 200: z.object({ n: z.number(), note: z.string().optional() }) },
      },
    },
    async (request) => request.body.answer as { n: number },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/test/prepared',
    {
      schema: {
        body: z.object({ answer: z.object({ n: z.number() }), json: z.string() }),
        response: { 200: z.object({ n: z.number() }) },
      },
    },
    async (request) => withPreparedJson(request.body.answer, request.body.json),
  );
}

/**
 * Issue 15 item 2, decision 0055: answers are checked against their zod contracts in tests and
 * written by JSON.stringify alone in production.
 */
describe('answers and their contracts', () => {
  let t: TestApp;
  let production: FastifyInstance;
  let testing: FastifyInstance;
  let byDefault: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    production = await buildApp(t.services, { validateResponses: false });
    testing = await buildApp(t.services, { validateResponses: true });
    byDefault = await buildApp(t.services);
    for (const app of [production, testing, byDefault]) addProbe(app);
  });
  afterAll(async () => {
    for (const app of [production, testing, byDefault]) await app?.close();
    await t?.close();
  });

  const probe = (app: FastifyInstance, answer: unknown) =>
    app.inject({ method: 'POST', url: '/test/probe', payload: { answer } });

  it('sends an answer within its contract alike in both modes', async () => {
    for (const app of [production, testing]) {
      const res = await probe(app, { n: 1, note: 'x' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"n":1,"note":"x"}');
    }
  });

  it('in tests, fails an answer that breaks its contract', async () => {
    const res = await probe(testing, { n: 'one' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
  });

  it('in tests, fails an answer holding a member its contract would drop', async () => {
    const res = await probe(testing, { n: 1, secret: 'hash' });
    expect(res.statusCode).toBe(500);
  });

  it('in production, writes the answer without checking it', async () => {
    const res = await probe(production, { n: 'one' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"n":"one"}');
  });

  it('checks answers under the test runner unless told otherwise', async () => {
    expect(validatesResponsesByDefault()).toBe(true);
    expect(validatesResponsesByDefault({})).toBe(false);
    expect(validatesResponsesByDefault({ NODE_ENV: 'production' })).toBe(false);
    expect((await probe(byDefault, { n: 'one' })).statusCode).toBe(500);
  });

  it('sends JSON written ahead as it was written, and in tests checks it is the answer', async () => {
    const prepared = (app: FastifyInstance, json: string) =>
      app.inject({ method: 'POST', url: '/test/prepared', payload: { answer: { n: 1 }, json } });
    expect((await prepared(production, '{"n":1}')).body).toBe('{"n":1}');
    expect((await prepared(testing, '{"n":1}')).body).toBe('{"n":1}');
    expect((await prepared(testing, '{"n":2}')).statusCode).toBe(500);
  });

  it('answers a report run byte for byte alike in both modes', async () => {
    const type = await defineType(t.admin, 'Thing', [{ name: 'Amount', script: 'amount', type: 'Currency' }]);
    await putRecords(t.admin, [{ id: 'new:a', typeId: type.typeId, fields: { name: 'a', amount: 3 } }]);
    const report = await createReport(t.admin, {
      rootTypeId: type.typeId,
      columns: [fieldColumn('name', 100), fieldColumn('amount', type.fieldIds.amount!)],
    });
    const bodies = [];
    // Run, then answered from the kept answer with its JSON written ahead (decision 0144).
    for (const app of [production, production, testing]) {
      const res = await new Client(app, t.admin.auth).post(`/spapi/data/v1/report/${report}`, {});
      expect(res.status).toBe(200);
      bodies.push(JSON.stringify({ ...res.body, lrt: undefined }));
    }
    expect(new Set(bodies).size).toBe(1);
  });
});
