import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import { readPageRecords } from '../../src/reports/pageRecords.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { executed } from '../support/executedStatements.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import { putRecords } from './reportSupport.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** Decision 0141: a page's records, their links as one value and each record they reach once. */
describe.each(engines)('a page read on %s', (engine) => {
  let t: TestApp;
  let rel: number;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const tag = await defineType(t.admin, 'Tag', []);
    const note = await defineType(t.admin, 'Note', []);
    rel = await defineRelationship(t.admin, 'manyToMany', note.typeId, tag.typeId, 'tags', 'notes');
    ids = await putRecords(t.admin, [
      { id: 'new:red', typeId: tag.typeId, fields: { name: 'red' } },
      { id: 'new:blue', typeId: tag.typeId, fields: { name: 'blue' } },
    ]);
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        ['a', 'b', 'c', 'd'].map((n) => ({
          id: `new:${n}`,
          typeId: note.typeId,
          fields: { name: n },
          relationships: { tags: { set: n === 'c' ? [] : n === 'a' ? [ids.red!, ids.blue!] : [ids.red!] } },
        })),
      ),
    );
  });
  afterAll(() => t?.close());

  it('answers each link with its record, both ways, in one statement reading each record once', async () => {
    const rec = executed(t.services.db);
    const ctx = { ...(await contextFor(t.services, t.tenantId, t.adminId)), db: rec.db };
    const page = await readPageRecords(
      ctx,
      [ids.a!, ids.b!, ids.c!, ids.d!, ids.red!],
      [
        { relId: rel, direction: 'fwd' },
        { relId: rel, direction: 'rev' },
      ],
    );
    expect([...page.rows.keys()].sort()).toEqual([ids.a, ids.b, ids.c, ids.d, ids.red].sort());
    const names = (list: Array<{ name: string | null }> | undefined) =>
      (list ?? []).map((r) => r.name).sort();
    const [tags, notes] = page.linked;
    expect(names(tags!.get(ids.a!))).toEqual(['blue', 'red']);
    expect(names(tags!.get(ids.b!))).toEqual(['red']);
    expect(tags!.has(ids.c!)).toBe(false);
    expect(names(notes!.get(ids.red!))).toEqual(['a', 'b', 'd']);
    // The one record every link of the page shares is one object, read once.
    expect(tags!.get(ids.a!)!.find((r) => r.name === 'red')).toBe(tags!.get(ids.b!)![0]);

    expect(rec.statements).toHaveLength(1);
    const rows = (await t.services.db.executeQuery(rec.statements[0]!)).rows;
    // 5 page records, 1 row of the 7 links, and the 5 records they reach (red, blue, a, b, d) once
    // each: not a record per link (12 rows).
    expect(rows).toHaveLength(11);
  });

  it('answers no links when the page reaches nothing', async () => {
    const ctx = await contextFor(t.services, t.tenantId, t.adminId);
    const page = await readPageRecords(ctx, [ids.c!], [{ relId: rel, direction: 'fwd' }]);
    expect(page.rows.get(ids.c!)?.name).toBe('c');
    expect(page.linked[0]!.size).toBe(0);
  });
});
