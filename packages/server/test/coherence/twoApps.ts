import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/openDatabase.js';
import { TenantMetaCache } from '../../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../../src/registerSystemTypes.js';
import type { Services } from '../../src/services.js';
import { Client, startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Two servers on one PostgreSQL database, as two processes of `PLINTH_WORKERS` are (decision
 * 0052): A is the test app, B a second app with its own connection pool, services and caches.
 * Every cache of the server lives in an app's services or is keyed by its database handle (the
 * module state test keeps it so), so B shares no cache with A: what B answers after a write
 * through A, it read from the database.
 */
export interface TwoApps {
  /** The first server, with the harness's helpers (sign-in, users, tenants). */
  t: TestApp;
  /** The second server. */
  appB: FastifyInstance;
  servicesB: Services;
  /** The same caller (session cookie or API token) speaking to B. */
  onB(client: Client): Client;
  close(): Promise<void>;
}

/** What B is built with instead of the product's own (for the tests that break a cache on purpose). */
export interface TwoAppsOptions {
  /** A Kysely plugin on B's database handle. */
  pluginB?: KyselyPlugin;
  metaCacheB?: TenantMetaCache;
}

export async function startTwoApps(options: TwoAppsOptions = {}): Promise<TwoApps> {
  const t = await startTestApp('postgres');
  if (!t.databaseUrl) throw new Error('the second app needs the PostgreSQL database of the first');
  const database = await openDatabase({ dataDir: '', databaseUrl: t.databaseUrl });
  const servicesB: Services = {
    db: options.pluginB ? database.db.withPlugin(options.pluginB) : database.db,
    engine: 'postgres',
    clock: t.clock,
    metaCache: options.metaCacheB ?? new TenantMetaCache(),
    systemTypes: registerSystemTypes(),
  };
  const appB = await buildApp(servicesB);
  return {
    t,
    appB,
    servicesB,
    onB: (client) => new Client(appB, client.auth),
    async close() {
      await appB.close();
      await database.close();
      await t.close();
    },
  };
}
