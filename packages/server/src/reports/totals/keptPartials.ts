import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RequestContext } from '../../context.js';
import { ChunkVersions } from '../../data/chunkMarkers.js';
import { tenantScope } from '../../data/tenantScope.js';
import type { SegmentState } from './partialRows.js';

/**
 * Group partials kept across restarts (decision 0089): the per-chunk partials of a result-cache
 * entry and the chunk markers they were read under, stored by tenant and cache key. A process
 * without the entry in memory (just started, or another process) starts from them and reads again
 * only the chunks whose markers moved since, as it does from its own kept state (decision 0025):
 * whatever process stored them, a write since shows in the markers. The idle upkeep removes those
 * not stored again for 30 days (db/idleUpkeep.ts).
 */

/** Partial rows past which a state is not stored: its text would pass a few megabytes. */
const MAX_STORED_WEIGHT = 50_000;
/** The shape of what is stored; another (an older server's) is not read. */
const FORMAT = 1;

/** The row's key: a digest of the cache key, whose statements' text may be long for an index. */
function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** How the partials were grouped: by the keys' values, or by related ids (groupTargets). */
export type PartialsForm = 'keys' | 'targets';

/** The kept partials of `key`, or undefined when none were stored in this form. */
export async function loadKeptPartials(
  ctx: RequestContext,
  key: string,
  form: PartialsForm,
): Promise<SegmentState | undefined> {
  const row = await tenantScope(ctx)
    .selectFrom('kept_partials')
    .select('state')
    .where('cache_key', '=', storedKey(key))
    .executeTakeFirst();
  const text = row?.state;
  if (typeof text !== 'string') return undefined;
  try {
    return parseState(text, form);
  } catch {
    return undefined;
  }
}

/** Stores the partials of `key`; a failure is only a warning, the answer stands without it. */
export async function saveKeptPartials(
  ctx: RequestContext,
  key: string,
  form: PartialsForm,
  state: SegmentState,
): Promise<void> {
  if (state.weight > MAX_STORED_WEIGHT) return;
  try {
    const text = stringifyState(state, form);
    // Wall-clock time, as the idle upkeep that removes old ones reads it (not the request's clock,
    // which a test or a tenant may set elsewhere: the upkeep would take fresh partials for old).
    const at = Date.now();
    await tenantScope(ctx).execute(sql`INSERT INTO kept_partials (tenant_id, cache_key, state, saved_at)
        VALUES (${ctx.tenantId}, ${storedKey(key)}, ${text}, ${at})
        ON CONFLICT (tenant_id, cache_key) DO UPDATE SET state = excluded.state, saved_at = excluded.saved_at`);
  } catch (error) {
    process.emitWarning(`Group partials not kept: ${String(error)}`);
  }
}

interface StoredState {
  format: number;
  form: PartialsForm;
  meta: string;
  targets: string;
  versions: Array<[string, number]>;
  lastVersion?: number;
  groups: Array<[string, Record<string, unknown>]>;
  /** Per chunk: its number, its groups (Int32) and values (Float64), base64 of their bytes. */
  chunks: Array<[number, string, string]>;
  weight: number;
}

const bytesOf = (a: Int32Array | Float64Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

export function stringifyState(state: SegmentState, form: PartialsForm): string {
  const stored: StoredState = {
    format: FORMAT,
    form,
    meta: state.meta,
    targets: state.targets,
    versions: [...state.versions],
    ...(state.lastVersion === undefined ? {} : { lastVersion: state.lastVersion }),
    groups: state.groups.map((g) => [g.norm, g.keys]),
    chunks: [...state.chunks].map(([ch, c]) => [ch, bytesOf(c.groups), bytesOf(c.values)]),
    weight: state.weight,
  };
  // Ids PostgreSQL answers as bigint text stay text; a bigint value would not serialise.
  return JSON.stringify(stored, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The state stored as `text`; throws when it is not one of this form. */
export function parseState(text: string, form: PartialsForm): SegmentState | undefined {
  const s = JSON.parse(text) as StoredState;
  if (s.format !== FORMAT || s.form !== form) return undefined;
  const groups = s.groups.map(([norm, keys]) => ({ norm: String(norm), keys }));
  const chunks = new Map<number, { groups: Int32Array; values: Float64Array }>();
  for (const [ch, g, v] of s.chunks) {
    // A copy into fresh buffers: a Buffer's bytes may not be aligned for typed arrays.
    const groupIds = new Int32Array(new Uint8Array(Buffer.from(g, 'base64')).buffer);
    const values = new Float64Array(new Uint8Array(Buffer.from(v, 'base64')).buffer);
    if (groupIds.some((n) => n < 0 || n >= groups.length)) throw new Error('a group out of range');
    if (groupIds.length === 0 || values.length % groupIds.length !== 0) throw new Error('values do not fit');
    chunks.set(Number(ch), { groups: groupIds, values });
  }
  return {
    meta: String(s.meta),
    targets: String(s.targets),
    versions: ChunkVersions.of(s.versions.map(([k, v]) => [String(k), Number(v)] as const)),
    ...(typeof s.lastVersion === 'number' ? { lastVersion: s.lastVersion } : {}),
    groups,
    groupIndex: new Map(groups.map((g, n) => [g.norm, n])),
    chunks,
    blocks: new Map(),
    weight: Number(s.weight),
  };
}
