import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { runCluster } from './cluster/runCluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { bandSpreadTask } from './data/search/bandSpread.js';
import { DataDirLockedError, openDatabase } from './db/openDatabase.js';
import { FolderBlobStore } from './files/BlobStore.js';
import { blobSweepTask } from './files/blobSweep.js';
import { ensureAllDocumentFileTypes } from './files/documentTypes.js';
import { collectWhenIdle } from './http/collectWhenIdle.js';
import { openJobQueue } from './jobs/openJobQueue.js';
import { TenantMetaCache } from './metamodel/tenantMetaCache.js';
import { registerJobs } from './registerJobs.js';
import { registerSystemTypes } from './registerSystemTypes.js';
import type { Services } from './services.js';
import { syncAllCatalogues } from './tenants/createTenant.js';
import { systemClock } from './util/clock.js';

/** The database, services and app of one server process, not yet listening. */
async function openServer(config: Config) {
  const database = await openDatabase(config);
  const store = new FolderBlobStore(config.filesDir);
  database.upkeep.add(blobSweepTask(database.db, database.engine, store));
  if (database.engine === 'sqlite') database.upkeep.add(bandSpreadTask(database.db));
  const services: Services = {
    db: database.db,
    engine: database.engine,
    clock: systemClock,
    metaCache: new TenantMetaCache(),
    systemTypes: registerSystemTypes(),
    files: { store, maxUploadBytes: config.maxUploadBytes },
    upkeep: database.upkeep,
    ...(config.smtp ? { mail: config.smtp } : {}),
    // Started once the process serves; a failed try goes to the app's log (decision 0127).
    jobs: await openJobQueue(database, {
      leaseMs: config.jobLeaseMs,
      onError: (error, job) =>
        app.log.warn(
          { err: error, job: job && { id: job.id, queue: job.queue, attempt: job.attempt } },
          'job failed',
        ),
    }),
  };
  const app = await buildApp(services, {
    logger: { level: config.logLevel },
    ai: config,
    secureCookies: config.secureCookies,
    trustProxy: config.trustProxy,
    publicLimits: config,
    ...(config.operatorToken ? { operatorToken: config.operatorToken } : {}),
  });
  // The job queue's handlers report to the app's log; the queue starts once the process serves.
  registerJobs(services, app.log);
  collectWhenIdle(app);
  return { database, services, app };
}

type Server = Awaited<ReturnType<typeof openServer>>;

/** What runs once per database before serving: catalogues, document file types, the demo tenant. */
async function prepareDatabase(config: Config, { services, app }: Server) {
  const log = app.log;
  await syncAllCatalogues(services.db, services.clock);
  await ensureAllDocumentFileTypes(services.db, services.clock);
  const hasTenant = await services.db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (!hasTenant && config.seedDemo) {
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    // Written before seeding: a start stopped halfway leaves a tenant whose password must be known.
    if (!config.adminPassword) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      const file = path.join(config.dataDir, 'admin-password.txt');
      fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
      console.log(
        `\n  Administrator: tenant "demo", user "admin", password ${password}\n  (also written to ${file})\n`,
      );
    }
    log.info({ records: config.demoRecords }, 'creating the demo tenant');
    // Loaded only to seed: faker alone holds some 16 MB of heap (decision 0134).
    const { seedDemo } = await import('./demo/seedDemo.js');
    await seedDemo(services, { adminPassword: password, records: config.demoRecords });
  }
}

/** Serves until SIGINT or SIGTERM (or, in a worker, until the primary process goes); answers the port. */
async function serve(config: Config, { app, database, services }: Server): Promise<number> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    // Running jobs end before the database closes; the rest wait in it for the next start.
    await services.jobs?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('disconnect'));

  // Every serving process works jobs; the cluster's primary serves nothing and works none.
  await services.jobs?.start();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}

const banner = (port: number, workers: number) =>
  `\n  Plinth is running at http://localhost:${port}/  (API docs: http://localhost:${port}/api/docs)${
    workers > 1 ? `\n  ${workers} server processes share the port (PLINTH_WORKERS)` : ''
  }\n`;

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isWorker) {
    // The primary prepared the database; a worker only serves.
    await serve(config, await openServer(config));
    return;
  }
  const server = await openServer(config);
  await prepareDatabase(config, server);
  if (config.workers > 1) {
    // The primary serves nothing: it hands connections to the workers (decision 0052).
    await server.app.close();
    await server.services.jobs?.stop();
    await server.database.close();
    const port = await runCluster(config.workers, server.app.log);
    console.log(banner(port, config.workers));
    return;
  }
  console.log(banner(await serve(config, server), 1));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
