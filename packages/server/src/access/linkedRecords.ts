import type { EntityId, RelationshipDef, Schema } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import { owns, visible } from '../data/tenantScope.js';
import type { Permissions } from './Permissions.js';

/** What following a link needs of the caller (a RequestContext has it). */
export interface LinkContext {
  tenantId: number;
  schema: Schema;
  perms: Pick<Permissions, 'readsAllOf' | 'rowSql'>;
}

/** One end of a relationship, seen from the records it starts at. */
export interface LinkEnd {
  rel: RelationshipDef;
  direction: 'fwd' | 'rev';
}

/** The types a relationship end may reach: its far type and the types derived from it. */
export function linkedTypeIds(schema: Schema, end: LinkEnd): EntityId[] {
  return schema.descendants(end.direction === 'fwd' ? end.rel.toTypeId : end.rel.fromTypeId);
}

/**
 * Whether the record aliased `owner` has a linked record through `end` that the caller may read
 * (and, with `match`, for which `match` holds on the linked id): a record the caller cannot read is
 * no link at all, exactly as if it did not exist (decision 0051). A filter, a blank test or a
 * lookup by id through a link goes through here.
 *
 * The linked record is joined only when the caller's rules may hide some of its type: for an
 * administrator and a type-level read of the whole type the link table alone answers, as it always
 * did.
 */
export function linkedRecordExists(
  ctx: LinkContext,
  end: LinkEnd,
  owner: string,
  match?: (linkedId: RawBuilder<unknown>) => RawBuilder<boolean>,
): RawBuilder<boolean> {
  const [self, other] =
    end.direction === 'fwd' ? (['from_id', 'to_id'] as const) : (['to_id', 'from_id'] as const);
  const linkedId = sql.ref(`lk.${other}`);
  const where = [
    owns(ctx, 'lk'),
    sql<boolean>`lk.rel_id = ${end.rel.id}`,
    sql<boolean>`${sql.ref(`lk.${self}`)} = ${sql.ref(`${owner}.id`)}`,
    ...(match ? [match(linkedId)] : []),
  ];
  if (ctx.perms.readsAllOf(linkedTypeIds(ctx.schema, end)))
    return sql<boolean>`EXISTS (SELECT 1 FROM relationships lk WHERE ${sql.join(where, sql` AND `)})`;
  return sql<boolean>`EXISTS (SELECT 1 FROM relationships lk JOIN entities lke ON lke.tenant_id = lk.tenant_id AND lke.id = ${linkedId}
    WHERE ${sql.join(where, sql` AND `)} AND ${visible(ctx, 'lke')})`;
}
