import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase } from './db/openDatabase.js';
import { seedDemo } from './demo/seedDemo.js';
import { FolderBlobStore } from './files/BlobStore.js';
import { ensureAllDocumentFileTypes } from './files/documentTypes.js';
import { TenantMetaCache } from './metamodel/tenantMetaCache.js';
import { registerSystemTypes } from './registerSystemTypes.js';
import type { Services } from './services.js';
import { syncAllCatalogues } from './tenants/createTenant.js';
import { systemClock } from './util/clock.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const services: Services = {
    db: database.db,
    engine: database.engine,
    clock: systemClock,
    metaCache: new TenantMetaCache(),
    systemTypes: registerSystemTypes(),
    files: { store: new FolderBlobStore(config.filesDir), maxUploadBytes: config.maxUploadBytes },
  };
  const app = await buildApp(services, {
    logger: { level: config.logLevel },
    ai: config,
    secureCookies: config.secureCookies,
    trustProxy: config.trustProxy,
    publicLimits: config,
    ...(config.operatorToken ? { operatorToken: config.operatorToken } : {}),
  });
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
    await seedDemo(services, { adminPassword: password, records: config.demoRecords });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `\n  Plinth is running at http://localhost:${port}/  (API docs: http://localhost:${port}/api/docs)\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
