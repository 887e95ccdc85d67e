import { describe, expect, it } from 'vitest';
import { filesOutsideDataLayer } from '../support/serverSources.js';

/**
 * Every read of records outside the data layer and migrations goes through the tenant scope
 * (data/tenantScope.ts) or names why it reaches past it with `systemQuery(db, reason)`, a reason
 * from the closed list in data/systemQuery.ts (decision 0058). Hand-written SQL that guards the
 * records it joins with the scope's `visible(alias)` counts as scoped.
 */
const rawRead = /selectFrom\('entities|FROM entities|JOIN entities|selectEntities\(/;

/**
 * Whether lines of a file read records raw: guarded by the scope (`visible(` in the next lines)
 * or named past it (`systemQuery(` just before) is not raw.
 */
function readsRaw(lines: readonly string[]): boolean {
  return lines.some(
    (line, i) =>
      rawRead.test(line) &&
      !lines
        .slice(i, i + 3)
        .join(' ')
        .includes('visible(') &&
      !lines
        .slice(Math.max(0, i - 2), i + 1)
        .join(' ')
        .includes('systemQuery('),
  );
}

/** Files of the server outside the data layer and migrations that read records past the scope. */
function filesReadingRaw(): string[] {
  return filesOutsideDataLayer()
    .filter((f) => readsRaw(f.lines))
    .map((f) => f.rel);
}

describe('reads of records past the tenant scope', () => {
  it('are none: each goes through the scope or says why it reaches past it', () => {
    expect(
      filesReadingRaw(),
      'Read records through tenantScope(ctx) (data/tenantScope.ts), which applies the tenant and the caller’s read rule; a read that must reach past it takes systemQuery(db, reason) with an honest reason from data/systemQuery.ts.',
    ).toEqual([]);
  });

  it('are found in a file that reads records neither way', () => {
    expect(readsRaw(["const rows = await ctx.db.selectFrom('entities').selectAll().execute();"])).toBe(true);
    expect(readsRaw(['sql`SELECT e.id FROM relationships r JOIN entities e ON e.id = r.to_id`'])).toBe(true);
    expect(readsRaw(['const [row] = await selectEntities(ctx.db, ctx.tenantId, [id]);'])).toBe(true);
    // Named past the scope on the line or up to two lines before; guarded in the next two.
    const named = [
      "const db = systemQuery(ctx.db, 'upkeep');",
      '',
      "const rows = await db.selectFrom('entities');",
    ];
    expect(readsRaw(named)).toBe(false);
    expect(
      readsRaw(["const db = systemQuery(ctx.db, 'upkeep');", '', '', "db.selectFrom('entities');"]),
    ).toBe(true);
    const guarded = [
      'sql`SELECT 1 FROM relationships r JOIN entities e',
      "ON e.id = r.to_id AND tenant.visible('e')",
    ];
    expect(readsRaw(guarded)).toBe(false);
  });
});
