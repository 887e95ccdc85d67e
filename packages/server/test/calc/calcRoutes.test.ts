import { functionCatalogue } from '@plinth/calc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompileCache } from '../../src/calc/compileCache.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import { type SalesSchema, salesSchema } from './calcSupport.js';

const COMPILE = '/spapi/data/v1/calceditor/compile';
const EVAL = '/spapi/data/v1/calceditor/eval';

describe.each(engines)('calculation calls on %s', (engine) => {
  let t: TestApp;
  let s: SalesSchema;

  beforeAll(async () => {
    t = await startTestApp(engine);
    s = await salesSchema(t);
  });
  afterAll(() => t.close());

  describe('compile', () => {
    it('answers the result type, messages, flags and dynamic type', async () => {
      const res = await t.admin.post(COMPILE, {
        expr: "iif([Qty] > @Limit, 'Bulk', [customer].Name)",
        context: s.order,
        host: 'Evaluate',
        params: [{ name: 'Limit', type: 'Int32', isList: false, dynamicType: true }],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        resultType: 'String',
        entityTypeId: null,
        isList: false,
        error: null,
        warning: null,
        messages: [],
        calcFlags: {
          usesContext: true,
          usesClock: false,
          readsOtherRecords: false,
          parameters: ['Limit'],
          fieldIds: expect.arrayContaining([s.fields.qty, 100]),
          relationshipIds: [s.customerRel],
        },
        dynamicType: true,
      });
    });

    it('answers records with their type, and parameters typed by their expression', async () => {
      const res = await t.admin.post(COMPILE, {
        expr: '[Orders] where [Qty] > 2',
        host: 'Evaluate',
        params: [{ name: '[Orders]', expr: 'all([Order])' }],
      });
      expect(res.body).toMatchObject({
        resultType: 'Entity',
        isList: true,
        entityTypeId: s.order,
        error: null,
      });
      const asAlias = await t.admin.post(COMPILE, { expr: '[customer]', context: 'test:Order' });
      expect(asAlias.body).toMatchObject({ resultType: 'Entity', isList: false, entityTypeId: s.customer });
    });

    it("answers the contract's Empty expression for an empty or blank expression", async () => {
      for (const expr of ['', '   ', '/* only a comment */']) {
        const res = await t.admin.post(COMPILE, { expr });
        expect(res.status).toBe(200);
        expect(res.body.error).toBe('Empty expression');
        expect(res.body.messages).toEqual([
          { msgType: 'Error', message: 'Empty expression', location: { line: 1, col: 1, length: 0 } },
        ]);
      }
    });

    it('locates a syntax error, and a name error over the whole name', async () => {
      const syntax = await t.admin.post(COMPILE, { expr: '1 +\n  * 2' });
      expect(syntax.body.error).toBe('Invalid script syntax.');
      expect(syntax.body.messages[0]).toEqual({
        msgType: 'Error',
        message: 'Invalid script syntax.',
        location: { line: 2, col: 3, length: 1 },
      });
      const name = await t.admin.post(COMPILE, { expr: '[Qty] + [Nope]', context: s.order });
      expect(name.body.messages).toEqual([
        {
          msgType: 'Error',
          message: "'Nope' is not a recognised field, relationship or variable.",
          location: { line: 1, col: 9, length: 6 },
        },
      ]);
    });

    it('answers warnings, the expected result type and host restrictions', async () => {
      const warn = await t.admin.post(COMPILE, { expr: '[Qty] / 0', context: s.order });
      expect(warn.body).toMatchObject({ error: null, warning: 'Division by zero', resultType: 'Decimal' });
      const expected = await t.admin.post(COMPILE, {
        expr: '[Qty]',
        context: s.order,
        expectedResultType: { type: 'String' },
      });
      expect(expected.body.error).toBe('Result was of type Int32 but needed to be String.');
      const report = await t.admin.post(COMPILE, { expr: 'any(all([Order]).Qty > 1)', host: 'Report' });
      expect(report.body.error).toBe("'any' is unavailable in reports.");
      const bad = await t.admin.post(COMPILE, { expr: '1', host: 'Nowhere' });
      expect(bad.status).toBe(400);
    });

    it('with calcFieldId, compiles in the field’s type and reports a cycle it would close', async () => {
      const a = await t.admin.put([
        {
          id: 'new:f',
          typeId: 'core:field',
          fields: {
            name: 'Doubled',
            fieldScriptName: 'doubled',
            fieldType: 'Calculation',
            fieldCalculation: '[Qty] * 2',
          },
          relationships: { fieldIsOnType: { set: [s.order] } },
        },
      ]);
      const b = await t.admin.put([
        {
          id: 'new:f',
          typeId: 'core:field',
          fields: {
            name: 'Quad',
            fieldScriptName: 'quad',
            fieldType: 'Calculation',
            fieldCalculation: '[Doubled] * 2',
          },
          relationships: { fieldIsOnType: { set: [s.order] } },
        },
      ]);
      const doubled = a.body.ids['new:f'];
      expect(b.status).toBe(200);
      const ok = await t.admin.post(COMPILE, { expr: '[Qty] * 3', calcFieldId: doubled });
      expect(ok.body).toMatchObject({ error: null, resultType: 'Int32' });
      const cycle = await t.admin.post(COMPILE, { expr: '[Quad] + 1', calcFieldId: doubled });
      expect(cycle.body.error).toBe(
        'Calculated fields cannot refer to each other in a cycle: Doubled → Quad → Doubled.',
      );
    });

    it('caches answers per tenant and metamodel version for 30 seconds, swept every 10', async () => {
      let now = 0;
      const cache = new CompileCache<string>(() => now, 30_000, 60_000);
      const key = CompileCache.key(1, 5, { expr: '1' });
      cache.set(key, 'answer');
      expect(cache.get(key)).toBe('answer');
      expect(cache.get(CompileCache.key(1, 6, { expr: '1' }))).toBeUndefined();
      expect(cache.get(CompileCache.key(2, 5, { expr: '1' }))).toBeUndefined();
      // The metamodel's version is the schema object the request carries, numbered once.
      const schema = {};
      expect(CompileCache.schemaVersion(schema)).toBe(CompileCache.schemaVersion(schema));
      expect(CompileCache.schemaVersion({})).not.toBe(CompileCache.schemaVersion(schema));
      now = 29_999;
      expect(cache.get(key)).toBe('answer');
      now = 30_000;
      cache.sweep();
      expect(cache.size).toBe(0);
      cache.close();
      // A metamodel change is seen at once: the new field compiles right after it is added.
      const before = await t.admin.post(COMPILE, { expr: '[Colour]', context: s.customer });
      expect(before.body.error).toMatch(/not a recognised/);
      await t.admin.put([
        {
          id: 'new:f',
          typeId: 'core:field',
          fields: { name: 'Colour', fieldScriptName: 'colour', fieldType: 'Text' },
          relationships: { fieldIsOnType: { set: [s.customer] } },
        },
      ]);
      const after = await t.admin.post(COMPILE, { expr: '[Colour]', context: s.customer });
      expect(after.body).toMatchObject({ error: null, resultType: 'String' });
    });

    it('needs a signed-in caller', async () => {
      const res = await t.app.inject({ method: 'POST', url: COMPILE, payload: { expr: '1' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('eval', () => {
    it('evaluates on a record with parameters, exact decimals and records as { id, name }', async () => {
      const res = await t.admin.post(EVAL, {
        expr: "$'{[Name]} for {[customer].Name}: {[Qty] * [Unit Price] + @Extra}'",
        context: s.ids.o1,
        params: [{ name: 'Extra', type: 'Decimal', value: '0.1' }],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        value: 'O-1 for Acme: 7.6',
        resultType: 'String',
        isList: false,
        entityTypeId: null,
        error: null,
      });
      const records = await t.admin.post(EVAL, {
        expr: '@Picked where [Qty] >= 3',
        params: [
          {
            name: 'Picked',
            type: 'Entity',
            isList: true,
            entityTypeId: s.order,
            entityIds: [s.ids.o1, s.ids.o2, s.ids.o3],
          },
        ],
      });
      expect(records.body).toEqual({
        value: [
          { id: s.ids.o1, name: 'O-1' },
          { id: s.ids.o2, name: 'O-2' },
        ],
        resultType: 'Entity',
        isList: true,
        entityTypeId: s.order,
        error: null,
      });
    });

    it('evaluates a parameter given as an expression when it has no value', async () => {
      const res = await t.admin.post(EVAL, {
        expr: '@Double + 1',
        context: s.ids.o2,
        params: [{ name: 'Double', expr: '[Qty] * 2' }],
      });
      expect(res.body).toMatchObject({ value: 21, resultType: 'Int32', error: null });
    });

    it('gives date-times in ISO 8601, or as wall-clock text when useIso8601 is false', async () => {
      const iso = await t.admin.post(EVAL, { expr: 'now()' });
      expect(iso.body.value).toBe('2026-03-15T01:30:00.000Z');
      const local = await t.admin.post(EVAL, { expr: 'now()', useIso8601: false });
      expect(local.body.value).toBe('2026-03-15 01:30:00');
    });

    it('answers compile and evaluation errors in error', async () => {
      const empty = await t.admin.post(EVAL, { expr: '' });
      expect(empty.body).toMatchObject({ value: null, error: 'Empty expression' });
      const syntax = await t.admin.post(EVAL, { expr: '1 +' });
      expect(syntax.body.error).toBe('Invalid script syntax.');
    });

    it('answers 403 for a context record the caller cannot read (or that does not exist)', async () => {
      const hidden = await s.orderReader.post(EVAL, { expr: '[Name]', context: s.ids.c1 });
      expect(hidden.status).toBe(403);
      const missing = await s.orderReader.post(EVAL, { expr: '[Name]', context: 987_654 });
      expect(missing.status).toBe(403);
      expect(missing.body).toEqual(hidden.body);
      const param = await s.orderReader.post(EVAL, {
        expr: '@C',
        params: [{ name: 'C', type: 'Entity', entityTypeId: s.customer, entityId: s.ids.c1 }],
      });
      expect(param.status).toBe(403);
    });

    it('never reads a record the caller cannot: all(), resource() and relationships skip them', async () => {
      const all = await s.orderReader.post(EVAL, { expr: 'count(all(Customer))' });
      expect(all.body.value).toBe(0);
      expect((await t.admin.post(EVAL, { expr: 'count(all(Customer))' })).body.value).toBe(2);
      const byName = await s.orderReader.post(EVAL, { expr: "resource(Customer, 'Acme') is null" });
      expect(byName.body.value).toBe(true);
      const rel = await s.orderReader.post(EVAL, { expr: '[customer].Name', context: s.ids.o1 });
      expect(rel.body).toMatchObject({ value: null, error: null });
      const own = await s.orderReader.post(EVAL, { expr: '[Qty]', context: s.ids.o1 });
      expect(own.body.value).toBe(3);
    });
  });

  describe('evalExpressions', () => {
    it('v1 evaluates named expressions on a record', async () => {
      const res = await t.admin.post('/spapi/data/v1/calcEngine/evalExpressions', {
        contextEntity: s.ids.o1,
        expressions: { visible: '[Qty] > 2', readOnly: "[customer].Region = 'South'", broken: '[Qty] +' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        visible: { value: true, resultType: 'Bool', isList: false, entityTypeId: null, error: null },
        readOnly: { value: false, resultType: 'Bool', isList: false, entityTypeId: null, error: null },
        broken: {
          value: null,
          resultType: 'None',
          isList: false,
          entityTypeId: null,
          error: 'Invalid script syntax.',
        },
      });
    });

    it('v2 takes parameters too, and works without a record', async () => {
      const res = await t.admin.post('/spapi/data/v2/calcEngine/evalExpressions', {
        expressions: { big: '@Amount > 100', sum: '@Amount + 1' },
        params: [{ name: 'Amount', type: 'Currency', value: '150.25' }],
      });
      expect(res.body.big.value).toBe(true);
      expect(res.body.sum).toMatchObject({ value: '151.25', resultType: 'Currency' });
    });

    it('answers 403 for a record the caller cannot read', async () => {
      const res = await s.orderReader.post('/spapi/data/v1/calcEngine/evalExpressions', {
        contextEntity: s.ids.c2,
        expressions: { x: '[Name]' },
      });
      expect(res.status).toBe(403);
    });
  });

  describe('function help and snippets', () => {
    it('lists every function with its help, and the fields and relationships of a type', async () => {
      const res = await t.admin.get(`/spapi/data/v1/calceditor/functions?entityTypeId=${s.order}`);
      expect(res.status).toBe(200);
      const iif = res.body.functions.find((f: { name: string }) => f.name === 'iif');
      expect(iif).toEqual({
        name: 'iif',
        aliases: ['if'],
        category: 'General',
        signatures: ['iif(condition: Bool, then: Any, else: Any): Any'],
        description:
          'The second value when the condition is true, else the third (a null condition counts as false).',
        example: "iif([Qty] > 10, 'Bulk', 'Single')",
        exampleResult: "'Bulk'",
        evaluateOnly: false,
      });
      // What the editor's Functions popup needs, for every function of the registry.
      expect(res.body.functions).toHaveLength(functionCatalogue.length);
      for (const f of res.body.functions) {
        expect(f.category, f.name).toMatch(
          /^(General|Data|Math|Text|Date and time|Aggregate|List|Encoding)$/,
        );
        expect(f.signatures.length, f.name).toBeGreaterThan(0);
        expect(f.description, f.name).toMatch(/\.$/);
        expect(f.example, f.name).not.toBe('');
        expect(f.exampleResult, f.name).not.toBe('');
      }
      expect(res.body.fields).toContainEqual({
        id: 100,
        name: 'Name',
        scriptName: 'name',
        type: 'String',
        isCalculated: false,
      });
      expect(res.body.fields).toContainEqual(
        expect.objectContaining({ name: 'Unit Price', type: 'Decimal' }),
      );
      expect(res.body.relationships).toContainEqual({
        id: s.customerRel,
        name: 'customer',
        direction: 'fwd',
        toTypeId: s.customer,
        isList: false,
      });
      const bare = await t.admin.get('/spapi/data/v1/calceditor/functions');
      expect(bare.body.fields).toEqual([]);
      expect((await t.admin.get('/spapi/data/v1/calceditor/functions?entityTypeId=999999')).status).toBe(400);
    });

    it('lists the System snippets', async () => {
      const res = await t.admin.get('/spapi/data/v1/calceditor/snippets');
      expect(res.body.group).toBe('System');
      expect(res.body.snippets.map((x: { text: string }) => x.text)).toContain('[Phone] is null');
    });

    it('documents the calls in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
      for (const path of [
        '/spapi/data/v1/calceditor/compile',
        '/spapi/data/v1/calceditor/eval',
        '/spapi/data/v1/calcEngine/evalExpressions',
        '/spapi/data/v2/calcEngine/evalExpressions',
        '/spapi/data/v1/calceditor/functions',
        '/spapi/data/v1/calceditor/snippets',
        '/spapi/data/v1/featureFlags',
        '/aiApi/data/v1/AiCalculation/describe',
        '/aiApi/data/v1/AiCalculation/generate',
      ])
        expect(doc.paths[path], path).toBeDefined();
    });
  });
});
