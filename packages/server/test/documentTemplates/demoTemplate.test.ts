import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seedDemo.js';
import { FolderBlobStore } from '../../src/files/BlobStore.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { partsOf, shownText } from './docxFixtures.js';

describe.each(engines)("the demo's Account summary template on %s", (engine) => {
  let t: TestApp;
  let filesDir: string;
  let demo: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-demo-docgen-'));
    t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 8 * 1_048_576 };
    await seedDemo(t.services, { adminPassword: ADMIN_PASSWORD, records: 60 });
    demo = await t.login('admin', ADMIN_PASSWORD, 'demo');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('fills the name, industry, website, annual revenue and parent account of an account', async () => {
    // An account of the group has a parent account.
    const accounts = await demo.post('/spapi/data/v1/report/crm:accounts', { pageSize: 100 });
    expect(accounts.status).toBe(200);
    const ids: number[] = accounts.body.gdata.map((r: { eid: number }) => r.eid);
    const withParent = [];
    for (const id of ids) {
      const read = await demo.read(id, 'name, industry, website, annualRevenue, parentAccount');
      if (read.body.parentAccount) withParent.push(read.body);
      if (withParent.length > 0) break;
    }
    const account = withParent[0]!;
    const menu = await demo.post('/spapi/data/v1/actions/menu', {
      entityTypeId: 'crm:account',
      ids: [account.id],
    });
    const generate = menu.body.data.actions.find((a: { method: string }) => a.method === 'generate');
    expect(generate).toMatchObject({ displayname: 'Generate Account summary', isenabled: true });

    const res = await t.app.inject({
      method: 'POST',
      url: '/spapi/data/v1/document/generate',
      headers: { cookie: (demo as any).auth.cookie, 'x-csrf-token': (demo as any).auth.csrf },
      payload: { recordId: account.id, templateId: generate.data.ReportTemplateId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-unknown-merge-fields']).toBeUndefined();
    const parts = partsOf(res.rawPayload);
    const text = shownText(parts['word/document.xml']!);
    const revenue = `$${Number(account.annualRevenue).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
    expect(text.split('\n')).toEqual([
      account.name,
      `Industry: ${account.industry}`,
      `Website: ${account.website}`,
      `Annual revenue: ${revenue}`,
      `Parent account: ${account.parentAccount.name}`,
    ]);
    const header = Object.entries(parts).find(([name]) => /^word\/header\d*\.xml$/.test(name))![1];
    expect(shownText(header)).toBe(`Account summary · ${account.name}`);
  });
});
