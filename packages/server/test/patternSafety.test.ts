import { sysField } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Issue 14, item 3: a field pattern cannot freeze the server. Patterns run in RE2 (linear time),
 * and one RE2 cannot run is refused when the field is saved (decision 0041).
 */
describe.each(engines)('field patterns cannot freeze the server on %s', (engine) => {
  let t: TestApp;
  let typeId: number;
  let fieldIds: Record<string, number>;

  beforeAll(async () => {
    t = await startTestApp(engine);
    ({ typeId, fieldIds } = await defineType(t.admin, 'Coded', [
      { name: 'Code', script: 'code', type: 'Text', pattern: '(a+)+', regexDescription: 'Only a.' },
      { name: 'Notes', script: 'notes', type: 'MultilineText', pattern: '(.*a){20}' },
    ]));
  });
  afterAll(() => t.close());

  it('checks (a+)+ against 31 and 999 characters at once, and /health answers meanwhile', async () => {
    const started = performance.now();
    const saves = [30, 998].map((n) =>
      t.admin.put([{ id: 'new:c', typeId, fields: { name: 'c', code: `${'a'.repeat(n)}b` } }]),
    );
    const health = t.app.inject({ method: 'GET', url: '/health' });
    const [bad30, bad1000] = await Promise.all(saves);
    expect((await health).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
    for (const res of [bad30!, bad1000!]) {
      expect(res.status).toBe(400);
      expect(res.body.error.details.errors).toEqual([
        { id: 'new:c', member: 'code', message: 'Invalid format. Only a.' },
      ]);
    }
    const good = await t.admin.put([{ id: 'new:c', typeId, fields: { name: 'c', code: 'a'.repeat(30) } }]);
    expect(good.status).toBe(200);
  });

  it('checks a catastrophic pattern against a 100,000-character value in linear time', async () => {
    const started = performance.now();
    const res = await t.admin.put([
      { id: 'new:n', typeId, fields: { name: 'n', notes: `${'a'.repeat(99_990)}!` } },
    ]);
    expect(res.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it.each([
    ['a back-reference', '(\\w)\\1', /back-references/],
    ['a look-ahead', '(?=\\d)\\w+', /look-ahead and look-behind/],
    ['an invalid pattern', '([a-z]', /not a valid regular expression/],
  ])('refuses %s when the field is saved, with a clear message', async (_label, pattern, reason) => {
    const res = await t.admin.put([{ id: fieldIds.code!, fields: { pattern } }]);
    expect(res.status).toBe(400);
    const [error] = res.body.error.details.errors;
    expect(error).toMatchObject({ id: fieldIds.code, member: 'pattern' });
    expect(error.message).toMatch(/^The pattern cannot be used: /);
    expect(error.message).toMatch(reason);
    expect((await t.admin.read(fieldIds.code!, 'pattern')).body.pattern).toBe('(a+)+');
  });

  it('keeps saving other changes of a field whose old pattern it would now refuse', async () => {
    // An older release could store a back-reference; renaming the field must still work.
    const { fieldIds: old } = await defineType(t.admin, 'Legacy', [
      { name: 'Ref', script: 'ref', type: 'Text' },
    ]);
    await t.services.db
      .updateTable('entities')
      .set({ data: JSON.stringify({ ...(await fieldData(old.ref!)), [String(sysField.pattern)]: '(a)\\1' }) })
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', old.ref!)
      .execute();
    const res = await t.admin.put([{ id: old.ref!, fields: { name: 'Reference' } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  async function fieldData(id: number): Promise<Record<string, unknown>> {
    const row = await t.services.db
      .selectFrom('entities')
      .select('data')
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return typeof row.data === 'string' ? JSON.parse(row.data) : (row.data as Record<string, unknown>);
  }
});
