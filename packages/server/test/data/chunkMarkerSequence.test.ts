import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysType } from '@plinth/schema';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import type { RequestContext } from '../../src/context.js';
import {
  type ChunkMarks,
  type ChunkSources,
  chunkOfId,
  readChunkMarks,
  staleChunks,
} from '../../src/data/chunkMarkers.js';
import { registerChunkVersions } from '../../src/db/chunkVersions.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { putRecords } from '../reports/reportSupport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * SQLite's chunk markers take their versions from one sequence per tenant (decision 0152): a read
 * given the marks of an earlier one reads only the markers moved since, and answers what reading
 * them all answers.
 */
describe('chunk markers read since a version on sqlite', () => {
  let t: TestApp;
  let ctx: RequestContext;
  let sources: ChunkSources;
  let deals: number[];
  let stages: number[];

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    const deal = await defineType(t.admin, 'Deal', [{ name: 'Amount', script: 'amount', type: 'Currency' }]);
    const rel = await defineRelationship(t.admin, 'choiceField', deal.typeId, stage.typeId, 'stage', 'deals');
    const s = await putRecords(
      t.admin,
      ['Open', 'Won'].map((name, i) => ({
        id: `new:${name}`,
        typeId: stage.typeId,
        fields: { name, enumOrder: i },
      })),
    );
    stages = [s.Open!, s.Won!];
    deals = [];
    for (let c = 0; c < 3; c++) {
      // Each round in a chunk of its own.
      await sql`UPDATE tenants SET next_id = (next_id / 256 + 2) * 256 WHERE id = ${t.tenantId}`.execute(
        t.services.db,
      );
      const made = await putRecords(
        t.admin,
        Array.from({ length: 4 }, (_, i) => ({
          id: `new:d${c}-${i}`,
          typeId: deal.typeId,
          fields: { name: `Deal ${c}-${i}`, amount: i },
          relationships: { stage: { set: [stages[i % 2]!] } },
        })),
      );
      deals.push(...Object.values(made));
    }
    ctx = await contextFor(t.services, t.tenantId, t.adminId);
    sources = {
      roots: new Set([deal.typeId]),
      linkSides: new Map([[rel, new Set(['from' as const])]]),
      targets: [stage.typeId],
    };
  });
  afterAll(() => t.close());

  const read = (since?: ChunkMarks) => readChunkMarks(ctx.db, 'sqlite', t.tenantId, sources, since);
  /** What marks say, however they were read: their versions as an object, keys in order. */
  const said = ({ moved: _moved, ...marks }: ChunkMarks) => ({
    ...marks,
    versions: Object.fromEntries([...marks.versions].sort(([a], [b]) => a.localeCompare(b))),
  });

  it('reads only the markers moved since, and answers what reading them all answers', async () => {
    const before = await read();
    expect(before.lastVersion).toBeGreaterThan(0);
    const chunks = [...new Set(deals.map((id) => chunkOfId('sqlite', id)))];
    expect(chunks).toHaveLength(3);

    // An amount, then a stage: the first and the last chunk.
    await putRecords(t.admin, [{ id: deals[0]!, fields: { amount: 100 } }]);
    await putRecords(t.admin, [{ id: deals[11]!, relationships: { stage: { set: [stages[0]!] } } }]);
    const since = await read(before);
    expect(said(since)).toEqual(said(await read()));
    expect(since.moved?.keys.length).toBeLessThanOrEqual(4);
    // Built on the marks given: a marker only they hold stays.
    const planted = await read({ ...before, versions: before.versions.with([['999:0', 1]]) });
    expect(planted.versions.get('999:0')).toBe(1);
    expect(staleChunks(sources, before, since)).toEqual([chunks[0], chunks[2]]);
    const moved = (
      await sql<{ n: number }>`SELECT count(*) AS n FROM change_chunks
        WHERE tenant_id = ${t.tenantId} AND version > ${before.lastVersion}`.execute(t.services.db)
    ).rows[0]!.n;
    // The deal's chunk; the link's at both ends, removed and added: four markers moved, no more.
    expect(moved).toBeLessThanOrEqual(4);

    // Nothing written: nothing read, nothing stale.
    const again = await read(since);
    expect(said(again)).toEqual(said(since));
    expect(again.moved?.keys).toEqual([]);
    expect(staleChunks(sources, since, again)).toEqual([]);

    // A stage renamed moves the targets' sum: every chunk may have changed.
    await putRecords(t.admin, [{ id: stages[1]!, fields: { name: 'Closed' } }]);
    const renamed = await read(again);
    expect(said(renamed)).toEqual(said(await read()));
    expect(staleChunks(sources, again, renamed)).toBeUndefined();
  });

  it('moves no marker for a write that rolled back, and never gives its version again', async () => {
    const before = await read();
    const highest = async (db: typeof t.services.db) =>
      Number(
        (
          await sql<{
            v: number;
          }>`SELECT max(version) AS v FROM change_chunks WHERE tenant_id = ${t.tenantId}`.execute(db)
        ).rows[0]!.v,
      );
    let seen = 0;
    await t.services.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE entities SET name = 'rolled back' WHERE tenant_id = ${t.tenantId} AND id = ${deals[5]!}`.execute(
          tx,
        );
        seen = await highest(tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(seen).toBeGreaterThan(before.lastVersion!);
    expect(said(await read(before))).toEqual(said(before));
    // A reader that saw the rolled-back version still sees the next write.
    await putRecords(t.admin, [{ id: deals[6]!, fields: { amount: 7 } }]);
    expect(await highest(t.services.db)).toBeGreaterThan(seen);
  });
});

describe('the migration to chunks of 256 with a sequence, on sqlite', () => {
  let dir: string;
  let db: Kysely<any>;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-chunk-sequence-'));
    const sqlite = new SQLite(path.join(dir, 'db.sqlite'));
    registerChunkVersions(sqlite);
    db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds the markers by the new chunks, drops the kept partials and moves the metamodel marker', async () => {
    await migrateTo(db, 'sqlite', '020_jobs');
    await sql`INSERT INTO tenants (id, slug, name, next_id, meta_version, created_at)
      VALUES (1, 'a', 'A', 5000, 7, '2026-01-01')`.execute(db);
    const record = (id: number) =>
      sql`INSERT INTO entities (tenant_id, id, type_id, data, version, created_at, modified_at)
        VALUES (1, ${id}, 10, '{}', 1, '2026-01-01', '2026-01-01')`.execute(db);
    for (const id of [100, 300, 1100]) await record(id);
    await sql`INSERT INTO relationships (tenant_id, rel_id, from_id, to_id) VALUES (1, 20, 300, 1100)`.execute(
      db,
    );
    await sql`INSERT INTO kept_partials (tenant_id, cache_key, state, saved_at) VALUES (1, 'k', '{}', 0)`.execute(
      db,
    );
    // Under migration 007, ids 100 and 300 share a chunk of 1,024.
    const markers = async () =>
      (
        await sql<{ s: number; c: number; v: number }>`SELECT source_id AS s, chunk AS c, version AS v
          FROM change_chunks WHERE tenant_id = 1 ORDER BY 1, 2`.execute(db)
      ).rows.map((r) => [r.s, r.c, r.v]);
    expect((await markers()).filter(([s]) => s === 10)).toEqual([
      [10, 0, 2],
      [10, 1, 1],
    ]);

    await migrateToLatest(db, 'sqlite');
    expect(await markers()).toEqual([
      [10, 0, 1],
      [10, 1, 1],
      [10, 4, 1],
      [20, -5, 1],
      [20, 1, 1],
    ]);
    expect((await sql`SELECT * FROM kept_partials`.execute(db)).rows).toEqual([]);
    expect((await sql<{ m: number }>`SELECT meta_version AS m FROM tenants`.execute(db)).rows).toEqual([
      { m: 8 },
    ]);

    // A write takes the tenant's next version, above every marker's.
    await record(301);
    expect((await markers()).find(([s, c]) => s === 10 && c === 1)).toEqual([10, 1, 2]);
    await record(4000);
    expect((await markers()).find(([s, c]) => s === 10 && c === 15)).toEqual([10, 15, 3]);
  });
});
