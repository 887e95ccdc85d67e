import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** The browser's breadcrumb database and store (spec 01 §7). */
export const breadcrumbDatabaseName = 'rn-app-runner';
export const breadcrumbStoreName = 'breadcrumbs';
/** Entries not visited for this long are removed (spec 01 §9). */
export const breadcrumbMaxAgeMs = 90 * 24 * 60 * 60 * 1000;
/** Cleanup runs at most this often (spec 01 §9). */
export const breadcrumbCleanupIntervalMs = 7 * 24 * 60 * 60 * 1000;
/** Where the time of the last cleanup is kept (the spec names only the one store). */
export const lastCleanupKey = 'rn-app-runner.breadcrumbs.lastCleanup';

/** One visited page (decision 0071). */
export interface BreadcrumbRecord {
  /** `breadcrumbIdOf(url)`. */
  id: string;
  /** The page's name sealed by the server with the tenant's key: never kept in clear. */
  name: string;
  /** The page's URL, its trail and the other stripped parameters removed. */
  url: string;
  /** When the page was last shown, in ms since the epoch. */
  lastAccessed: number;
}

interface BreadcrumbDb extends DBSchema {
  breadcrumbs: { key: string; value: BreadcrumbRecord; indexes: { lastAccessed: number } };
}

/** The breadcrumb store: records by id, and the cleanup of old ones. */
export interface BreadcrumbStore {
  put(record: BreadcrumbRecord): Promise<void>;
  /** The records of `ids`, in that order; ids with no record are left out. */
  getMany(ids: readonly string[]): Promise<BreadcrumbRecord[]>;
  /** Removes records last visited more than 90 days before `now`; answers how many. */
  removeExpired(now: number): Promise<number>;
  close(): void;
}

/** Opens (creating on first use) the database `rn-app-runner` with its store `breadcrumbs`. */
export async function openBreadcrumbStore(): Promise<BreadcrumbStore> {
  const db: IDBPDatabase<BreadcrumbDb> = await openDB<BreadcrumbDb>(breadcrumbDatabaseName, 1, {
    upgrade(database) {
      const store = database.createObjectStore(breadcrumbStoreName, { keyPath: 'id' });
      store.createIndex('lastAccessed', 'lastAccessed');
    },
  });
  return {
    async put(record) {
      await db.put(breadcrumbStoreName, record);
    },
    async getMany(ids) {
      const tx = db.transaction(breadcrumbStoreName, 'readonly');
      const found = await Promise.all(ids.map((id) => tx.store.get(id)));
      await tx.done;
      return found.filter((r): r is BreadcrumbRecord => r !== undefined);
    },
    async removeExpired(now) {
      const tx = db.transaction(breadcrumbStoreName, 'readwrite');
      const range = IDBKeyRange.upperBound(now - breadcrumbMaxAgeMs, true);
      let removed = 0;
      for (let cursor = await tx.store.index('lastAccessed').openCursor(range); cursor; ) {
        await cursor.delete();
        removed++;
        cursor = await cursor.continue();
      }
      await tx.done;
      return removed;
    },
    close: () => db.close(),
  };
}

/**
 * Removes expired records unless a cleanup ran in the last 7 days (spec 01 §4, §9); answers
 * whether it ran. Without localStorage it runs each time it is asked, which is only slower.
 */
export async function cleanUpWeekly(store: BreadcrumbStore, now: number): Promise<boolean> {
  const last = Number(readLastCleanup());
  if (Number.isFinite(last) && last > 0 && now - last < breadcrumbCleanupIntervalMs && last <= now)
    return false;
  await store.removeExpired(now);
  writeLastCleanup(String(now));
  return true;
}

function readLastCleanup(): string | null {
  try {
    return window.localStorage.getItem(lastCleanupKey);
  } catch {
    return null;
  }
}

function writeLastCleanup(value: string): void {
  try {
    window.localStorage.setItem(lastCleanupKey, value);
  } catch {
    // Storage is full or refused: the next visit cleans up again.
  }
}
