import { schemaFromRecords, sysRel, sysType } from '@plinth/schema';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AccessRule } from './accessRules.js';
import { linkedRecordExists } from './linkedRecords.js';
import { Permissions } from './Permissions.js';

const schema = schemaFromRecords([], []);
/** Kysely only to render SQL: never connected. */
const db = new Kysely<Record<string, never>>({
  dialect: new SqliteDialect({ database: async () => ({}) as never }),
});
const role = 50_000;
const actor = (isAdmin: boolean) => ({ tenantId: 7, userId: 10_042, roleIds: new Set([role]), isAdmin });
const readReports = (ownedOnly: boolean): AccessRule => ({
  id: 1,
  roleId: role,
  typeId: sysType.report,
  canRead: true,
  canCreate: false,
  canModify: false,
  canDelete: false,
  ownedOnly,
});
// A type's default display report: the link leads to a Report record.
const end = { rel: schema.relationship(sysRel.defaultDisplayReport)!, direction: 'fwd' as const };
const rendered = (perms: Permissions, match = true) =>
  linkedRecordExists(
    { tenantId: 7, schema, perms },
    end,
    'entities',
    match ? (id) => sql<boolean>`${id} = ${123}` : undefined,
  ).compile(db);

describe('linkedRecordExists', () => {
  it('reads the link table alone for an administrator, as before decision 0051', () => {
    const q = rendered(new Permissions(schema, [], actor(true)));
    expect(q.sql).toBe(
      'EXISTS (SELECT 1 FROM relationships lk WHERE "lk"."tenant_id" = ? AND lk.rel_id = ? AND "lk"."from_id" = "entities"."id" AND "lk"."to_id" = ?)',
    );
    expect(q.parameters).toEqual([7, sysRel.defaultDisplayReport, 123]);
  });

  it('reads the link table alone when the caller may read every record of the linked type', () => {
    const q = rendered(new Permissions(schema, [readReports(false)], actor(false)), false);
    expect(q.sql).not.toContain('JOIN');
  });

  it("joins the linked record under the caller's read rule when it may hide some", () => {
    const own = rendered(new Permissions(schema, [readReports(true)], actor(false)));
    expect(own.sql).toContain('JOIN entities lke ON lke.tenant_id = lk.tenant_id AND lke.id = "lk"."to_id"');
    expect(own.sql).toContain('"lke"."owner_id" = ?');
    expect(own.parameters).toContain(10_042);
    const none = rendered(new Permissions(schema, [], actor(false)));
    expect(none.sql).toContain('JOIN entities lke');
    expect(none.sql).toContain('1 = 0');
  });

  it('follows the reverse end from the other side', () => {
    const q = linkedRecordExists(
      { tenantId: 7, schema, perms: new Permissions(schema, [], actor(true)) },
      { ...end, direction: 'rev' },
      'e0',
    ).compile(db);
    expect(q.sql).toContain('"lk"."to_id" = "e0"."id"');
  });
});
