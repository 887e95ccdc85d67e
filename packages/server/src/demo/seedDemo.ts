import { faker } from '@faker-js/faker';
import type { EntityChange, PlacedComponent, Schema } from '@plinth/schema';
import { contextFor } from '../auth/contextFor.js';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';
import { putEntities } from '../entities/putEntities.js';
import type { Services } from '../services.js';
import { createTenant } from '../tenants/createTenant.js';
import { demoAppChanges, demoAppLinks } from './demoApp.js';
import { seedDemoDocumentTemplates } from './demoDocumentTemplates.js';
import { demoForms } from './demoForms.js';
import { demoReports } from './demoReports.js';
import { demoSchemaChanges, demoStages } from './demoSchema.js';
import { demoWorkflowChanges, markWonButton } from './demoWorkflows.js';

export interface DemoOptions {
  adminPassword: string;
  /** Opportunities to generate; accounts, contacts and activities scale with it. */
  records: number;
}

/** Creates tenant `demo` with administrator `admin`, the CRM schema and generated records. */
export async function seedDemo(services: Services, options: DemoOptions): Promise<{ tenantId: number }> {
  const { tenantId, adminUserId } = await createTenant(services.db, services.clock, {
    slug: 'demo',
    name: 'Demo Company',
    settings: {
      timeZone: 'Australia/Sydney',
      locale: 'en-AU',
      currencySymbol: '$',
      financialYearStartMonth: 7,
    },
    admin: {
      username: 'admin',
      password: options.adminPassword,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@example.com',
    },
  });
  const put = async (entities: EntityChange[]) =>
    putEntities(await contextFor(services, tenantId, adminUserId), { entities, deleted: [] });

  await put(demoSchemaChanges());
  const roles = await put([
    ...demoStages.map((s, i) => ({
      id: `new:stage${i}`,
      typeId: 'crm:stage',
      fields: { name: s.name, enumOrder: i + 1, enumColour: s.colour },
    })),
    salesRole(),
    ...salesRules(await contextFor(services, tenantId, adminUserId)),
  ]);
  const reports = await put(demoReports((await contextFor(services, tenantId, adminUserId)).schema));
  const schema = (await contextFor(services, tenantId, adminUserId)).schema;
  const workflows = await put(demoWorkflowChanges(schema));
  await seedDemoApp(put, schema, reports.ids, {
    'crm:opportunity': [markWonButton(workflows.ids['new:markWon']!)],
  });
  await put(demoForms((await contextFor(services, tenantId, adminUserId)).schema));
  const salesRoleId = roles.ids['new:salesRole']!;
  await seedDemoDocumentTemplates(
    await contextFor(services, tenantId, adminUserId),
    services.files,
    salesRoleId,
  );
  const stages = await idsOf(services, tenantId, adminUserId, 'crm:stage');

  faker.seed(20261122);
  // Dates around the day the demo is made, so 'this year' and 'in the next 6 months' always find some.
  const now = services.clock.now().getTime();
  const daysFromNow = (days: number) => new Date(now + days * 86_400_000);
  const accountCount = Math.max(10, Math.round(options.records / 30));
  const accounts = await createInBatches(put, accountCount, (i) => ({
    id: `new:a${i}`,
    typeId: 'crm:account',
    fields: {
      name: `${faker.company.name()}`.slice(0, 100),
      industry: faker.commerce.department(),
      website: faker.internet.url(),
      phone: faker.phone.number({ style: 'international' }),
      annualRevenue: faker.number.int({ min: 100_000, max: 90_000_000 }),
      employees: faker.number.int({ min: 1, max: 20_000 }),
    },
  }));
  // The first 40 accounts form a group of four levels (one, three, nine, 27), so structure-level
  // filters (any below, at or above…) have something to show; the others stand alone.
  const grouped = accounts.slice(1, 40);
  await put(
    grouped.map((id, k) => ({
      id,
      relationships: { parentAccount: { set: [accounts[Math.floor(k / 3)]!] } },
    })),
  );
  const contacts = await createInBatches(put, accountCount * 4, (i) => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    return {
      id: `new:c${i}`,
      typeId: 'crm:contact',
      fields: {
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        email: faker.internet.email({ firstName, lastName }),
      },
      relationships: { account: { set: [faker.helpers.arrayElement(accounts)] } },
    };
  });
  const opportunities = await createInBatches(put, options.records, (i) => {
    const stage = faker.number.int({ min: 0, max: stages.length - 1 });
    return {
      id: `new:o${i}`,
      typeId: 'crm:opportunity',
      fields: {
        name: `${faker.commerce.productName()} for ${faker.company.buzzNoun()}`.slice(0, 200),
        amount: faker.number.int({ min: 100_000, max: 50_000_000 }) / 100,
        closeDate: faker.date
          .between({ from: daysFromNow(-420), to: daysFromNow(540) })
          .toISOString()
          .slice(0, 10),
        probability: Math.round((stage / (stages.length - 1)) * 100),
        won: stage === 4,
      },
      relationships: {
        account: { set: [faker.helpers.arrayElement(accounts)] },
        stage: { set: [stages[stage]!] },
        primaryContact: { set: [faker.helpers.arrayElement(contacts)] },
      },
    };
  });
  await createInBatches(put, Math.round(options.records * 0.7), (i) => ({
    id: `new:t${i}`,
    typeId: 'crm:activity',
    fields: {
      name:
        faker.helpers.arrayElement(['Call', 'Meeting', 'Email', 'Demo', 'Follow-up']) +
        ` with ${faker.person.firstName()}`,
      due: faker.date.between({ from: daysFromNow(-240), to: daysFromNow(200) }).toISOString(),
      done: faker.datatype.boolean(),
      notes: `<p>${faker.lorem.sentence()}</p>`,
      durationHours: faker.number.int({ min: 1, max: 16 }) / 4,
    },
    relationships: { opportunity: { set: [faker.helpers.arrayElement(opportunities)] } },
  }));
  return { tenantId };
}

/**
 * The Sales CRM app made of pages (issue 16 item 9): the app and its pages in one put, then its menu
 * (which names pages by id) and each CRM type's record page.
 */
async function seedDemoApp(
  put: (entities: EntityChange[]) => Promise<{ ids: Record<string, number> }>,
  schema: Schema,
  reportIds: Record<string, number>,
  recordButtons: Readonly<Record<string, PlacedComponent[]>>,
): Promise<void> {
  const reports = Object.fromEntries(
    Object.entries(reportIds).map(([key, id]) => [key.replace(/^new:/, ''), id]),
  );
  const made = await put(demoAppChanges(schema, reports, recordButtons));
  await put(demoAppLinks(schema, made.ids['new:app']!, made.ids));
}

/** A custom role that may read every CRM record but change and delete only its own. */
function salesRole(): EntityChange {
  return {
    id: 'new:salesRole',
    typeId: 'core:role',
    fields: { name: 'Sales', description: 'Sales team members' },
  };
}

/**
 * Sales reads every CRM record, and creates, changes and deletes its own; it reads the reports and
 * forms the runner opens (not documents: those stay the administrators'). Apps and pages reach it
 * through the runner's calls, which apply their display rules (decision 0063).
 */
function salesRules(ctx: RequestContext): EntityChange[] {
  const runner = ['core:report', 'core:form'].map(
    (alias, i): EntityChange => ({
      id: `new:runnerRule${i}`,
      typeId: 'core:accessRule',
      fields: { name: `Sales read ${alias}`, canRead: true },
      relationships: {
        accessRuleRole: { set: ['new:salesRole'] },
        accessRuleType: { set: [ctx.schema.typeOrThrow(alias).id] },
      },
    }),
  );
  return [...runner, ...salesCrmRules(ctx)];
}

function salesCrmRules(ctx: RequestContext): EntityChange[] {
  return ['crm:account', 'crm:contact', 'crm:opportunity', 'crm:activity'].flatMap((alias, i) => {
    const typeId = ctx.schema.typeOrThrow(alias).id;
    const rule = (key: string, fields: Record<string, boolean>): EntityChange => ({
      id: `new:rule${i}${key}`,
      typeId: 'core:accessRule',
      fields: { name: `Sales ${key} ${alias}`, ...fields },
      relationships: { accessRuleRole: { set: ['new:salesRole'] }, accessRuleType: { set: [typeId] } },
    });
    return [
      rule('read', { canRead: true }),
      rule('own', { canRead: true, canCreate: true, canModify: true, canDelete: true, ownedOnly: true }),
    ];
  });
}

async function createInBatches(
  put: (entities: EntityChange[]) => Promise<{ ids: Record<string, number> }>,
  count: number,
  make: (i: number) => EntityChange,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => make(start + k));
    const result = await put(batch);
    ids.push(...batch.map((e) => result.ids[e.id as string]!));
  }
  return ids;
}

async function idsOf(
  services: Services,
  tenantId: number,
  userId: number,
  typeAlias: string,
): Promise<number[]> {
  const ctx = await contextFor(services, tenantId, userId);
  const type = ctx.schema.typeOrThrow(typeAlias);
  const rows = await tenantScope(ctx)
    .records()
    .select('id')
    .where('type_id', '=', type.id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
