import { sysType } from '@plinth/schema';
import { sql } from 'kysely';
import { systemQuery } from '../data/systemQuery.js';
import type { Db } from '../db/tables.js';
import type { Clock } from '../util/clock.js';
import { type Account, loadAccount } from './authService.js';
import { secretHash } from './tokens.js';

/** What a session cookie or an API token stands for, as the caller cache keeps it. */
export interface Caller {
  tenantId: number;
  userId: number;
  account: Account;
  /** The session's CSRF token; undefined for an API token. */
  csrfToken?: string;
  /** The API token's id (its hash); undefined for a session. */
  tokenId?: string;
  /** The tenant's metamodel version read with the markers, for the meta cache. */
  metaVersion: number;
  /** The reports' and tenant settings' change markers read with the caller's (loadReport). */
  definitionMarkers: DefinitionMarkers;
}

/**
 * The change markers of the records most requests read besides their data: the reports and the
 * tenant's settings. Read in the caller's statement, so that a kept report costs no statement of
 * its own (loadReport); as of the start of the request.
 */
export interface DefinitionMarkers {
  reports: number;
  settings: number;
}

/** The tenant's markers a kept caller is valid under. */
interface Markers {
  /** The change marker of the user accounts' type: any account, its data or its roles. */
  users: number;
  /** The sign-in marker: any session or API token ended or changed (migration 017). */
  signIn: number;
}

interface Entry {
  tenantId: number;
  userId: number;
  account: Account;
  csrfToken?: string;
  tokenId?: string;
  /** When the session or token is refused from (ISO); null: never. */
  expiresAt: string | null;
  markers: Markers;
  /** When this process last wrote, or saw written, the token's last use (ms since the epoch). */
  lastUsedMs?: number;
}

/** The most callers kept per database; the least recently used goes first. */
const maxEntries = 10_000;

/** How long a token's recorded last use may lag behind its real one. */
export const lastUseInterval = 60_000;

const caches = new WeakMap<object, Map<string, Entry>>();
const pendingUses = new WeakMap<object, Map<string, string>>();
/** The write of last uses under way, which a later one (and the token list) waits for. */
const writing = new WeakMap<object, Promise<void>>();

/**
 * The markers a kept caller is checked against, of the tenant in the row's `tenantColumn`, and
 * the definition markers the request is given.
 */
function markersOf(tenantColumn: string) {
  const typeMarker = (typeId: number) =>
    sql`(SELECT version FROM change_markers WHERE tenant_id = ${sql.ref(tenantColumn)} AND type_id = ${typeId})`;
  return sql<MarkerRow>`
    ${typeMarker(sysType.userAccount)} AS u,
    (SELECT version FROM sign_in_markers WHERE tenant_id = ${sql.ref(tenantColumn)}) AS a,
    ${typeMarker(sysType.report)} AS r,
    ${typeMarker(sysType.tenantSettings)} AS s`;
}

interface MarkerRow {
  u: unknown;
  a: unknown;
  r: unknown;
  s: unknown;
}

const toMarkers = (row: MarkerRow): Markers => ({
  users: Number(row.u ?? 0),
  signIn: Number(row.a ?? 0),
});

const toDefinitionMarkers = (row: MarkerRow): DefinitionMarkers => ({
  reports: Number(row.r ?? 0),
  settings: Number(row.s ?? 0),
});

/**
 * The caller a session token or API token secret identifies, or undefined when it is unknown,
 * expired, ended or revoked, or its account no longer exists (decision 0061). Resolved callers
 * are kept per database handle (one per process in production) and served only while the
 * tenant's markers read for this request — the user accounts' change marker and the sign-in
 * marker, both moved by triggers in the writing transaction — are those the entry was read under:
 * a signed-out session, a revoked token, a disabled account or a changed role is seen by the very
 * next request, whichever process made the change. A kept caller costs one statement, which also
 * reads the metamodel version the meta cache needs and the definition markers (decision 0158).
 */
export async function resolveCaller(
  db: Db,
  clock: Clock,
  kind: 'session' | 'token',
  secret: string,
): Promise<Caller | undefined> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const id = secretHash(secret);
  const key = `${kind === 'session' ? 's' : 't'}:${id}`;
  const now = clock.now();
  const nowIso = now.toISOString();
  const kept = cache.get(key);
  // The entry stays kept while its markers are read: requests of the caller at the same time check
  // it too, each against the markers of its own request, rather than read the session again.
  if (kept) {
    if (kept.expiresAt !== null && kept.expiresAt <= nowIso) {
      cache.delete(key);
      return undefined;
    }
    const result = await sql<MarkerRow & { m: unknown }>`SELECT meta_version AS m, ${markersOf(
      'tenants.id',
    )} FROM tenants WHERE id = ${kept.tenantId}`.execute(systemQuery(db, 'sign-in'));
    const row = result.rows[0];
    if (!row) {
      cache.delete(key);
      return undefined;
    }
    const markers = toMarkers(row);
    if (markers.users === kept.markers.users && markers.signIn === kept.markers.signIn) {
      // The most recently used goes last, furthest from eviction.
      if (cache.get(key) === kept) {
        cache.delete(key);
        cache.set(key, kept);
      }
      noteUse(db, kept, now);
      return callerOf(kept, Number(row.m), toDefinitionMarkers(row));
    }
  }
  const read = await (kind === 'session' ? readSession(db, id, nowIso) : readToken(db, id, nowIso));
  if (!read) return undefined;
  // Read after the markers: an entry may be newer than its markers, never older.
  const account = await loadAccount(db, read.tenantId, read.userId);
  if (!account) return undefined;
  const entry: Entry = {
    tenantId: read.tenantId,
    userId: read.userId,
    account,
    expiresAt: read.expiresAt,
    markers: read.markers,
    ...(kind === 'session' ? { csrfToken: read.csrfToken } : { tokenId: id }),
    ...(read.lastUsedAt ? { lastUsedMs: Date.parse(read.lastUsedAt) } : {}),
  };
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  noteUse(db, entry, now);
  return callerOf(entry, read.metaVersion, read.definitionMarkers);
}

function callerOf(entry: Entry, metaVersion: number, definitionMarkers: DefinitionMarkers): Caller {
  return {
    tenantId: entry.tenantId,
    userId: entry.userId,
    account: entry.account,
    csrfToken: entry.csrfToken,
    tokenId: entry.tokenId,
    metaVersion,
    definitionMarkers,
  };
}

interface Read {
  tenantId: number;
  userId: number;
  csrfToken?: string;
  expiresAt: string | null;
  lastUsedAt?: string | null;
  markers: Markers;
  metaVersion: number;
  definitionMarkers: DefinitionMarkers;
}

/** A session that has not expired, with its tenant's markers, in one statement. */
async function readSession(db: Db, id: string, nowIso: string): Promise<Read | undefined> {
  const result = await sql<
    MarkerRow & { tenant_id: number; user_id: number; csrf_token: string; expires_at: string; m: unknown }
  >`SELECT s.tenant_id, s.user_id, s.csrf_token, s.expires_at, t.meta_version AS m, ${markersOf(
    's.tenant_id',
  )}
    FROM sessions s JOIN tenants t ON t.id = s.tenant_id
    WHERE s.id = ${id} AND s.expires_at > ${nowIso}`.execute(systemQuery(db, 'sign-in'));
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    tenantId: Number(row.tenant_id),
    userId: Number(row.user_id),
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
    markers: toMarkers(row),
    metaVersion: Number(row.m),
    definitionMarkers: toDefinitionMarkers(row),
  };
}

/** An API token that has not expired, with its tenant's markers, in one statement. */
async function readToken(db: Db, id: string, nowIso: string): Promise<Read | undefined> {
  const result = await sql<
    MarkerRow & {
      tenant_id: number;
      user_id: number;
      expires_at: string | null;
      last_used_at: string | null;
      m: unknown;
    }
  >`SELECT k.tenant_id, k.user_id, k.expires_at, k.last_used_at, t.meta_version AS m, ${markersOf(
    'k.tenant_id',
  )}
    FROM api_tokens k JOIN tenants t ON t.id = k.tenant_id
    WHERE k.id = ${id} AND (k.expires_at IS NULL OR k.expires_at > ${nowIso})`.execute(
    systemQuery(db, 'sign-in'),
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    tenantId: Number(row.tenant_id),
    userId: Number(row.user_id),
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    markers: toMarkers(row),
    metaVersion: Number(row.m),
    definitionMarkers: toDefinitionMarkers(row),
  };
}

/**
 * Notes a token's use: its last-used time is written at most once a minute per token and
 * process, never by the request itself but by `writeLastUses` after its answer.
 */
function noteUse(db: Db, entry: Entry, now: Date): void {
  if (entry.tokenId === undefined) return;
  const ms = now.getTime();
  if (entry.lastUsedMs !== undefined && ms - entry.lastUsedMs < lastUseInterval) return;
  entry.lastUsedMs = ms;
  let pending = pendingUses.get(db);
  if (!pending) {
    pending = new Map();
    pendingUses.set(db, pending);
  }
  pending.set(entry.tokenId, now.toISOString());
}

/**
 * Writes the last uses noted since the last call, each in a statement of its own outside any
 * request's transaction, and only over an older time (another process may have written a newer
 * one). Called after a request's answer is sent, and before the token list is read: it waits for
 * a write under way, so the list shows every use this process has noted.
 */
export async function writeLastUses(db: Db): Promise<void> {
  const before = writing.get(db);
  const pending = pendingUses.get(db);
  const uses = pending ? [...pending] : [];
  pending?.clear();
  const done = (async () => {
    await before;
    for (const [id, at] of uses) {
      const earlier = new Date(Date.parse(at) - lastUseInterval).toISOString();
      // A token is known by its secret's hash before there is a caller, as at sign-in.
      await systemQuery(db, 'sign-in')
        .updateTable('api_tokens')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', earlier)]))
        .execute();
    }
  })();
  writing.set(db, done);
  try {
    await done;
  } finally {
    if (writing.get(db) === done) writing.delete(db);
  }
}

/** Writes the uses noted so far once the request's answer has been sent (decision 0061). */
export function writeLastUsesAfter(
  db: Db,
  answer: { once(event: 'finish', listener: () => void): unknown },
  log: { warn(obj: object, msg: string): void },
): void {
  if ((pendingUses.get(db)?.size ?? 0) === 0) return;
  answer.once('finish', () => {
    writeLastUses(db).catch((err: unknown) => log.warn({ err }, "an API token's last use was not written"));
  });
}
