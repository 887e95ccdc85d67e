import { faker } from '@faker-js/faker';
import type { EntityChange, EntityId } from '@plinth/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkRecord, orderSearchInOnePass, writeRecordsInBulk } from '../../bench/bulkRecords.js';
import { type DemoTargets, demoOpportunities, demoTargets } from '../../bench/seedDemoBulk.js';
import { contextFor } from '../../src/auth/contextFor.js';
import type { RequestContext } from '../../src/context.js';
import { chunkIdsOf } from '../../src/data/chunkMarkers.js';
import { seedDemo } from '../../src/demo/seedDemo.js';
import { putEntities } from '../../src/entities/putEntities.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

/** The same generated records as the entity service's put takes them. */
function asPut(ctx: RequestContext, records: readonly BulkRecord[]): EntityChange[] {
  return records.map((r, i) => ({
    id: `new:${i}`,
    typeId: r.typeId,
    fields: {
      name: r.name,
      ...Object.fromEntries(
        Object.entries(r.data).map(([id, v]) => [
          ctx.schema.fieldsOf(r.typeId).find((f) => String(f.id) === id)!.scriptName,
          v,
        ]),
      ),
    },
    relationships: Object.fromEntries(r.links.map((l) => [l.rel.toScriptName, { set: [l.toId] }])),
  }));
}

/** A JSON column: text on SQLite, parsed already on PostgreSQL (jsonb). */
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** What the database holds for records, by their place in the batch, ids and auto-numbers made relative. */
async function stored(t: TestApp, tenantId: number, ids: readonly EntityId[], reference: string) {
  const db = t.services.db;
  const rows = await db
    .selectFrom('entities')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  const firstNumber = Number(json(rows[0]!.data)[reference]);
  // Key order included: the text of SQLite's column, PostgreSQL's own order of jsonb.
  const relative = (stored: unknown) => {
    const data = json(stored);
    if (reference in data) data[reference] -= firstNumber;
    return JSON.stringify(data);
  };
  const links = await db
    .selectFrom('relationships')
    .select(['from_id', 'rel_id', 'to_id'])
    .where('tenant_id', '=', tenantId)
    .where('from_id', 'in', [...ids])
    .orderBy('from_id')
    .orderBy('rel_id')
    .execute();
  const audit = await db
    .selectFrom('audit_log')
    .select(['entity_id', 'action', 'user_id', 'type_id', 'entity_name', 'changes'])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', 'in', [...ids])
    .orderBy('entity_id')
    .execute();
  const bodies =
    t.engine === 'sqlite'
      ? (
          await sql<{ id: number; body: string }>`SELECT id, c0 AS body FROM entity_search_content
            WHERE id IN (${sql.join(ids.map((id) => tenantId * 2 ** 40 + id))}) ORDER BY id`.execute(db)
        ).rows.map((r) => r.body)
      : (
          await sql<{ body: string }>`SELECT body FROM entity_search WHERE tenant_id = ${tenantId}
            AND entity_id IN (${sql.join([...ids])}) ORDER BY entity_id`.execute(db)
        ).rows.map((r) => r.body);
  const at = (id: number) => ids.indexOf(id);
  return {
    rows: rows.map((r) => ({ ...r, id: at(r.id), data: relative(r.data) })),
    links: links.map((l) => ({ ...l, from_id: at(l.from_id) })),
    audit: audit.map((a) => {
      const changes = json(a.changes) as Array<{ f?: number; n?: unknown }>;
      for (const c of changes) if (String(c.f) === reference) c.n = Number(c.n) - firstNumber;
      return { ...a, entity_id: at(a.entity_id!), changes };
    }),
    bodies,
  };
}

/** The change markers of the tenant: each chunk's (decision 0025) and each type's. */
async function markers(t: TestApp, tenantId: number) {
  const chunks = (
    await sql<{
      source_id: number;
      chunk: number;
      version: number;
    }>`SELECT source_id, chunk, version FROM change_chunks WHERE tenant_id = ${tenantId}`.execute(
      t.services.db,
    )
  ).rows;
  const types = await t.services.db
    .selectFrom('change_markers')
    .select(['type_id', 'version'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return {
    chunks: new Map(chunks.map((c) => [`${c.source_id}:${c.chunk}`, Number(c.version)])),
    types: new Map(types.map((m) => [String(m.type_id), Number(m.version)])),
  };
}

/** The markers a write moved, and by how much. */
function moved(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  return new Map(
    [...after].filter(([k, v]) => v !== before.get(k)).map(([k, v]) => [k, v - (before.get(k) ?? 0)]),
  );
}

/**
 * The benchmarks' bulk path (decision 0091) writes what the entity service writes: the same rows,
 * links, auto-numbers, search documents, audit events and change markers for the same records, and
 * on SQLite the same order of names in the search index once its one pass has run.
 */
describe.each(engines)('the bulk seeding path on %s', (engine) => {
  let t: TestApp;
  let ctx: RequestContext;
  let targets: DemoTargets;
  let tenantId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    ({ tenantId } = await seedDemo(t.services, { adminPassword: 'bench-password', records: 5 }));
    const admin = await t.services.db
      .selectFrom('entities')
      .select('owner_id')
      .where('tenant_id', '=', tenantId)
      .where('alias', '=', 'crm:opportunities')
      .executeTakeFirstOrThrow();
    ctx = await contextFor(t.services, tenantId, admin.owner_id!);
    targets = await demoTargets(ctx);
  }, 120_000);
  afterAll(() => t.close());

  it('stores the records as the entity service does', async () => {
    const member = ctx.schema.member(targets.opportunity, 'reference');
    const reference = String(member?.kind === 'field' ? member.field.id : 0);
    faker.seed(7);
    const records = demoOpportunities(targets, 25);
    const before = await markers(t, tenantId);
    const put = await putEntities(ctx, { entities: asPut(ctx, records), deleted: [] });
    const serviceIds = records.map((_, i) => put.ids[`new:${i}`]!);
    const afterService = await markers(t, tenantId);
    const bulkIds = await writeRecordsInBulk(ctx, records);
    const afterBulk = await markers(t, tenantId);

    const service = await stored(t, tenantId, serviceIds, reference);
    const bulk = await stored(t, tenantId, bulkIds, reference);
    expect(bulk.rows).toEqual(service.rows);
    expect(bulk.links.length).toBe(75);
    expect(bulk.links).toEqual(service.links);
    expect(bulk.audit.length).toBe(25);
    expect(bulk.audit).toEqual(service.audit);
    expect(bulk.bodies.length).toBe(25);
    expect(bulk.bodies).toEqual(service.bodies);
    // Each write moves the markers of its records' and links' chunks and of the types they touch:
    // as often on SQLite (row triggers); on PostgreSQL once per statement, the put making more.
    const chunksOf = (ids: readonly EntityId[]) =>
      new Set(
        ids.flatMap((id, i) => [
          `${targets.opportunity}:${Math.floor(id / chunkIdsOf(engine))}`,
          ...records[i]!.links.flatMap((l) => [
            `${l.rel.id}:${Math.floor(id / chunkIdsOf(engine))}`,
            `${l.rel.id}:${-1 - Math.floor(l.toId / chunkIdsOf(engine))}`,
          ]),
        ]),
      );
    const byService = moved(before.chunks, afterService.chunks);
    const byBulk = moved(afterService.chunks, afterBulk.chunks);
    expect(new Set(byService.keys())).toEqual(chunksOf(serviceIds));
    expect(new Set(byBulk.keys())).toEqual(chunksOf(bulkIds));
    const typesByService = moved(before.types, afterService.types);
    const typesByBulk = moved(afterService.types, afterBulk.types);
    expect([...typesByBulk.keys()].sort()).toEqual([...typesByService.keys()].sort());
    if (engine === 'sqlite') {
      // The triggers the bulk path stood in for are back for every later write.
      const triggers = await sql<{ name: string }>`SELECT name FROM sqlite_master
        WHERE type = 'trigger' AND name LIKE '%_insert' ORDER BY name`.execute(t.services.db);
      expect(triggers.rows.map((r) => r.name)).toEqual([
        'entities_chunk_insert',
        'entities_marker_insert',
        'relationships_chunk_insert',
        'relationships_marker_insert',
      ]);
      // Each chunk moved took a version above every one before the write (decision 0152).
      const highest = (m: Map<string, number>) => Math.max(0, ...m.values());
      for (const k of byService.keys())
        expect(afterService.chunks.get(k)).toBeGreaterThan(highest(before.chunks));
      for (const k of byBulk.keys())
        expect(afterBulk.chunks.get(k)).toBeGreaterThan(highest(afterService.chunks));
      expect(typesByBulk).toEqual(typesByService);
    }
    // The auto-numbers go on from where the service left them.
    const numberOf = async (id: EntityId) =>
      Number(
        json(
          (
            await t.services.db
              .selectFrom('entities')
              .select('data')
              .where('tenant_id', '=', tenantId)
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).data,
        )[reference],
      );
    expect(await numberOf(bulkIds[0]!)).toBe((await numberOf(serviceIds.at(-1)!)) + 1);
  });

  it.runIf(engine === 'sqlite')(
    'puts every record in name order in the search index in one pass',
    async () => {
      faker.seed(8);
      await writeRecordsInBulk(ctx, demoOpportunities(targets, 40));
      await orderSearchInOnePass(t.services.db, tenantId, [targets.opportunity]);
      const ordered = (
        await sql<{ entity_id: number; sort_key: string }>`SELECT entity_id, sort_key FROM search_order o
        JOIN search_bands b ON b.band = o.band WHERE b.tenant_id = ${tenantId} AND b.type_id = ${targets.opportunity}
        ORDER BY pos`.execute(t.services.db)
      ).rows;
      const names = await t.services.db
        .selectFrom('entities')
        .select(['id', 'name'])
        .where('tenant_id', '=', tenantId)
        .where('type_id', '=', targets.opportunity)
        .execute();
      expect(ordered.length).toBe(names.length);
      const key = (name: string | null) =>
        name === null ? '' : `\u0001${name.replace(/[A-Z]+/g, (m) => m.toLowerCase())}`;
      const expected = names
        .map((n) => ({ entity_id: n.id, sort_key: key(n.name) }))
        .sort((a, b) =>
          a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : a.entity_id - b.entity_id,
        );
      expect(ordered).toEqual(expected);
      const documents = await sql<{ n: number }>`SELECT count(*) AS n FROM entity_search_ordered
      WHERE rowid IN (SELECT pos FROM search_order o JOIN search_bands b ON b.band = o.band
      WHERE b.tenant_id = ${tenantId} AND b.type_id = ${targets.opportunity})`.execute(t.services.db);
      expect(Number(documents.rows[0]!.n)).toBe(names.length);
      // The records are found by the product's own quick search, in name order.
      const term = names[0]!.name!.split(' ')[0]!;
      const hits = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM entity_search_ordered WHERE entity_search_ordered MATCH ${`"${term}"`}`.execute(
        t.services.db,
      );
      expect(Number(hits.rows[0]!.n)).toBeGreaterThan(0);
    },
  );
});
