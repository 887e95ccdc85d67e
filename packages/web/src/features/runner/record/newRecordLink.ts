import {
  type EntityResponse,
  type TypeSchemaRelationship,
  type TypeSchemaResponse,
  typeSchemaResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';
import type { NewRecordLink } from '../../forms/public';
import type { RunnerQuery } from '../runnerQuery';

/**
 * The new record's end that `relTypeId` and `relDir` name (spec 01 §2, decision 0108). `relDir` is
 * the direction the relationship is followed from the related record (`relEid`) to the new one —
 * as the related record's own form lists the end — so the new record holds the other end.
 */
export function newRecordEnd(
  type: TypeSchemaResponse,
  relTypeId: number,
  relDir: 'fwd' | 'rev',
): TypeSchemaRelationship | undefined {
  const direction = relDir === 'fwd' ? 'rev' : 'fwd';
  return type.relationships.find((r) => r.id === relTypeId && r.direction === direction);
}

/** The type a record at the far side of the new record's end is, or derives from. */
export const farTypeOf = (end: TypeSchemaRelationship): number =>
  end.direction === 'fwd' ? end.toTypeId : end.fromTypeId;

type Caller = Pick<ApiClient, 'call' | 'getEntities'>;

/**
 * Where a new record of `type` starts related, from the route's relEid, relTypeId and relDir: the
 * related record, when all three are given, the end is one of the type's, and the record is one the
 * person may read of that end's type. Anything else is no link (null), never an error: a
 * malformed address opens the plain new record (bad input never crashes).
 */
export async function resolveNewRecordLink(
  client: Caller,
  type: TypeSchemaResponse,
  query: Pick<RunnerQuery, 'relEid' | 'relTypeId' | 'relDir'>,
  signal?: AbortSignal,
): Promise<NewRecordLink | null> {
  const { relEid, relTypeId, relDir } = query;
  if (relEid === null || relTypeId === null || relDir === null) return null;
  const end = newRecordEnd(type, relTypeId, relDir);
  if (!end) return null;
  try {
    const [related]: EntityResponse[] = (await client.getEntities({ ids: [relEid], query: 'name' }, signal))
      .entities;
    if (!related) return null;
    const wanted = farTypeOf(end);
    if (related.typeId !== wanted) {
      const path = `/spapi/data/v1/schema/type/${related.typeId}`;
      const { ancestors } = await client.call('GET', path, typeSchemaResponse, undefined, signal);
      if (!ancestors.some((a) => a.id === wanted)) return null;
    }
    return { key: end.endScriptName, record: { id: related.id, name: related.name } };
  } catch (error) {
    if (!signal?.aborted) console.warn('The record to relate the new record to could not be read', error);
    return null;
  }
}
