import type { EntityChange } from '@plinth/schema';
import { contextFor } from '../src/auth/contextFor.js';
import { putEntities } from '../src/entities/putEntities.js';
import type { Services } from '../src/services.js';
import { createTenant } from '../src/tenants/createTenant.js';

export interface BenchData {
  tenantId: number;
  adminId: number;
  opportunityTypeId: number;
  stageIds: number[];
  accountIds: number[];
  fields: Record<string, number>;
  rels: { stage: number; account: number };
  recordIds: { first: number; count: number };
}

/** The words of the seeded names, `{adjective} {noun} {n}`. */
export const adjectives = [
  'Granite',
  'Silver',
  'Rapid',
  'Quiet',
  'Bold',
  'Lucky',
  'Amber',
  'Crimson',
  'Northern',
  'Prime',
];
export const nouns = [
  'Deal',
  'Renewal',
  'Upgrade',
  'Licence',
  'Project',
  'Rollout',
  'Pilot',
  'Expansion',
  'Contract',
  'Order',
];

/** Deterministic pseudo-random numbers, so every run seeds the same data. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** Records a put writes, as an import sends them: well inside the API's 5 MB body. */
const RECORDS_PER_PUT = 1000;

/**
 * An Opportunity-like type with 8 fields, a Stage choice and a lookup to 100 accounts, and
 * `records` generated opportunities written through the entity service, a thousand a put, as a
 * user's import writes them (issue 15): the server's own upkeep keeps the statistics.
 */
export async function seedBench(
  services: Services,
  records: number,
  log: (m: string) => void,
): Promise<BenchData> {
  const { tenantId, adminUserId } = await createTenant(services.db, services.clock, {
    slug: 'bench',
    name: 'Bench',
    admin: { username: 'admin', password: 'bench-password' },
  });
  const ctx = () => contextFor(services, tenantId, adminUserId);
  const put = async (entities: EntityChange[]) => putEntities(await ctx(), { entities, deleted: [] });
  const field = (
    key: string,
    name: string,
    type: string,
    extra: Record<string, unknown> = {},
  ): EntityChange => ({
    id: `new:${key}`,
    typeId: 'core:field',
    fields: { name, fieldScriptName: key, fieldType: type, ...extra },
    relationships: { fieldIsOnType: { set: ['new:opp'] } },
  });
  const schema = await put([
    {
      id: 'new:opp',
      typeId: 'core:type',
      fields: { name: 'Opportunity', typeScriptName: 'Opportunity', alias: 'bench:opportunity' },
    },
    {
      id: 'new:acc',
      typeId: 'core:type',
      fields: { name: 'Account', typeScriptName: 'Account', alias: 'bench:account' },
    },
    {
      id: 'new:stage',
      typeId: 'core:type',
      fields: { name: 'Stage', typeScriptName: 'Stage', alias: 'bench:stage' },
      relationships: { inherits: { set: [6] } },
    },
    field('amount', 'Amount', 'Currency'),
    field('closeDate', 'Close Date', 'Date'),
    field('probability', 'Probability', 'Number'),
    field('quantity', 'Quantity', 'Decimal'),
    field('won', 'Won', 'Boolean'),
    field('region', 'Region', 'Text'),
    field('reference', 'Reference', 'AutoNumber'),
    ...['stage', 'account'].map((key) => ({
      id: `new:rel-${key}`,
      typeId: 'core:relationship',
      fields: {
        name: key,
        relType: key === 'stage' ? 'choiceField' : 'lookup',
        toName: key,
        fromName: `${key} opportunities`,
        toScriptName: key,
        fromScriptName: `${key}Opportunities`,
      },
      relationships: {
        fromType: { set: ['new:opp'] },
        toType: { set: [key === 'stage' ? 'new:stage' : 'new:acc'] },
      },
    })),
  ]);
  const ids = schema.ids;
  const stageIds = (
    await put(
      Array.from({ length: 6 }, (_, i) => ({
        id: `new:s${i}`,
        typeId: ids['new:stage']!,
        fields: { name: `Stage ${i + 1}`, enumOrder: i + 1 },
      })),
    )
  ).ids;
  const accountIds = (
    await put(
      Array.from({ length: 100 }, (_, i) => ({
        id: `new:a${i}`,
        typeId: ids['new:acc']!,
        fields: { name: `Account ${i + 1}` },
      })),
    )
  ).ids;
  const data: BenchData = {
    tenantId,
    adminId: adminUserId,
    opportunityTypeId: ids['new:opp']!,
    stageIds: Object.values(stageIds),
    accountIds: Object.values(accountIds),
    fields: Object.fromEntries(
      ['amount', 'closeDate', 'probability', 'quantity', 'won', 'region', 'reference'].map((k) => [
        k,
        ids[`new:${k}`]!,
      ]),
    ),
    rels: { stage: ids['new:rel-stage']!, account: ids['new:rel-account']! },
    recordIds: { first: 0, count: records },
  };
  await (await ctx()).metaCache.get(services.db, tenantId);
  await writeBenchRecords(data, records, async (changes) => (await put(changes)).ids, log);
  return data;
}

/**
 * Writes `records` generated opportunities, a thousand a put, through `put` (the entity service in
 * process, or the server's put call over HTTP), and notes the ids they were given in `data`.
 */
export async function writeBenchRecords(
  data: BenchData,
  records: number,
  put: (changes: EntityChange[]) => Promise<Record<string, number>>,
  log: (m: string) => void,
): Promise<void> {
  data.recordIds = { first: 0, count: records };
  const rnd = random(42);
  const regions = ['North', 'South', 'East', 'West', 'Central'];
  for (let start = 0; start < records; start += RECORDS_PER_PUT) {
    const n = Math.min(RECORDS_PER_PUT, records - start);
    const changes: EntityChange[] = [];
    for (let k = 0; k < n; k++) {
      const i = start + k;
      changes.push({
        id: `new:${k}`,
        typeId: data.opportunityTypeId,
        fields: {
          name: `${adjectives[Math.floor(rnd() * 10)]} ${nouns[Math.floor(rnd() * 10)]} ${i + 1}`,
          amount: Math.round(rnd() * 10_000_000) / 100,
          closeDate: new Date(Date.UTC(2024, 0, 1) + Math.floor(rnd() * 1000) * 86_400_000)
            .toISOString()
            .slice(0, 10),
          probability: Math.floor(rnd() * 101),
          quantity: Math.round(rnd() * 100_000) / 1000,
          won: rnd() < 0.3,
          region: regions[Math.floor(rnd() * 5)]!,
        },
        relationships: {
          stage: { set: [data.stageIds[Math.floor(rnd() * 6)]!] },
          account: { set: [data.accountIds[Math.floor(rnd() * 100)]!] },
        },
      });
    }
    const written = await put(changes);
    // The bench picks records to update by id: they are numbered one after another.
    const first = written['new:0']!;
    if (start === 0) data.recordIds.first = first;
    if (first !== data.recordIds.first + start || written[`new:${n - 1}`] !== first + n - 1)
      throw new Error('the seeded records are not numbered one after another');
    if ((start + n) % 20_000 === 0 || start + n === records) log(`  seeded ${start + n} of ${records}`);
  }
}

/** Signs in as the seeded tenant's administrator; answers the headers of the calls that follow. */
export async function signInAsBenchAdmin(base: string) {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'bench', username: 'admin', password: 'bench-password' }),
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  return { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken };
}
