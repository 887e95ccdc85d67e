import path from 'node:path';

/** Settings read from the environment once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded SQLite database in dataDir. */
  databaseUrl?: string;
  adminPassword?: string;
  logLevel: string;
  /** Creates the demo tenant on first start of an empty database. */
  seedDemo: boolean;
  /** Number of generated demo records per big type. */
  demoRecords: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, not '${env.PORT}'.`);
  const demoRecords = env.PLINTH_DEMO_RECORDS ? Number(env.PLINTH_DEMO_RECORDS) : 3000;
  if (!Number.isInteger(demoRecords) || demoRecords < 0)
    throw new ConfigError('PLINTH_DEMO_RECORDS must be a whole number.');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.PLINTH_ADMIN_PASSWORD ? { adminPassword: env.PLINTH_ADMIN_PASSWORD } : {}),
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: env.PLINTH_DEMO !== 'false',
    demoRecords,
  };
}
