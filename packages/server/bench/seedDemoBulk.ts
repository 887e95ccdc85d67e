import fs from 'node:fs';
import path from 'node:path';
import { faker } from '@faker-js/faker';
import type { StoredValue } from '@plinth/schema';
import { contextFor } from '../src/auth/contextFor.js';
import { allocateIds, type EntityRow, insertEntities, insertLinks } from '../src/data/entityRepository.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { seedDemo } from '../src/demo/seedDemo.js';
import { ensureAllDocumentFileTypes } from '../src/files/documentTypes.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import type { Services } from '../src/services.js';
import { syncAllCatalogues } from '../src/tenants/createTenant.js';
import { systemClock } from '../src/util/clock.js';

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
 * one account for every 30 written straight to storage in large transactions, as the reports bench
 * does. Activities and contacts stay at the 300-record numbers: no benchmark reads them in bulk.
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

async function addInBulk(services: Services, tenantId: number, count: number, log: (m: string) => void) {
  // The administrator who seeded the demo owns its reports.
  const report = await services.db
    .selectFrom('entities')
    .select('owner_id')
    .where('tenant_id', '=', tenantId)
    .where('alias', '=', 'crm:opportunities')
    .executeTakeFirstOrThrow();
  const adminId = report.owner_id!;
  const ctx = await contextFor(services, tenantId, adminId);
  const { schema } = ctx;
  const opportunity = schema.typeOrThrow('crm:opportunity').id;
  const account = schema.typeOrThrow('crm:account').id;
  const fieldId = (typeId: number, script: string) => {
    const m = schema.member(typeId, script);
    if (m?.kind !== 'field') throw new Error(`demo field ${script} is missing`);
    return m.field.id;
  };
  const relId = (script: string) => {
    const m = schema.member(opportunity, script);
    if (m?.kind !== 'relationship') throw new Error(`demo relationship ${script} is missing`);
    return m.rel.id;
  };
  const f = {
    amount: fieldId(opportunity, 'amount'),
    closeDate: fieldId(opportunity, 'closeDate'),
    probability: fieldId(opportunity, 'probability'),
    reference: fieldId(opportunity, 'reference'),
    won: fieldId(opportunity, 'won'),
    industry: fieldId(account, 'industry'),
    annualRevenue: fieldId(account, 'annualRevenue'),
    employees: fieldId(account, 'employees'),
  };
  const rels = { account: relId('account'), stage: relId('stage'), contact: relId('primaryContact') };
  const idsOf = async (alias: string) =>
    (
      await services.db
        .selectFrom('entities')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('type_id', '=', schema.typeOrThrow(alias).id)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  const stages = await idsOf('crm:stage');
  const contacts = await idsOf('crm:contact');
  const accounts = await idsOf('crm:account');
  const autoNumber = await services.db
    .selectFrom('auto_numbers')
    .select('next_value')
    .where('tenant_id', '=', tenantId)
    .where('field_id', '=', f.reference)
    .executeTakeFirstOrThrow();
  let reference = Number(autoNumber.next_value);

  faker.seed(20261123);
  const now = services.clock.now().toISOString();
  const row = (id: number, typeId: number, name: string, data: Record<string, StoredValue>): EntityRow => ({
    id,
    typeId,
    name,
    alias: null,
    data,
    version: 1,
    createdAt: now,
    modifiedAt: now,
    createdBy: adminId,
    modifiedBy: adminId,
    ownerId: adminId,
  });

  const moreAccounts = Math.max(0, Math.round((count + throughService) / 30) - accounts.length);
  if (moreAccounts > 0) {
    await services.db.transaction().execute(async (tx) => {
      const first = await allocateIds(tx, tenantId, moreAccounts);
      const rows = Array.from({ length: moreAccounts }, (_, k) =>
        row(first + k, account, faker.company.name().slice(0, 100), {
          [f.industry]: faker.commerce.department(),
          [f.annualRevenue]: faker.number.int({ min: 100_000, max: 90_000_000 }),
          [f.employees]: faker.number.int({ min: 1, max: 20_000 }),
        }),
      );
      await insertEntities(tx, tenantId, rows);
      accounts.push(...rows.map((r) => r.id));
    });
  }

  const chunk = 20_000;
  const from = Date.UTC(2025, 0, 1);
  const days = (Date.UTC(2027, 5, 30) - from) / 86_400_000;
  for (let start = 0; start < count; start += chunk) {
    const n = Math.min(chunk, count - start);
    await services.db.transaction().execute(async (tx) => {
      const first = await allocateIds(tx, tenantId, n);
      const rows: EntityRow[] = [];
      const links = [];
      for (let k = 0; k < n; k++) {
        const id = first + k;
        const stage = faker.number.int({ min: 0, max: stages.length - 1 });
        const closeDate = new Date(from + faker.number.int({ min: 0, max: days }) * 86_400_000);
        rows.push(
          row(
            id,
            opportunity,
            `${faker.commerce.productName()} for ${faker.company.buzzNoun()}`.slice(0, 200),
            {
              [f.amount]: faker.number.int({ min: 100_000, max: 50_000_000 }) / 100,
              [f.closeDate]: closeDate.toISOString().slice(0, 10),
              [f.probability]: Math.round((stage / (stages.length - 1)) * 100),
              [f.reference]: reference++,
              [f.won]: stage === 4,
            },
          ),
        );
        links.push({ relId: rels.account, fromId: id, toId: faker.helpers.arrayElement(accounts) });
        links.push({ relId: rels.stage, fromId: id, toId: stages[stage]! });
        links.push({ relId: rels.contact, fromId: id, toId: faker.helpers.arrayElement(contacts) });
      }
      await insertEntities(tx, tenantId, rows);
      await insertLinks(tx, tenantId, links);
    });
    log(`  seeded ${throughService + Math.min(start + chunk, count)} of ${throughService + count}`);
  }
  await services.db
    .updateTable('auto_numbers')
    .set({ next_value: reference })
    .where('tenant_id', '=', tenantId)
    .where('field_id', '=', f.reference)
    .execute();
}
