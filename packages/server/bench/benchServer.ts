import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/openDatabase.js';
import type { Engine } from '../src/db/tables.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import type { Services } from '../src/services.js';
import { createTenant } from '../src/tenants/createTenant.js';
import { systemClock } from '../src/util/clock.js';
import { createBenchDatabase } from './benchDatabase.js';

/**
 * A server of its own for one bench run: a fresh database (a data directory, or a new PostgreSQL
 * database), a tenant 'bench' whose administrator is 'admin' with `password`, listening on `port`.
 * `close` stops it and removes the database.
 */
export async function startBenchServer(options: {
  name: string;
  engine: Engine;
  port: number;
  password: string;
  /** Gives the app the database's idle upkeep (the import asks it to run after a commit). */
  withUpkeep?: boolean;
}) {
  const { engine } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `plinth-${options.name}-bench-`));
  const created =
    engine === 'postgres' ? await createBenchDatabase(`plinth_${options.name}_bench`) : undefined;
  const database = await openDatabase(created ? { dataDir: '', databaseUrl: created.url } : { dataDir });
  const services: Services = {
    db: database.db,
    engine,
    clock: systemClock,
    metaCache: new TenantMetaCache(),
    systemTypes: registerSystemTypes(),
    ...(options.withUpkeep ? { upkeep: database.upkeep } : {}),
  };
  const { tenantId } = await createTenant(services.db, services.clock, {
    slug: 'bench',
    name: 'Bench',
    admin: { username: 'admin', password: options.password },
  });
  const app = await buildApp(services);
  await app.listen({ port: options.port, host: '127.0.0.1' });
  return {
    services,
    tenantId,
    url: `http://127.0.0.1:${options.port}`,
    async close() {
      await app.close();
      await database.close();
      await created?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
