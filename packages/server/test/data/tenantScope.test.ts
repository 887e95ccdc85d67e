import { schemaFromRecords, sysRecord } from '@plinth/schema';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Permissions } from '../../src/access/Permissions.js';
import type { CallerHandle } from '../../src/data/executor.js';
import { systemQuery } from '../../src/data/systemQuery.js';
import {
  insertInto,
  owns,
  type ScopeCaller,
  tenantScope,
  UnscopedQueryError,
  visible,
} from '../../src/data/tenantScope.js';
import type { Tables } from '../../src/db/tables.js';

/** Kysely only to render SQL: never connected. */
const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: async () => ({}) as never }) });
const schema = schemaFromRecords([], []);
const member = new Permissions(schema, [], {
  tenantId: 3,
  userId: 10_042,
  roleIds: new Set([sysRecord.everyoneRole]),
  isAdmin: false,
});
const admin = new Permissions(schema, [], {
  tenantId: 3,
  userId: 10_001,
  roleIds: new Set([sysRecord.administratorsRole]),
  isAdmin: true,
});

describe('tenantScope', () => {
  it('cannot be written without a tenant or a read rule (types)', () => {
    // Each call below is refused by the compiler (tsc -p tsconfig.tests.json); at run time, too.
    // @ts-expect-error no read rule
    expect(() => tenantScope({ db, tenantId: 3 })).toThrow(UnscopedQueryError);
    // @ts-expect-error no tenant
    expect(() => tenantScope({ db, perms: member })).toThrow(UnscopedQueryError);
    // @ts-expect-error a read rule is the caller's rules, not a filter of one's own
    expect(() => tenantScope({ db, tenantId: 3, perms: { readFilter: () => undefined } })).toThrow(
      UnscopedQueryError,
    );
    const scope = tenantScope({ db, tenantId: 3, perms: member });
    // @ts-expect-error records are read through records(), which applies the read rule
    scope.selectFrom('entities');
    // @ts-expect-error tenants is not a table of one tenant
    scope.selectFrom('tenants');
    // @ts-expect-error records are written through the entity repository
    scope.updateTable('entities');
    // @ts-expect-error records are deleted through the entity repository
    scope.deleteFrom('entities');
  });

  it('leaves a caller no query of its own on its handle (types)', () => {
    const ctx = { db: db as CallerHandle, tenantId: 3, perms: member };
    const refused = () => {
      // @ts-expect-error a caller reads through tenantScope(ctx) or systemQuery(ctx.db, reason)
      ctx.db.selectFrom('entities');
      // @ts-expect-error a caller adds rows through insertInto(ctx.db, table)
      ctx.db.insertInto('audit_log');
      // @ts-expect-error a caller changes rows through tenantScope(ctx).updateTable(table)
      ctx.db.updateTable('relationships');
      // @ts-expect-error a caller deletes rows through tenantScope(ctx).deleteFrom(table)
      ctx.db.deleteFrom('relationships');
      // @ts-expect-error nor through a common table expression
      ctx.db.with('x', (q) => q.selectFrom('entities').selectAll());
      // @ts-expect-error SQL written by hand runs through tenantScope(ctx).execute, under its guards
      sql`SELECT id FROM entities`.execute(ctx.db);
    };
    void refused;
    // What the handle is for: the scope, and the named way past it.
    expect(tenantScope(ctx).records().compile().sql).toContain('"entities"."tenant_id" = ?');
    expect(systemQuery(ctx.db, 'upkeep').selectFrom('tenants').select('id').compile().sql).toBe(
      'select "id" from "tenants"',
    );
    expect(
      insertInto(ctx.db, 'audit_log')
        .values({ tenant_id: 3 } as never)
        .compile().sql,
    ).toContain('insert into "audit_log"');
  });

  it('fails at run time without a tenant or a read rule', () => {
    const unscoped = [
      { db, tenantId: 0, perms: member },
      { db, tenantId: Number.NaN, perms: member },
      { db, tenantId: undefined, perms: member },
      { db, tenantId: 3, perms: undefined },
      { db, tenantId: 3, perms: {} },
    ] as unknown as ScopeCaller[];
    for (const caller of unscoped) expect(() => tenantScope(caller)).toThrow(UnscopedQueryError);
  });

  it('reads records of the tenant under the caller’s read rule', () => {
    const q = tenantScope({ db, tenantId: 3, perms: member }).records().selectAll().compile();
    expect(q.sql).toContain('where "entities"."tenant_id" = ? and');
    expect(q.sql).toContain('("entities"."type_id" IN (');
    expect(q.parameters[0]).toBe(3);
    // An administrator reads every record of the tenant, and still only the tenant's.
    const all = tenantScope({ db, tenantId: 3, perms: admin }).records().selectAll().compile();
    expect(all.sql).toBe('select * from "entities" where "entities"."tenant_id" = ?');
    expect(all.parameters).toEqual([3]);
  });

  it('reads other tables of the tenant only', () => {
    const q = tenantScope({ db, tenantId: 7, perms: member })
      .selectFrom('relationships')
      .selectAll()
      .compile();
    expect(q.sql).toBe('select * from "relationships" where "relationships"."tenant_id" = ?');
    expect(q.parameters).toEqual([7]);
  });

  it('guards hand-written SQL on an alias with the tenant and the rule', () => {
    const visible = tenantScope({ db, tenantId: 5, perms: member }).visible('j1').compile(db);
    expect(visible.sql).toMatch(/^\("j1"\."tenant_id" = \? AND \("j1"\."type_id" IN \(/);
    expect(visible.parameters[0]).toBe(5);
    const forAdmin = tenantScope({ db, tenantId: 5, perms: admin }).visible('e0').compile(db);
    expect(forAdmin.sql).toBe('("e0"."tenant_id" = ? AND 1 = 1)');
  });

  it('guards SQL built without a handle the same way, and not without a tenant or a rule', () => {
    const guard = visible({ tenantId: 5, perms: member }, 'j1').compile(db);
    const scoped = tenantScope({ db, tenantId: 5, perms: member }).visible('j1').compile(db);
    expect([guard.sql, guard.parameters]).toEqual([scoped.sql, scoped.parameters]);
    const unguarded = [
      { tenantId: 0, perms: member },
      { tenantId: undefined, perms: member },
      { tenantId: 5, perms: undefined },
      { tenantId: 5, perms: {} },
    ] as unknown as Parameters<typeof visible>[0][];
    for (const caller of unguarded) expect(() => visible(caller, 'j1')).toThrow(UnscopedQueryError);
  });

  it('changes and deletes rows of the tenant only', () => {
    const scope = tenantScope({ db, tenantId: 7, perms: member });
    const update = scope.updateTable('sessions').set({ expires_at: 'x' }).where('id', '=', 'a').compile();
    expect(update.sql).toBe(
      'update "sessions" set "expires_at" = ? where "sessions"."tenant_id" = ? and "id" = ?',
    );
    expect(update.parameters).toEqual(['x', 7, 'a']);
    const remove = scope.deleteFrom('csv_uploads').where('id', '=', 'u').compile();
    expect(remove.sql).toBe('delete from "csv_uploads" where "csv_uploads"."tenant_id" = ? and "id" = ?');
    expect(remove.parameters).toEqual([7, 'u']);
  });

  it('guards hand-written SQL on a link or marker with the tenant, and not without one', () => {
    const guard = tenantScope({ db, tenantId: 5, perms: member }).owns('lk').compile(db);
    expect([guard.sql, guard.parameters]).toEqual(['"lk"."tenant_id" = ?', [5]]);
    expect(owns({ tenantId: 5 }, 'lk').compile(db)).toEqual(guard);
    for (const tenantId of [0, -1, Number.NaN, undefined as unknown as number])
      expect(() => owns({ tenantId }, 'lk')).toThrow(UnscopedQueryError);
  });
});
