import { boundComponentType, multistepSections } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positiveAmountMessage } from '../src/demo/demoFormPages.js';
import { seedDemo } from '../src/demo/seedDemo.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const recordPage = (client: Client, alias: string) => client.get(`/spapi/data/v1/types/${alias}/recordPage`);

/** The demo's form pages (issue 17 item 8, decisions 0093 and 0094), as the runner reads them. */
describe.each(engines)('the demo form pages on %s', (engine) => {
  let t: TestApp;
  let demo: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemo(t.services, { adminPassword: ADMIN_PASSWORD, records: 30 });
    demo = await t.login('admin', ADMIN_PASSWORD, 'demo');
  });
  afterAll(() => t.close());

  it('gives each CRM type a record page of bound components, each bound to a member of its type', async () => {
    for (const alias of ['crm:opportunity', 'crm:account', 'crm:contact', 'crm:activity']) {
      const page = (await recordPage(demo, alias)).body;
      const type = (await demo.get(`/spapi/data/v1/schema/type/${alias}`)).body;
      expect(page.content.contextEntityTypeId).toBe(type.type.id);
      const components = page.content.components as Array<{
        id: string;
        typeAlias: string;
        extendedProperties: { fieldId?: number; relationshipId?: number; relationshipDirection?: string };
      }>;
      expect(components.length).toBeGreaterThan(4);
      // The opportunity's page also has its "Mark won" button (demoWorkflows.ts).
      for (const c of components.filter((c) => !c.typeAlias.endsWith('PageButton'))) {
        expect(boundComponentType(c.typeAlias), c.typeAlias).toBeDefined();
        const ext = c.extendedProperties;
        const bound =
          ext.fieldId !== undefined
            ? type.fields.some((f: { id: number }) => f.id === ext.fieldId)
            : type.relationships.some(
                (r: { id: number; direction: string }) =>
                  r.id === ext.relationshipId && r.direction === ext.relationshipDirection,
              );
        expect(bound, `${alias} ${c.id}`).toBe(true);
      }
    }
    const account = (await recordPage(demo, 'crm:account')).body;
    const kinds = account.content.components.map((c: { id: string; typeAlias: string }) => [
      c.id,
      boundComponentType(c.typeAlias)?.kind,
    ]);
    expect(kinds).toContainEqual(['contacts', 'relationship']);
    expect(kinds).toContainEqual(['documents', 'documents']);
  });

  it('refuses an opportunity amount of zero with the custom message, and accepts a positive one', async () => {
    const page = (await recordPage(demo, 'crm:opportunity')).body;
    const type = page.content.contextEntityTypeId;
    const run = (amount: number) =>
      demo.post('/spapi/data/v1/appManagement/runCustomValidation', {
        pageId: page.page.id,
        contextEntityData: { typeId: type, fields: { name: 'Zero deal', amount } },
        params: [],
      });
    const zero = await run(0);
    expect(zero.status, JSON.stringify(zero.body)).toBe(200);
    expect(zero.body.errors).toEqual({ amount: [positiveAmountMessage] });
    expect((await run(2500)).body.errors).toEqual({});
  });

  it('shows Days to Close on a new opportunity, evaluated before it is saved', async () => {
    const page = (await recordPage(demo, 'crm:opportunity')).body;
    const days = page.content.components.find((c: { id: string }) => c.id === 'daysToClose');
    expect(days.style).toEqual({ showCalcOnNewRecord: true });
    const res = await demo.post('/spapi/data/v1/form/evalCalcFieldsForNew', {
      typeId: page.content.contextEntityTypeId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Close Date defaults to today.
    expect(res.body.formDataEntity.daysToClose).toBe(0);
  });

  it('creates accounts through a multistep page: the account, then its first contact', async () => {
    const account = (await recordPage(demo, 'crm:account')).body;
    expect(account.alternateMultistepPageId).toBeGreaterThan(0);
    const steps = (await demo.get(`/spapi/data/v1/pages/${account.alternateMultistepPageId}`)).body;
    expect(steps.page).toMatchObject({ name: 'New account', type: 'singleRecordMultistepEdit' });
    expect(steps.content.contextEntityTypeId).toBe(account.content.contextEntityTypeId);
    const sections = multistepSections(steps.content);
    expect(sections.map((s) => s.name)).toEqual(['Account', 'First contact']);
    expect(sections[0]!.componentIds).toContain('name');
    expect(sections[1]!.componentIds).toEqual(['contacts']);
  });
});
