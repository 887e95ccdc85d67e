// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are lines of source that hold SQL templates.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesOutsideDataLayer, serverSrc } from '../support/serverSources.js';
import { tenantTables, untypedTenantTables } from '../support/tenantTables.js';

/**
 * Every read of a tenant table other than `entities` (records: rawReads.test.ts) outside the data
 * layer and migrations goes through the tenant scope, `tenantScope(ctx).selectFrom(table)` or a
 * scope at hand (`tenant.selectFrom`, `scope.selectFrom`), or names why it reaches past it with
 * `systemQuery(db, reason)` (decision 0058). A read is `selectFrom('table`, a Kysely join of the
 * table, or `FROM table` / `JOIN table` in SQL written by hand. It counts as:
 * - scoped or named when `tenantScope(`, `systemQuery(`, `tenant.` or `scope.` is on its line or
 *   up to two lines before, or `systemQuery(` up to two lines after (SQL written by hand names its
 *   handle at the end, in `.execute(systemQuery(db, reason))`);
 * - guarded when its line or the next two hold the scope's `owns(alias)` or `visible(alias)` (SQL
 *   written by hand, often a fragment built for another query), or take the tenant of the row
 *   they are joined to: `tenant_id = ${sql.ref(…)}` by hand, `onRef('….tenant_id', '=', …)` or
 *   `whereRef(…)` in Kysely. A tenant written by hand, `tenant_id = ${t}`, is not a guard.
 *
 * The tenant tables are the tables of db/tables.ts whose rows have a `tenant_id`; the last case
 * below keeps that list whole against the migrations.
 */
const others = tenantTables().filter((t) => t !== 'entities');
const table = `(?:${others.join('|')})\\b`;
const read = new RegExp(
  `selectFrom\\(\\s*'${table}|Join\\(\\s*'${table}|\\b(?<!DELETE )(?:FROM|JOIN) ${table}`,
);
const scoped = /tenantScope\(|systemQuery\(|\b(?:tenant|scope)\s*$|\b(?:tenant|scope)\.selectFrom\(/m;
const guarded = /\b(?:owns|visible)\(|tenant_id = \$\{sql\.ref\(|(?:on|where)Ref\('[\w.]*tenant_id', '='/;

/** Whether lines of a file read a tenant table other than `entities` neither scoped, named nor guarded. */
function readsTenantTableRaw(lines: readonly string[]): boolean {
  return lines.some(
    (line, i) =>
      read.test(line) &&
      !scoped.test(lines.slice(Math.max(0, i - 2), i + 1).join('\n')) &&
      !lines
        .slice(i, i + 3)
        .join(' ')
        .includes('systemQuery(') &&
      !guarded.test(lines.slice(i, i + 3).join(' ')),
  );
}

/**
 * Files that still read a tenant table by hand, each with why. It must end empty: a file leaves it
 * when its reads go one of the ways above.
 */
const allowed: readonly string[] = [];

describe('reads of tenant tables past the tenant scope', () => {
  it('are none: each goes through the scope, says why it reaches past it, or is guarded', () => {
    const found = filesOutsideDataLayer()
      .filter((f) => readsTenantTableRaw(f.lines))
      .map((f) => f.rel);
    expect(
      found.filter((f) => !allowed.includes(f)),
      'Read a tenant table through tenantScope(ctx).selectFrom(table) (data/tenantScope.ts), which applies the caller’s tenant; a read that must reach past it takes systemQuery(db, reason) with an honest reason from data/systemQuery.ts.',
    ).toEqual([]);
    expect(
      allowed.filter((f) => !found.includes(f)),
      'Files that no longer read by hand leave the list.',
    ).toEqual([]);
  });

  it('are found in a file that reads a tenant table neither way', () => {
    expect(others).toContain('relationships');
    expect(others).toContain('audit_log');
    expect(others).not.toContain('tenants');
    expect(
      readsTenantTableRaw([
        "const rows = await ctx.db.selectFrom('relationships').where('tenant_id', '=', ctx.tenantId).execute();",
      ]),
    ).toBe(true);
    expect(readsTenantTableRaw(['sql`SELECT version FROM change_markers WHERE type_id = ${typeId}`'])).toBe(
      true,
    );
    expect(readsTenantTableRaw(['sql`SELECT 1 FROM entities e JOIN sessions s ON s.user_id = e.id`'])).toBe(
      true,
    );
    expect(readsTenantTableRaw(["const row = await db.selectFrom('tenants').selectAll();"])).toBe(false);
    expect(readsTenantTableRaw(['sql`DELETE FROM kept_partials WHERE saved_at < ${oldest}`'])).toBe(false);
    // Scoped or named on the line or up to two lines before.
    expect(
      readsTenantTableRaw(['const links = await tenantScope(ctx)', "  .selectFrom('relationships')"]),
    ).toBe(false);
    expect(readsTenantTableRaw(["const rows = await tenant.selectFrom('audit_log').selectAll();"])).toBe(
      false,
    );
    expect(
      readsTenantTableRaw([
        "const db = systemQuery(ctx.db, 'upkeep');",
        '',
        "await db.selectFrom('sessions');",
      ]),
    ).toBe(false);
    expect(
      readsTenantTableRaw([
        "const db = systemQuery(ctx.db, 'upkeep');",
        '',
        '',
        "await db.selectFrom('sessions');",
      ]),
    ).toBe(true);
    const handWritten = [
      'sql`SELECT s.user_id FROM sessions s',
      "  WHERE s.id = ${id}`.execute(systemQuery(db, 'sign-in'));",
    ];
    expect(readsTenantTableRaw(handWritten)).toBe(false);
    // Guarded on the line or up to two lines after; a tenant filtered by hand is not.
    expect(
      readsTenantTableRaw([
        'sql`LEFT JOIN relationships r',
        '  ON r.rel_id = ${relId}',
        '  AND ${tenant.owns(`r`)}`',
      ]),
    ).toBe(false);
    expect(
      readsTenantTableRaw([
        'sql`LEFT JOIN relationships r',
        '  ON r.rel_id = ${relId}',
        '  AND r.from_id = e.id',
        '  AND ${tenant.owns(`r`)}`',
      ]),
    ).toBe(true);
    expect(
      readsTenantTableRaw(['sql`LEFT JOIN relationships r ON r.tenant_id = ${t} AND r.rel_id = 4`']),
    ).toBe(true);
    expect(
      readsTenantTableRaw([
        'sql`LEFT JOIN relationships ${sql.id(r)} ON ${sql.ref(`${r}.tenant_id`)} = ${t}`',
      ]),
    ).toBe(true);
    expect(
      readsTenantTableRaw([
        'sql`(SELECT version FROM sign_in_markers WHERE tenant_id = ${sql.ref(column)})`',
      ]),
    ).toBe(false);
    expect(
      readsTenantTableRaw([
        '  eb',
        "    .selectFrom('relationships')",
        "    .select('relationships.from_id')",
        "    .where('relationships.tenant_id', '=', ctx.tenantId)",
      ]),
    ).toBe(true);
    expect(
      readsTenantTableRaw([
        ".innerJoin('relationships', (j) =>",
        "  j.onRef('relationships.tenant_id', '=', 'entities.tenant_id')",
      ]),
    ).toBe(false);
  });

  it('are looked for in every table a migration makes with a tenant_id, bar the search index and the queue', () => {
    const made = new Set<string>();
    const migrations = path.join(serverSrc, 'db/migrations');
    for (const file of fs.readdirSync(migrations)) {
      const text = fs.readFileSync(path.join(migrations, file), 'utf8');
      // Each table's part of the file runs from its createTable or CREATE TABLE to the next one.
      const parts = text.split(/(?=\.createTable\(|CREATE (?:VIRTUAL )?TABLE )/);
      for (const part of parts) {
        const name = /^(?:\.createTable\('|CREATE (?:VIRTUAL )?TABLE )(\w+)/.exec(part)?.[1];
        if (name && /\btenant_id\b/.test(part)) made.add(name);
      }
    }
    const known = new Set([...tenantTables(), ...Object.keys(untypedTenantTables)]);
    expect(
      [...made].filter((t) => !known.has(t)).sort(),
      'Give the table a row type in db/tables.ts.',
    ).toEqual([]);
  });
});
