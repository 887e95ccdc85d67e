import { type EntityResponse, type IdOrAlias, isToMany } from '@plinth/schema';
import { sql } from 'kysely';
import { linkedRecordExists } from '../access/linkedRecords.js';
import type { RequestContext } from '../context.js';
import { toEntityRow } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { jsonEquals } from '../db/jsonValue.js';
import { badRequest } from '../http/errors.js';
import { parseFieldQuery } from './fieldQuery.js';
import { materialize } from './readEntities.js';

/** The most records one call answers; larger pages are clamped and the applied size echoed. */
export const maxPageSize = 1000;

export interface EntitiesOfTypeQuery {
  typeId: IdOrAlias;
  query?: string | undefined;
  filter?: Record<string, string | number | boolean | null> | undefined;
  includeDerived: boolean;
  startIndex: number;
  pageSize: number;
}

/** Records of a type (derived types included unless asked otherwise) matching an equality filter, by name. */
export async function entitiesOfType(
  ctx: RequestContext,
  q: EntitiesOfTypeQuery,
): Promise<{ entities: EntityResponse[]; pageSize: number; hasMore: boolean }> {
  const type = ctx.schema.type(q.typeId);
  if (!type) throw badRequest(`Unknown type ${q.typeId}.`);
  const nodes = q.query === undefined ? undefined : parseFieldQuery(q.query);
  const pageSize = Math.min(q.pageSize, maxPageSize);
  const typeIds = q.includeDerived ? ctx.schema.descendants(type.id) : [type.id];
  let query = tenantScope(ctx).records().selectAll().where('type_id', 'in', typeIds);
  for (const [key, value] of Object.entries(q.filter ?? {})) {
    const member = ctx.schema.member(type.id, key);
    if (!member) throw badRequest(`Unknown field or relationship '${key}' on '${type.name}'.`);
    if (member.kind === 'field') {
      const f = member.field;
      // A calculated value is not stored: a filter on it would silently match nothing.
      if (f.type === 'Calculation') throw badRequest(`'${key}' is calculated; filter on it in a report.`);
      if (f.column === 'name' || f.column === 'alias') {
        query =
          value === null ? query.where(f.column, 'is', null) : query.where(f.column, '=', String(value));
      } else if (f.column) {
        throw badRequest(`'${key}' cannot be filtered on here; use a report.`);
      } else if (value === null) {
        query = query.where(
          sql<boolean>`${sql.raw(ctx.engine === 'postgres' ? `data -> '${f.id}'` : `json_extract(data, '$."${f.id}"')`)} is null`,
        );
      } else {
        query = query.where(jsonEquals(ctx.engine, f.id, value));
      }
      continue;
    }
    const { rel, direction } = member;
    const single =
      direction === 'fwd'
        ? !isToMany(rel.cardinality)
        : rel.cardinality === 'oneToOne' || rel.cardinality === 'oneToMany';
    if (!single || rel.column || (value !== null && typeof value !== 'number')) {
      throw badRequest(`'${key}' can only be filtered on with a record id, on a single-valued relationship.`);
    }
    // Only links to records the caller may read count: a hidden record filters like a missing one.
    const linked = linkedRecordExists(
      ctx,
      { rel, direction },
      'entities',
      value === null ? undefined : (id) => sql<boolean>`${id} = ${value}`,
    );
    query = query.where(value === null ? sql<boolean>`NOT ${linked}` : linked);
  }
  const rows = await query
    .orderBy('name')
    .orderBy('id')
    .offset(q.startIndex)
    .limit(pageSize + 1)
    .execute();
  const page = rows.slice(0, pageSize).map(toEntityRow);
  return { entities: await materialize(ctx, page, nodes, true), pageSize, hasMore: rows.length > pageSize };
}
