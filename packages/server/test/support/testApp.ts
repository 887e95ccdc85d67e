import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EntityChange } from '@plinth/schema';
import { sysRel } from '@plinth/schema';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { setPassword } from '../../src/auth/authService.js';
import { defaultPublicRateLimits } from '../../src/auth/publicRateLimits.js';
import { allocateIds, insertEntities, insertLinks } from '../../src/data/entityRepository.js';
import { type Database, openDatabase } from '../../src/db/openDatabase.js';
import type { Engine } from '../../src/db/tables.js';
import type { SystemTypeBehaviour } from '../../src/entities/systemTypeBehaviour.js';
import { openJobQueue } from '../../src/jobs/openJobQueue.js';
import { TenantMetaCache } from '../../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../../src/registerSystemTypes.js';
import type { Services } from '../../src/services.js';
import { createTenant } from '../../src/tenants/createTenant.js';
import type { Clock } from '../../src/util/clock.js';

/** The engines the integration suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = [
  'sqlite',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

/** A clock tests can set. */
export class TestClock implements Clock {
  constructor(public time = new Date('2026-03-15T01:30:00.000Z')) {}
  now() {
    return new Date(this.time);
  }
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A signed-in caller, speaking HTTP to the app through Fastify's inject. */
export class Client {
  constructor(
    private readonly app: FastifyInstance,
    readonly auth: { cookie?: string; csrf?: string; bearer?: string },
  ) {}

  async request<T = any>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.auth.cookie) h.cookie = this.auth.cookie;
    if (this.auth.csrf && method !== 'GET') h['x-csrf-token'] = this.auth.csrf;
    if (this.auth.bearer) h.authorization = `Bearer ${this.auth.bearer}`;
    const res = await this.app.inject({
      method,
      url,
      headers: h,
      ...(payload === undefined
        ? {}
        : typeof payload === 'string'
          ? { payload }
          : { payload: payload as object }),
    });
    const text = res.body;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.statusCode, body: body as T, headers: res.headers };
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }

  post<T = any>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body ?? {});
  }

  /** Puts entities and answers the response (status included). */
  put(entities: EntityChange[], deleted: number[] = []) {
    return this.post('/spapi/data/v1/entity/put', { entities, deleted });
  }

  read(id: number | string, query?: string) {
    return this.get(
      `/spapi/data/v1/entity/${id}${query === undefined ? '' : `?query=${encodeURIComponent(query)}`}`,
    );
  }
}

export interface TestApp {
  engine: Engine;
  /** The PostgreSQL database's URL (undefined on SQLite), for a second app on the same database. */
  databaseUrl: string | undefined;
  app: FastifyInstance;
  services: Services;
  clock: TestClock;
  tenantId: number;
  adminId: number;
  /** Signs in as a user of a tenant (default: the admin of the first tenant). */
  login(username?: string, password?: string, tenant?: string): Promise<Client>;
  /** An administrator client of the first tenant. */
  admin: Client;
  /** Creates another tenant with its own administrator `admin`. */
  addTenant(slug: string): Promise<{ tenantId: number; adminId: number; admin: Client }>;
  /** Creates a user with a password and roles, in the first tenant unless told otherwise. */
  addUser(username: string, roleIds: number[], tenantId?: number): Promise<number>;
  close(): Promise<void>;
}

export const ADMIN_PASSWORD = 'correct horse battery';

export interface TestAppOptions {
  /** System type behaviours the test adds to the product's own. */
  systemTypes?: ReadonlyArray<SystemTypeBehaviour<any>>;
}

/** Opens a fresh database (a temp folder, or a new PostgreSQL database) with one tenant `acme`. */
export async function startTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestApp> {
  const { database, dispose, databaseUrl } = await freshDatabase(engine);
  const clock = new TestClock();
  const systemTypes = registerSystemTypes();
  // Works nothing until a test gives it a queue to work; a short poll keeps waits short.
  const jobs = await openJobQueue({ db: database.db, engine }, { pollMs: 50 });
  for (const behaviour of options.systemTypes ?? []) systemTypes.register(behaviour);
  const services: Services = {
    db: database.db,
    engine,
    clock,
    metaCache: new TenantMetaCache(),
    systemTypes,
    jobs,
  };
  await jobs.start();
  // Every answer is checked against its contract, whatever NODE_ENV says (decision 0055). Anonymous
  // calls keep their per-address and per-report limits but not the share of the server's time: on a
  // loaded CI machine one slow public call would spend a second's share and refuse the test's next
  // one. publicRateLimits.test.ts checks the time share with its own app.
  const app = await buildApp(services, {
    validateResponses: true,
    publicLimits: { ...defaultPublicRateLimits, publicTimeShare: 1, publicConcurrency: 8 },
  });
  const { tenantId, adminUserId } = await createTenant(services.db, clock, {
    slug: 'acme',
    name: 'Acme',
    admin: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const login = async (username = 'admin', password = ADMIN_PASSWORD, tenant = 'acme') => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { tenant, username, password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    const cookies = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return new Client(app, { cookie: cookies, csrf: JSON.parse(res.body).csrfToken });
  };
  const addUser = async (username: string, roleIds: number[], inTenant = tenantId) => {
    const id = await allocateIds(services.db, inTenant, 1);
    const now = clock.now().toISOString();
    await insertEntities(services.db, inTenant, [
      {
        id,
        typeId: 9,
        name: username,
        alias: null,
        data: {},
        version: 1,
        createdAt: now,
        modifiedAt: now,
        createdBy: null,
        modifiedBy: null,
        ownerId: null,
      },
    ]);
    await insertLinks(
      services.db,
      inTenant,
      roleIds.map((r) => ({ relId: sysRel.userHasRole, fromId: id, toId: r })),
    );
    await setPassword(services.db, inTenant, id, ADMIN_PASSWORD);
    return id;
  };
  const admin = await login();
  return {
    engine,
    databaseUrl,
    app,
    services,
    clock,
    tenantId,
    adminId: adminUserId,
    login,
    admin,
    addUser,
    async addTenant(slug: string) {
      const t = await createTenant(services.db, clock, {
        slug,
        name: slug,
        admin: { username: 'admin', password: ADMIN_PASSWORD },
      });
      return {
        tenantId: t.tenantId,
        adminId: t.adminUserId,
        admin: await login('admin', ADMIN_PASSWORD, slug),
      };
    },
    async close() {
      // The queue of now: a test may have put its own in place.
      await services.jobs?.stop();
      await app.close();
      await database.close();
      await dispose();
    },
  };
}

async function freshDatabase(
  engine: Engine,
): Promise<{ database: Database; dispose: () => Promise<void>; databaseUrl?: string }> {
  if (engine === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-test-'));
    const database = await openDatabase({ dataDir });
    return { database, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `plinth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ dataDir: '', databaseUrl: url.toString() });
  return {
    database,
    databaseUrl: url.toString(),
    dispose: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
