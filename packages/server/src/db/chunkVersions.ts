import type SQLite from 'better-sqlite3';

/**
 * SQLite's chunk markers take the tenant's next version from `plinth_chunk_version(highest)`
 * (decision 0152), `highest` being the tenant's highest marker version the writing statement sees.
 * The answer is above it and above every version this connection gave before, so a version a
 * rolled-back savepoint took (a reader in the same commit group may have seen it) is never given
 * again. The database is open in one connection only (exclusive locking), so the connection's
 * memory is the whole history; after a restart the markers themselves are.
 */
export function registerChunkVersions(sqlite: SQLite.Database): void {
  let last = 0;
  sqlite.function('plinth_chunk_version', { deterministic: false }, (highest: unknown) => {
    last = Math.max(last, Number(highest)) + 1;
    return last;
  });
}
