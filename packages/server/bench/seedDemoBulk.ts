import fs from 'node:fs';
import path from 'node:path';
import { faker } from '@faker-js/faker';
import type { EntityId, RelationshipDef } from '@plinth/schema';
import { contextFor } from '../src/auth/contextFor.js';
import type { RequestContext } from '../src/context.js';
import { tenantScope } from '../src/data/tenantScope.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { seedDemo } from '../src/demo/seedDemo.js';
import { ensureAllDocumentFileTypes } from '../src/files/documentTypes.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import type { Services } from '../src/services.js';
import { syncAllCatalogues } from '../src/tenants/createTenant.js';
import { systemClock } from '../src/util/clock.js';
import { type BulkRecord, orderSearchInOnePass, writeRecordsInBulk } from './bulkRecords.js';

/** What a seeded bench data folder holds, written beside the database once seeding has finished. */
export interface SeededDemo {
  records: number;
  adminPassword: string;
  seededAt: string;
  seconds: number;
}

const markerFile = 'bench-demo.json';
/** Opportunities the demo seeds through the entity service, as PLINTH_DEMO_RECORDS would. */
const throughService = 300;

/** The seed record of `dataDir` when it holds the demo tenant with exactly `records` opportunities. */
export function seededDemo(dataDir: string, records: number): SeededDemo | undefined {
  const file = path.join(dataDir, markerFile);
  if (!fs.existsSync(file)) return undefined;
  const seeded = JSON.parse(fs.readFileSync(file, 'utf8')) as SeededDemo;
  return seeded.records === records ? seeded : undefined;
}

/**
 * Seeds `dataDir` (empty) with the demo tenant as the server would with PLINTH_DEMO_RECORDS, but
 * fast, for benchmarks only: the schema, reports and the first 300 opportunities (with their
 * accounts, contacts and activities) through the entity service, then the other opportunities and
 * one account for every 30 through the bulk path (bulkRecords.ts, decision 0091): what the entity
 * service writes, in transactions of 50,000, the search index's name order in one pass at the end.
 * Activities and contacts stay at the 300-record numbers: no benchmark reads them in bulk.
 */
export async function seedDemoBulk(
  dataDir: string,
  records: number,
  log: (m: string) => void,
): Promise<SeededDemo> {
  const started = performance.now();
  const adminPassword = 'bench-password';
  const database = await openDatabase({ dataDir });
  try {
    const services: Services = {
      db: database.db,
      engine: database.engine,
      clock: systemClock,
      metaCache: new TenantMetaCache(),
      systemTypes: registerSystemTypes(),
    };
    await syncAllCatalogues(services.db, services.clock);
    await ensureAllDocumentFileTypes(services.db, services.clock);
    const { tenantId } = await seedDemo(services, {
      adminPassword,
      records: Math.min(records, throughService),
    });
    if (records > throughService) await addInBulk(services, tenantId, records - throughService, log);
    // The server's own upkeep keeps the statistics, as its next idle look would (decision 0044).
    await database.upkeep.runNow();
  } finally {
    await database.close();
  }
  const seeded: SeededDemo = {
    records,
    adminPassword,
    seededAt: new Date().toISOString(),
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
  fs.writeFileSync(path.join(dataDir, markerFile), `${JSON.stringify(seeded, null, 2)}\n`);
  return seeded;
}

/** What the demo's generated opportunities link to, and the fields they fill. */
export interface DemoTargets {
  opportunity: EntityId;
  account: EntityId;
  fields: Record<
    'amount' | 'closeDate' | 'probability' | 'won' | 'industry' | 'annualRevenue' | 'employees',
    string
  >;
  rels: Record<'account' | 'stage' | 'contact', RelationshipDef>;
  stages: EntityId[];
  contacts: EntityId[];
  accounts: EntityId[];
}

/** The demo types' members the generated records use, and the records they link to. */
export async function demoTargets(ctx: RequestContext): Promise<DemoTargets> {
  const { schema } = ctx;
  const opportunity = schema.typeOrThrow('crm:opportunity').id;
  const account = schema.typeOrThrow('crm:account').id;
  const fieldId = (typeId: number, script: string) => {
    const m = schema.member(typeId, script);
    if (m?.kind !== 'field') throw new Error(`demo field ${script} is missing`);
    return String(m.field.id);
  };
  const rel = (script: string) => {
    const m = schema.member(opportunity, script);
    if (m?.kind !== 'relationship') throw new Error(`demo relationship ${script} is missing`);
    return m.rel;
  };
  const idsOf = async (alias: string) =>
    (
      await tenantScope(ctx)
        .records()
        .select('id')
        .where('type_id', '=', schema.typeOrThrow(alias).id)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  return {
    opportunity,
    account,
    fields: {
      amount: fieldId(opportunity, 'amount'),
      closeDate: fieldId(opportunity, 'closeDate'),
      probability: fieldId(opportunity, 'probability'),
      won: fieldId(opportunity, 'won'),
      industry: fieldId(account, 'industry'),
      annualRevenue: fieldId(account, 'annualRevenue'),
      employees: fieldId(account, 'employees'),
    },
    rels: { account: rel('account'), stage: rel('stage'), contact: rel('primaryContact') },
    stages: await idsOf('crm:stage'),
    contacts: await idsOf('crm:contact'),
    accounts: await idsOf('crm:account'),
  };
}

/** `count` generated accounts (faker, seeded by the caller). */
export function demoAccounts(t: DemoTargets, count: number): BulkRecord[] {
  return Array.from({ length: count }, () => ({
    typeId: t.account,
    name: faker.company.name().slice(0, 100),
    data: {
      [t.fields.industry]: faker.commerce.department(),
      [t.fields.annualRevenue]: faker.number.int({ min: 100_000, max: 90_000_000 }),
      [t.fields.employees]: faker.number.int({ min: 1, max: 20_000 }),
    },
    links: [],
  }));
}

const from = Date.UTC(2025, 0, 1);
const days = (Date.UTC(2027, 5, 30) - from) / 86_400_000;

/** `count` generated opportunities (faker, seeded by the caller), each with an account, stage and contact. */
export function demoOpportunities(t: DemoTargets, count: number): BulkRecord[] {
  return Array.from({ length: count }, () => {
    const stage = faker.number.int({ min: 0, max: t.stages.length - 1 });
    const closeDate = new Date(from + faker.number.int({ min: 0, max: days }) * 86_400_000);
    return {
      typeId: t.opportunity,
      name: `${faker.commerce.productName()} for ${faker.company.buzzNoun()}`.slice(0, 200),
      data: {
        [t.fields.amount]: faker.number.int({ min: 100_000, max: 50_000_000 }) / 100,
        [t.fields.closeDate]: closeDate.toISOString().slice(0, 10),
        [t.fields.probability]: Math.round((stage / (t.stages.length - 1)) * 100),
        [t.fields.won]: stage === 4,
      },
      links: [
        { rel: t.rels.account, toId: faker.helpers.arrayElement(t.accounts) },
        { rel: t.rels.stage, toId: t.stages[stage]! },
        { rel: t.rels.contact, toId: faker.helpers.arrayElement(t.contacts) },
      ],
    };
  });
}

/** Records per transaction of the bulk path. */
const perTransaction = 50_000;

async function addInBulk(services: Services, tenantId: number, count: number, log: (m: string) => void) {
  // The administrator who seeded the demo owns its reports, and writes the records.
  const report = await services.db
    .selectFrom('entities')
    .select('owner_id')
    .where('tenant_id', '=', tenantId)
    .where('alias', '=', 'crm:opportunities')
    .executeTakeFirstOrThrow();
  const ctx = await contextFor(services, tenantId, report.owner_id!);
  const targets = await demoTargets(ctx);
  faker.seed(20261123);
  const moreAccounts = Math.max(0, Math.round((count + throughService) / 30) - targets.accounts.length);
  for (let start = 0; start < moreAccounts; start += perTransaction)
    targets.accounts.push(
      ...(await writeRecordsInBulk(
        ctx,
        demoAccounts(targets, Math.min(perTransaction, moreAccounts - start)),
      )),
    );
  for (let start = 0; start < count; start += perTransaction) {
    const n = Math.min(perTransaction, count - start);
    await writeRecordsInBulk(ctx, demoOpportunities(targets, n));
    log(`  seeded ${throughService + start + n} of ${throughService + count}`);
  }
  // The search index's name order, in one pass once every record is in (decision 0091).
  await orderSearchInOnePass(services.db, tenantId, [targets.account, targets.opportunity]);
}
