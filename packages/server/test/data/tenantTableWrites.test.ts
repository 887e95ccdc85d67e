// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are lines of source that hold SQL templates.
import { describe, expect, it } from 'vitest';
import { filesOutsideDataLayer } from '../support/serverSources.js';
import { tenantTables } from '../support/tenantTables.js';

/**
 * Every UPDATE and DELETE of a tenant table outside the data layer and migrations goes through the
 * tenant scope, `tenantScope(ctx).updateTable(table)` / `.deleteFrom(table)` or a scope at hand
 * (`tenant.`, `scope.`), or names why it reaches past it with `systemQuery(db, reason)` (decision
 * 0058). Records (`entities`) are written by the entity repository (data/entityRepository.ts), which
 * the scope refuses: a feature that changes records past it (an owner handed over, a field's values
 * rewritten for its new type) names why. A write is `updateTable('table` or `deleteFrom('table` in
 * Kysely, `UPDATE table` or `DELETE FROM table` in SQL written by hand. A `tenant_id` filtered by
 * hand does not count: that is what the scope is for. It counts as:
 * - scoped when `tenantScope(`, or `tenant.` / `scope.` followed by the write or ending the line,
 *   is on its line or up to two lines before;
 * - named when `systemQuery(` is on its line or up to two lines before or after (SQL written by
 *   hand names its handle at the end, in `.execute(systemQuery(db, reason))`).
 * INSERTs carry the tenant as a value and are not looked for. The tenant tables are those of
 * test/support/tenantTables.ts, which tenantTableReads.test.ts keeps whole against the migrations.
 */
const tables = tenantTables();
const table = `(?:${tables.join('|')})\\b`;
const write = new RegExp(`(?:updateTable|deleteFrom)\\(\\s*'${table}|\\b(?:UPDATE|DELETE FROM) ${table}`);
const scoped = /tenantScope\(|\b(?:tenant|scope)\s*$|\b(?:tenant|scope)\.(?:updateTable|deleteFrom)\(/m;

/** Whether lines of a file write a tenant table neither scoped nor named. */
function writesTenantTableRaw(lines: readonly string[]): boolean {
  return lines.some(
    (line, i) =>
      write.test(line) &&
      !scoped.test(lines.slice(Math.max(0, i - 2), i + 1).join('\n')) &&
      !lines
        .slice(Math.max(0, i - 2), i + 3)
        .join(' ')
        .includes('systemQuery('),
  );
}

/**
 * Files beneath the data layer that write a tenant table across tenants and cannot name it with
 * `systemQuery`: db/ imports only util/ and http/ (rule server-db-below-features), as migrations
 * do. Each must still write one, or it leaves the list.
 */
const belowDataLayer: Readonly<Record<string, string>> = {
  'db/idleUpkeep.ts':
    'the idle upkeep removes kept group partials (decision 0089) not stored again for 30 days, in every tenant',
};

/**
 * Files that still write a tenant table by hand. It must end empty: a file leaves it when its
 * writes go one of the ways above.
 */
const allowed: readonly string[] = [];

describe('writes of tenant tables past the tenant scope', () => {
  it('are none: each goes through the scope or says why it reaches past it', () => {
    const found = filesOutsideDataLayer()
      .filter((f) => writesTenantTableRaw(f.lines))
      .map((f) => f.rel);
    expect(
      found.filter((f) => !allowed.includes(f) && !(f in belowDataLayer)),
      'Change or delete rows of a tenant table through tenantScope(ctx).updateTable(table) / .deleteFrom(table) (data/tenantScope.ts), which applies the caller’s tenant; a write that must reach past it (no caller yet, across tenants, a new tenant) takes systemQuery(db, reason) with an honest reason from data/systemQuery.ts.',
    ).toEqual([]);
    expect(
      [...allowed, ...Object.keys(belowDataLayer)].filter((f) => !found.includes(f)),
      'Files that no longer write by hand leave the list.',
    ).toEqual([]);
  });

  it('are found in a file that writes a tenant table neither way', () => {
    expect(tables).toContain('sessions');
    expect(tables).toContain('relationships');
    expect(tables).toContain('entities');
    expect(tables).not.toContain('tenants');
    expect(
      writesTenantTableRaw([
        "await ctx.db.deleteFrom('sessions').where('tenant_id', '=', ctx.tenantId).execute();",
      ]),
    ).toBe(true);
    expect(writesTenantTableRaw(['const taken = await ctx.db', "  .updateTable('export_tokens')"])).toBe(
      true,
    );
    expect(
      writesTenantTableRaw(['sql`UPDATE change_markers SET version = version + 1 WHERE tenant_id = ${t}`']),
    ).toBe(true);
    expect(
      writesTenantTableRaw(['await sql`DELETE FROM kept_partials WHERE saved_at < ${oldest}`.execute(db);']),
    ).toBe(true);
    expect(
      writesTenantTableRaw(["await db.updateTable('entities').set({ data }).where('id', '=', id);"]),
    ).toBe(true);
    expect(
      writesTenantTableRaw([
        "await systemQuery(db, 'write integrity')",
        "  .updateTable('entities')",
        '  .set({ data })',
      ]),
    ).toBe(false);
    // Tenants, the queue and inserts are not looked for.
    expect(writesTenantTableRaw(["await db.updateTable('tenants').set({ name });"])).toBe(false);
    expect(writesTenantTableRaw(['sql`DELETE FROM jobs WHERE id = ${job.id}`'])).toBe(false);
    expect(
      writesTenantTableRaw([
        'sql`INSERT INTO kept_partials (tenant_id, cache_key, state, saved_at)',
        '  ON CONFLICT (tenant_id, cache_key) DO UPDATE SET state = excluded.state`',
      ]),
    ).toBe(false);
    expect(writesTenantTableRaw(["await db.deleteFrom('sessions_kept')"])).toBe(false);
    // Scoped on the line or up to two lines before.
    expect(writesTenantTableRaw(['await tenantScope(ctx)', "  .deleteFrom('sessions')"])).toBe(false);
    expect(writesTenantTableRaw(["await scope.updateTable('auto_numbers').set({ next_value: 2 });"])).toBe(
      false,
    );
    expect(writesTenantTableRaw(['const r = await tenant', '', "  .deleteFrom('api_tokens')"])).toBe(false);
    expect(
      writesTenantTableRaw([
        'const tenant = tenantScope(ctx);',
        '',
        '',
        "await ctx.db.deleteFrom('sessions');",
      ]),
    ).toBe(true);
    expect(writesTenantTableRaw(['const id = tenant.id;', "await ctx.db.deleteFrom('sessions');"])).toBe(
      true,
    );
    // Named up to two lines before or after.
    expect(writesTenantTableRaw(["await systemQuery(db, 'sign-in')", "  .deleteFrom('sessions')"])).toBe(
      false,
    );
    expect(
      writesTenantTableRaw([
        'await sql`DELETE FROM kept_partials',
        '  WHERE saved_at < ${oldest}`',
        "  .execute(systemQuery(db, 'upkeep'));",
      ]),
    ).toBe(false);
    expect(
      writesTenantTableRaw([
        'await sql`DELETE FROM kept_partials',
        '  WHERE saved_at < ${oldest}',
        '  AND tenant_id = ${t}`',
        "  .execute(systemQuery(db, 'upkeep'));",
      ]),
    ).toBe(true);
  });

  it("are never made on the caller's handle unwrapped: data/ alone unwraps it", () => {
    // Past data/ a feature takes a full handle from systemQuery(db, reason), never unscoped(db).
    const found = filesOutsideDataLayer()
      .filter((f) => f.lines.some((line) => /\bunscoped\(/.test(line)))
      .map((f) => f.rel);
    expect(found).toEqual([]);
  });
});
