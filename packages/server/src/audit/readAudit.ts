import {
  type AuditAction,
  type AuditChange,
  type AuditEvent,
  type AuditPage,
  type EntityId,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import type { StoredChange } from './auditLog.js';

/** Which events to read: every filter optional; a page of `pageSize`, after `cursor`. */
export interface AuditFilter {
  entityId?: EntityId;
  userId?: EntityId;
  typeId?: EntityId;
  action?: AuditAction;
  from?: string;
  to?: string;
  cursor?: string;
  pageSize: number;
}

/**
 * Reads a page of the tenant's trail, newest first, as the caller may see it: field changes only of
 * fields the record's type still has, links only to records the caller can read (decision 0048).
 * Who may ask for what is the routes' business; this never leaves the caller's tenant.
 */
export async function readAudit(ctx: RequestContext, filter: AuditFilter): Promise<AuditPage> {
  let q = tenantScope(ctx)
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.pageSize + 1);
  if (filter.entityId !== undefined) q = q.where('entity_id', '=', filter.entityId);
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.typeId !== undefined) q = q.where('type_id', '=', filter.typeId);
  if (filter.action !== undefined) q = q.where('action', '=', filter.action);
  if (filter.from !== undefined) q = q.where('at', '>=', utc(filter.from));
  if (filter.to !== undefined) q = q.where('at', '<', utc(filter.to));
  if (filter.cursor !== undefined) {
    const [at, id] = filter.cursor.split('|') as [string, string];
    q = q.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', Number(id))])]));
  }
  const rows = await q.execute();
  const page = rows.slice(0, filter.pageSize);
  const last = page.at(-1);
  const nextCursor = rows.length > filter.pageSize && last ? `${last.at}|${last.id}` : null;

  const parsed = page.map((r) => ({ row: r, changes: JSON.parse(r.changes) as StoredChange[] }));
  const linked = new Set<EntityId>();
  for (const { changes } of parsed)
    for (const c of changes) if ('r' in c) for (const id of [...c.a, ...c.x]) linked.add(id);
  const readable = new Map((await tenantScope(ctx).readRecords([...linked])).map((r) => [r.id, r.name]));
  const userNames = await namesOfUsers(
    ctx,
    page.map((r) => r.user_id),
  );
  const events = parsed.map(({ row, changes }): AuditEvent => {
    const typeName = row.type_id === null ? null : (ctx.schema.type(row.type_id)?.name ?? null);
    const detail = row.detail ? (JSON.parse(row.detail) as AuditEvent['detail']) : undefined;
    return {
      id: Number(row.id),
      at: row.at,
      action: row.action as AuditAction,
      userId: row.user_id === null ? null : Number(row.user_id),
      userName: row.user_id === null ? null : (userNames.get(Number(row.user_id)) ?? null),
      entityId: row.entity_id === null ? null : Number(row.entity_id),
      entityName: row.entity_name,
      typeId: row.type_id === null ? null : Number(row.type_id),
      typeName,
      changes: row.type_id === null ? [] : visibleChanges(ctx, Number(row.type_id), changes, readable),
      ...(detail ? { detail } : {}),
    };
  });
  return { events, nextCursor };
}

/** The changes the caller may see, named as the schema names them now. */
function visibleChanges(
  ctx: RequestContext,
  typeId: EntityId,
  changes: readonly StoredChange[],
  readable: ReadonlyMap<EntityId, string | null>,
): AuditChange[] {
  const out: AuditChange[] = [];
  // Fields in the order the type lists them, then links.
  const position = new Map(ctx.schema.fieldsOf(typeId).map((f, i) => [f.id, i]));
  const at = (c: StoredChange) => ('f' in c ? (position.get(c.f) ?? 0) : Number.MAX_SAFE_INTEGER);
  for (const c of [...changes].sort((a, b) => at(a) - at(b))) {
    if ('f' in c) {
      const member = ctx.schema.member(typeId, `#${c.f}`);
      if (member?.kind !== 'field') continue;
      const { name, type: fieldType } = member.field;
      out.push({ kind: 'field', memberId: c.f, name, fieldType, oldValue: c.o, newValue: c.n });
      continue;
    }
    const member = ctx.schema.member(typeId, `#${c.r}:${c.d}`);
    if (member?.kind !== 'relationship') continue;
    const seen = (ids: readonly EntityId[]) =>
      ids.filter((id) => readable.has(id)).map((id) => ({ id, name: readable.get(id) ?? null }));
    const added = seen(c.a);
    const removed = seen(c.x);
    if (added.length === 0 && removed.length === 0) continue;
    const name = c.d === 'fwd' ? member.rel.toName : member.rel.fromName;
    out.push({ kind: 'relationship', memberId: c.r, direction: c.d, name, added, removed });
  }
  return out;
}

/** The user names of user accounts, read directly: who changed a record is part of its history. */
async function namesOfUsers(ctx: RequestContext, ids: ReadonlyArray<number | null>) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<EntityId, string | null>();
  const rows = await systemQuery(ctx.db, 'named by a readable record')
    .selectFrom('entities')
    .select(['id', 'name'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('type_id', '=', sysType.userAccount)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** An ISO time as the trail stores it (UTC, milliseconds), so text comparison orders it. */
function utc(time: string): string {
  return new Date(time).toISOString();
}
