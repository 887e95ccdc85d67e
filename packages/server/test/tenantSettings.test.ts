import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

describe.each(engines)('tenant settings on %s', (engine) => {
  let t: TestApp;
  let settingsId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    settingsId = (await t.admin.read('core:currentTenantSettings', 'name')).body.id;
  });
  afterAll(() => t.close());

  it('start with the defaults, for every signed-in user', async () => {
    await t.addUser('plain', []);
    const plain = await t.login('plain');
    const res = await plain.get('/spapi/data/v1/tenantSettings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tenantName: 'Acme',
      currencySymbol: '$',
      nameFieldLabel: 'Name',
      timeZone: 'UTC',
      locale: 'en-AU',
      financialYearStartMonth: 7,
      confirmExternalLinks: true,
    });
    expect((await plain.put([{ id: settingsId, fields: { currencySymbol: '€' } }])).status).toBe(403);
  });

  it('are changed by administrators like any record', async () => {
    const put = await t.admin.put([
      {
        id: settingsId,
        fields: {
          timeZone: 'Australia/Perth',
          currencySymbol: '€',
          financialYearStartMonth: 1,
          locale: 'en-US',
        },
      },
    ]);
    expect(put.status).toBe(200);
    expect((await t.admin.get('/spapi/data/v1/tenantSettings')).body).toMatchObject({
      timeZone: 'Australia/Perth',
      currencySymbol: '€',
      financialYearStartMonth: 1,
      locale: 'en-US',
    });
  });

  it('turn off the question asked before links to other sites, through the settings call', async () => {
    const res = await t.admin.request('PUT', '/spapi/data/v1/tenantSettings', {
      confirmExternalLinks: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.confirmExternalLinks).toBe(false);
    expect((await t.admin.get('/spapi/data/v1/tenantSettings')).body).toMatchObject({
      confirmExternalLinks: false,
      timeZone: 'Australia/Perth',
    });
    const bad = await t.admin.request('PUT', '/spapi/data/v1/tenantSettings', { confirmExternalLinks: 'no' });
    expect(bad.status).toBe(400);
  });

  it('refuse an unknown time zone or locale, and a financial year month outside 1–12', async () => {
    const res = await t.admin.put([{ id: settingsId, fields: { timeZone: 'Mars/Base', locale: 'en_AU!' } }]);
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors).toEqual([
      { id: settingsId, member: 'timeZone', message: "'Mars/Base' is not a known time zone." },
      { id: settingsId, member: 'locale', message: "'en_AU!' is not a known locale." },
    ]);
    const month = await t.admin.put([{ id: settingsId, fields: { financialYearStartMonth: 13 } }]);
    expect(month.status).toBe(400);
    expect((await t.admin.get('/spapi/data/v1/tenantSettings')).body.timeZone).toBe('Australia/Perth');
  });
});
