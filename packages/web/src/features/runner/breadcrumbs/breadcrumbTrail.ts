import type { BreadcrumbNameSealer } from './breadcrumbNames';
import { type BreadcrumbStore, cleanUpWeekly } from './breadcrumbStore';
import { breadcrumbIdOf, storedUrl, type TrailPage, trailOf, withTrailIds } from './trailUrl';

/** A breadcrumb as the bar shows it: the page's name and a link back to it with its own trail. */
export interface Breadcrumb {
  id: string;
  name: string;
  /** The stored URL with the trail that led to it. */
  href: string;
}

export interface BreadcrumbTrailOptions {
  openStore: () => Promise<BreadcrumbStore>;
  sealer: BreadcrumbNameSealer;
  now?: () => number;
  /** Where failures go (spec 01 §8: logged); the default is the console. */
  log?: (message: string, error: unknown) => void;
}

/** Messages of the logged failures (spec 01 §8). */
export const breadcrumbLogMessages = {
  initFailed: 'Breadcrumb init failed; showing no breadcrumbs.',
  updateFailed: 'Breadcrumb name update failed.',
} as const;

/**
 * The breadcrumbs of one signed-in session: records visits in the store `breadcrumbs` (names
 * sealed by the server) and reads a URL's trail back. Failures are logged and never thrown: a
 * trail that cannot be read is empty (spec 01 §8).
 */
export class BreadcrumbTrail {
  private store: Promise<BreadcrumbStore> | undefined;
  /** Names already sealed or opened in this session, so a page seen again costs no call. */
  private readonly sealedByName = new Map<string, string>();
  private readonly nameBySealed = new Map<string, string>();
  private readonly now: () => number;
  private readonly log: (message: string, error: unknown) => void;

  constructor(private readonly options: BreadcrumbTrailOptions) {
    this.now = options.now ?? (() => Date.now());
    this.log = options.log ?? ((message, error) => console.warn(message, error));
  }

  /** Opens the store once, cleaning up expired records at most weekly; a failed open is retried next time. */
  private openStore(): Promise<BreadcrumbStore> {
    this.store ??= this.options.openStore().then(async (store) => {
      await cleanUpWeekly(store, this.now());
      return store;
    });
    this.store.catch(() => {
      this.store = undefined;
    });
    return this.store;
  }

  /** Records that `page` was shown now, with its name sealed. Answers false when that failed (logged). */
  async recordVisit(page: TrailPage): Promise<boolean> {
    try {
      const store = await this.openStore();
      let sealed = this.sealedByName.get(page.name);
      if (sealed === undefined) {
        [sealed] = await this.options.sealer.seal([page.name]);
        if (sealed === undefined) throw new Error('The server sealed no name.');
        this.sealedByName.set(page.name, sealed);
        this.nameBySealed.set(sealed, page.name);
      }
      await store.put({
        id: breadcrumbIdOf(page.url),
        name: sealed,
        url: storedUrl(page.url),
        lastAccessed: this.now(),
      });
      return true;
    } catch (error) {
      this.log(breadcrumbLogMessages.updateFailed, error);
      return false;
    }
  }

  /** The breadcrumbs of the trail `url` carries, oldest first; [] when it has none or on any failure. */
  async load(url: string): Promise<Breadcrumb[]> {
    const ids = trailOf(url);
    if (ids.length === 0) return [];
    try {
      const store = await this.openStore();
      const records = await store.getMany(ids);
      const unknown = [...new Set(records.map((r) => r.name).filter((s) => !this.nameBySealed.has(s)))];
      if (unknown.length > 0) {
        const names = await this.options.sealer.open(unknown);
        for (const [i, sealed] of unknown.entries()) this.nameBySealed.set(sealed, names[i] ?? '');
      }
      return records.map((record) => ({
        id: record.id,
        name: this.nameBySealed.get(record.name) ?? '',
        href: withTrailIds(record.url, ids.slice(0, ids.indexOf(record.id))),
      }));
    } catch (error) {
      this.log(breadcrumbLogMessages.initFailed, error);
      return [];
    }
  }
}
