import type { EntityChange } from '@plinth/schema';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Answer, Client, TestApp } from '../support/testApp.js';

/** A report definition as stored (the test writes the JSON a builder would). */
export type Definition = Record<string, unknown> & { rootTypeId: number; columns: unknown[] };

export const fieldColumn = (id: string, fieldId: number, path: unknown[] = []) => ({
  id,
  kind: 'field',
  fieldId,
  ...(path.length ? { path } : {}),
});
export const relColumn = (
  id: string,
  relId: number,
  direction: 'fwd' | 'rev' = 'fwd',
  path: unknown[] = [],
) => ({
  id,
  kind: 'relationship',
  relId,
  direction,
  ...(path.length ? { path } : {}),
});

/** Stores a `core:report` record holding the definition and answers its id. */
export async function createReport(client: Client, def: Definition, name = 'Test report'): Promise<number> {
  const res = await client.put([
    {
      id: 'new:r',
      typeId: 'core:report',
      fields: { name, reportDefinition: JSON.stringify({ version: 1, ...def }) },
    },
  ]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ids['new:r'] as number;
}

/** Runs a stored report. */
export function runReport(client: Client, reportId: number | string, query: Record<string, unknown> = {}) {
  return client.post(`/spapi/data/v1/report/${reportId}`, query);
}

/** Runs a report, expects 200 and answers the body. */
export async function runOk(client: Client, reportId: number | string, query: Record<string, unknown> = {}) {
  const res = await runReport(client, reportId, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Puts records and answers their ids by the `new:` key (without the prefix). */
export async function putRecords(client: Client, records: EntityChange[]): Promise<Record<string, number>> {
  const res = await client.put(records);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const ids: Record<string, number> = {};
  for (const [k, v] of Object.entries(res.body.ids as Record<string, number>))
    ids[k.replace(/^new:/, '')] = v;
  return ids;
}

/** The row ids of an answer in the order given. */
export const rowIds = (body: { gdata: Array<{ eid: number }> }) => body.gdata.map((r) => r.eid);

/** The answer is the JSON error shape with the status given (never a 500). */
export function expectError(res: Answer, status = 400) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({
    error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
  });
}

/** Sets the test tenant's time zone and financial-year start month through the settings record. */
export async function setTenantSettings(
  t: TestApp,
  settings: { timeZone?: string; financialYearStartMonth?: number },
) {
  const read = await t.admin.read('core:currentTenantSettings', 'timeZone');
  expect(read.status).toBe(200);
  const res = await t.admin.put([{ id: read.body.id, fields: settings }]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Writes a raw stored field value, as an import or an older version may have left it. */
export async function writeRawField(t: TestApp, id: number, fieldId: number, value: unknown) {
  const json = JSON.stringify(value);
  if (t.engine === 'sqlite') {
    await sql`UPDATE entities SET data = json_set(data, ${`$."${fieldId}"`}, json(${json})) WHERE tenant_id = ${t.tenantId} AND id = ${id}`.execute(
      t.services.db,
    );
  } else {
    await sql`UPDATE entities SET data = jsonb_set(data, ${`{${fieldId}}`}::text[], ${json}::jsonb) WHERE tenant_id = ${t.tenantId} AND id = ${id}`.execute(
      t.services.db,
    );
  }
}

export { createRole } from '../support/roles.js';
