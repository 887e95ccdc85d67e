import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysType } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import { runTenantCommand } from '../src/tenants/tenantCommand.js';
import { systemClock } from '../src/util/clock.js';
import { Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const token = 'operator-token-of-at-least-24-chars';

describe.each(engines)('the operator API and tenant settings on %s', (engine) => {
  let t: TestApp;
  let withOperator: FastifyInstance;

  const create = (body: unknown, bearer: string | null = token, app = withOperator) =>
    app.inject({
      method: 'POST',
      url: '/operator/v1/tenants',
      headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
      payload: body as object,
    });
  const signIn = (tenant: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { tenant, username, password } });

  beforeAll(async () => {
    t = await startTestApp(engine);
    withOperator = await buildApp(t.services, { operatorToken: token });
  });
  afterAll(async () => {
    await withOperator.close();
    await t.close();
  });

  it('creates a tenant whose administrator can sign in, with a generated password shown once', async () => {
    const res = await create({
      slug: 'initech',
      name: 'Initech',
      admin: { username: 'bill' },
      settings: { timeZone: 'America/Chicago', financialYearStartMonth: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ slug: 'initech', adminUsername: 'bill' });
    expect(body.generatedPassword).toMatch(/^[\w-]{20}$/);
    const login = await signIn('initech', 'bill', body.generatedPassword);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ isAdmin: true, tenantId: body.tenantId });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const settings = await t.app.inject({
      method: 'GET',
      url: '/spapi/data/v1/tenantSettings',
      headers: { cookie },
    });
    expect(settings.json()).toMatchObject({
      tenantName: 'Initech',
      timeZone: 'America/Chicago',
      financialYearStartMonth: 1,
    });

    const given = await create({
      slug: 'hooli',
      name: 'Hooli',
      admin: { username: 'gavin', password: 'a long passphrase' },
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().generatedPassword).toBeUndefined();
    expect((await signIn('hooli', 'gavin', 'a long passphrase')).statusCode).toBe(200);
  });

  it('refuses a taken slug, a bad slug, a short password and an unknown time zone, creating nothing', async () => {
    const count = async () => (await t.services.db.selectFrom('tenants').select('id').execute()).length;
    const before = await count();
    const taken = await create({ slug: 'acme', name: 'Again', admin: { username: 'x' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("A tenant with the slug 'acme' already exists.");
    expect((await create({ slug: 'Bad Slug!', name: 'x', admin: { username: 'x' } })).statusCode).toBe(400);
    expect(
      (await create({ slug: 'shorty', name: 'x', admin: { username: 'x', password: 'short' } })).statusCode,
    ).toBe(400);
    const zone = await create({
      slug: 'zoned',
      name: 'x',
      admin: { username: 'x' },
      settings: { timeZone: 'Mars/Base' },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.message).toBe("'Mars/Base' is not a known time zone.");
    expect(await count()).toBe(before);
  });

  it('is closed without the right token, and off when no token is configured', async () => {
    const body = { slug: 'sneaky', name: 'Sneaky', admin: { username: 'x' } };
    expect((await create(body, null)).statusCode).toBe(401);
    expect((await create(body, 'wrong-token-wrong-token-wrong')).statusCode).toBe(401);
    // A tenant administrator's session is not the operator.
    const asAdmin = await new Client(withOperator, t.admin.auth).post('/operator/v1/tenants', body);
    expect(asAdmin.status).toBe(401);
    // t.app was built without a token: the API is not there at all.
    expect((await create(body, token, t.app)).statusCode).toBe(404);
    expect(
      await t.services.db.selectFrom('tenants').select('id').where('slug', '=', 'sneaky').execute(),
    ).toEqual([]);
  });

  it("lets administrators change the tenant's time zone, locale and financial year, and no one else", async () => {
    const res = await t.admin.request('PUT', '/spapi/data/v1/tenantSettings', {
      timeZone: 'Europe/Berlin',
      locale: 'de-DE',
      financialYearStartMonth: 4,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      timeZone: 'Europe/Berlin',
      locale: 'de-DE',
      financialYearStartMonth: 4,
    });
    const bad = await t.admin.request('PUT', '/spapi/data/v1/tenantSettings', { timeZone: 'Nowhere/Land' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.errors[0].message).toBe("'Nowhere/Land' is not a known time zone.");
    expect(
      (await t.admin.request('PUT', '/spapi/data/v1/tenantSettings', { financialYearStartMonth: 13 })).status,
    ).toBe(400);
    await t.addUser('plain', []);
    const plain = await t.login('plain');
    expect((await plain.request('PUT', '/spapi/data/v1/tenantSettings', { locale: 'en-US' })).status).toBe(
      403,
    );
    expect((await t.admin.get('/spapi/data/v1/tenantSettings')).body).toMatchObject({
      timeZone: 'Europe/Berlin',
      locale: 'de-DE',
    });
    // The change is in the trail like any other.
    const trail = await t.admin.get(`/spapi/data/v1/audit?typeId=${sysType.tenantSettings}`);
    expect(trail.body.events[0].changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ oldValue: 'UTC', newValue: 'Europe/Berlin' })]),
    );
  });
});

describe('npm run tenant -- create', () => {
  it('creates a tenant whose administrator can sign in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-tenant-cmd-'));
    const env = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((m: string) => void out.push(m));
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(
        await runTenantCommand(['create', 'umbrella', '--name', 'Umbrella Corp', '--admin', 'alice']),
      ).toBe(0);
      expect(await runTenantCommand(['create', 'umbrella', '--name', 'Again', '--admin', 'bob'])).toBe(1);
      expect(err).toHaveBeenCalledWith("A tenant with the slug 'umbrella' already exists.");
      expect(await runTenantCommand(['create', 'nameless', '--admin', 'bob'])).toBe(2);
    } finally {
      log.mockRestore();
      err.mockRestore();
      process.env.DATA_DIR = env.DATA_DIR;
      if (env.DATA_DIR === undefined) delete process.env.DATA_DIR;
      if (env.DATABASE_URL !== undefined) process.env.DATABASE_URL = env.DATABASE_URL;
    }
    expect(out[0]).toMatch(/^Created tenant 'umbrella' \(id \d+\)\.$/);
    const password = /^Password: (\S+)/.exec(out.find((l) => l.startsWith('Password:'))!)![1]!;

    const database = await openDatabase({ dataDir });
    const app = await buildApp({
      db: database.db,
      engine: database.engine,
      clock: systemClock,
      metaCache: new TenantMetaCache(),
      systemTypes: registerSystemTypes(),
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { tenant: 'umbrella', username: 'alice', password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ username: 'alice', isAdmin: true });
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
