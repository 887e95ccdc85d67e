import { changedSinceReadMessage, requiredMessage, saveModifiedResponse } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

const entity = (id: number) => `/spapi/data/v1/entity/${id}`;

/**
 * Lost updates (issue 12, decision 0032): a single record read by its address answers its version
 * as an ETag; a change by its address needs it back in If-Match (428 without, 412 when stale); a
 * delete checks it when sent; batches keep the body's version; inline saves answer a stale record
 * with its version now; report rows carry the version their cells were read at.
 */
describe.each(engines)('record versions on %s', (engine) => {
  let t: TestApp;
  let item: number;
  let f: Record<string, number>;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const defined = await defineType(t.admin, 'Item', [
      { name: 'Note', script: 'note', type: 'Text' },
      { name: 'Amount', script: 'amount', type: 'Currency', isRequired: true, minDecimal: 0 },
    ]);
    item = defined.typeId;
    f = defined.fieldIds;
  });
  afterAll(() => t.close());

  let seq = 0;
  const fresh = async () => {
    const key = `new:i${++seq}`;
    const res = await t.admin.put([{ id: key, typeId: item, fields: { name: `Item ${seq}`, amount: 1000 } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.ids[key] as number, name: `Item ${seq}` };
  };
  const patch = (id: number, body: unknown, ifMatch?: string) =>
    t.admin.request('PATCH', entity(id), body, ifMatch === undefined ? {} : { 'if-match': ifMatch });
  const stored = async (id: number) => (await t.admin.read(id, 'note, amount')).body;

  it('answers the version of a record read by its address as its ETag', async () => {
    const { id } = await fresh();
    expect((await t.admin.read(id)).headers.etag).toBe('"1"');
    expect((await t.admin.put([{ id, fields: { note: 'two' } }])).status).toBe(200);
    expect((await t.admin.read(id, 'note')).headers.etag).toBe('"2"');
  });

  it('changes a record whose If-Match is its version, answering the new one as ETag', async () => {
    const { id } = await fresh();
    const res = await patch(id, { fields: { note: 'mine' } }, '"1"');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id, version: 2 });
    expect(res.headers.etag).toBe('"2"');
    expect(await stored(id)).toMatchObject({ note: 'mine', version: 2 });
    // A weak tag, a list holding the version and `*` match too.
    expect((await patch(id, { fields: { note: 'weak' } }, 'W/"2"')).status).toBe(200);
    expect((await patch(id, { fields: { note: 'list' } }, '"1", "3"')).status).toBe(200);
    expect((await patch(id, { fields: { note: 'any' } }, '*')).status).toBe(200);
    expect(await stored(id)).toMatchObject({ note: 'any', version: 5 });
  });

  it('refuses a stale If-Match with 412 in the JSON error shape, naming the record, and writes nothing', async () => {
    const { id, name } = await fresh();
    expect((await patch(id, { fields: { note: 'first' } }, '"1"')).status).toBe(200);
    const second = await patch(id, { fields: { note: 'second' } }, '"1"');
    expect(second.status).toBe(412);
    expect(second.body).toEqual({
      error: {
        code: 'precondition_failed',
        message: `'${name}' was changed by someone else after it was read. Read it again and retry.`,
        details: { id, version: 2 },
      },
    });
    expect(await stored(id)).toMatchObject({ note: 'first', version: 2 });
    // A tag that is no version matches nothing.
    expect((await patch(id, { fields: { note: 'x' } }, 'abc')).status).toBe(412);
    expect((await patch(id, { fields: { note: 'x' } }, '"2x"')).status).toBe(412);
    expect(await stored(id)).toMatchObject({ note: 'first', version: 2 });
  });

  it('refuses a change by address without If-Match with 428 and writes nothing', async () => {
    const { id } = await fresh();
    const res = await patch(id, { fields: { note: 'blind' } });
    expect(res.status).toBe(428);
    expect(res.body.error).toEqual({
      code: 'precondition_required',
      message: 'Send the version you read as If-Match (the ETag of the record) to change it.',
    });
    expect(await stored(id)).toMatchObject({ note: null, version: 1 });
  });

  it('answers a change by address with the put’s refusals: invalid values 400, a missing record 404', async () => {
    const { id } = await fresh();
    const cleared = await patch(id, { fields: { amount: null } }, '"1"');
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.details.errors).toEqual([{ id, member: 'amount', message: requiredMessage }]);
    expect(await stored(id)).toMatchObject({ amount: 1000, version: 1 });
    expect((await patch(id, { id: 5, fields: {} }, '"1"')).status).toBe(400);
    expect((await patch(987_654_321, { fields: { note: 'x' } }, '"1"')).status).toBe(404);
  });

  it('checks If-Match on a delete by address when sent', async () => {
    const { id } = await fresh();
    expect((await t.admin.put([{ id, fields: { note: 'changed' } }])).status).toBe(200);
    const stale = await t.admin.request('DELETE', entity(id), undefined, { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('precondition_failed');
    expect((await t.admin.read(id)).status).toBe(200);
    const current = await t.admin.request('DELETE', entity(id), undefined, { 'if-match': '"2"' });
    expect(current.status).toBe(200);
    expect((await t.admin.read(id)).status).toBe(404);
    // Without If-Match a delete by address goes ahead, as before.
    const other = await fresh();
    expect((await t.admin.request('DELETE', entity(other.id))).status).toBe(200);
  });

  it('refuses a stale version in a batch put with 412 naming the record', async () => {
    const { id, name } = await fresh();
    expect((await t.admin.put([{ id, version: 1, fields: { note: 'a' } }])).status).toBe(200);
    const res = await t.admin.put([{ id, version: 1, fields: { note: 'b' } }]);
    expect(res.status).toBe(412);
    expect(res.body.error.message).toContain(`'${name}' was changed by someone else`);
    expect(await stored(id)).toMatchObject({ note: 'a', version: 2 });
  });

  it('gives report rows the version their cells were read at', async () => {
    const { id } = await fresh();
    await t.admin.put([{ id, fields: { note: 'again' } }]);
    const report = await t.admin.post(`/spapi/data/v1/report/type/${item}/display`, { pageSize: 100 });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.gdata.find((r: { eid: number }) => r.eid === id)).toMatchObject({
      eid: id,
      version: 2,
    });
  });

  describe('inline saves', () => {
    const save = (records: unknown) => t.admin.post('/spapi/data/v1/entity/saveModified', { records });

    it('refuses the second of two saves from the same version, keeping the first, and answers the version now', async () => {
      const { id } = await fresh();
      const first = await save([{ id, version: 1, fields: { amount: 2000 } }]);
      expect(first.body.results[0]).toMatchObject({ validationResults: [], version: 2 });
      const second = saveModifiedResponse.parse(
        (await save([{ id, version: 1, fields: { amount: 3000 } }])).body,
      );
      expect(second.results[0]).toEqual({
        entityId: id,
        validationResults: [{ id: -1, isReverse: false, errors: [changedSinceReadMessage] }],
        currentVersion: 2,
      });
      expect(await stored(id)).toMatchObject({ amount: 2000, version: 2 });
      // Sent again with the version now, the edit replaces the other one, knowingly.
      const again = await save([{ id, version: 2, fields: { amount: 3000 } }]);
      expect(again.body.results[0]).toMatchObject({ validationResults: [], version: 3 });
      expect(await stored(id)).toMatchObject({ amount: 3000, version: 3 });
    });

    it('refuses a cleared required value and stores no default for it', async () => {
      const { id } = await fresh();
      for (const amount of [null, '']) {
        const res = await save([{ id, version: 1, fields: { [`#${f.amount}`]: amount } }]);
        expect(res.body.results[0].validationResults).toEqual([
          { id: f.amount, isReverse: false, errors: [requiredMessage] },
        ]);
      }
      expect(await stored(id)).toMatchObject({ amount: 1000, version: 1 });
    });
  });
});
