import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EntityChange, sysField, sysType, type WorkflowDefinition } from '@plinth/schema';
import { openDatabase } from '../src/db/openDatabase.js';
import type { Engine } from '../src/db/tables.js';
import { createTenant } from '../src/tenants/createTenant.js';
import { systemClock } from '../src/util/clock.js';
import { createBenchDatabase } from './benchDatabase.js';
import type { ServerDatabase } from './serverProcess.js';

/** What the workflow benches share: a fresh database with a tenant, and a deal type with activities. */

export const benchPassword = 'bench-password';
const data = '/spapi/data/v1';

/**
 * A fresh database holding one tenant, 'bench', whose administrator is 'admin': a data directory
 * under the temporary folder (`wfbench-…`), and on PostgreSQL a database of its own beside
 * `BENCH_DATABASE_URL`'s. `remove` drops both.
 */
export async function freshDatabase(
  engine: Engine,
): Promise<{ database: ServerDatabase; tenantId: number; remove: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wfbench-'));
  const created = engine === 'postgres' ? await createBenchDatabase('plinth_wfbench') : undefined;
  const database = await openDatabase(created ? { dataDir: '', databaseUrl: created.url } : { dataDir });
  let tenantId: number;
  try {
    ({ tenantId } = await createTenant(database.db, systemClock, {
      slug: 'bench',
      name: 'Workflow bench',
      admin: { username: 'admin', password: benchPassword },
    }));
  } finally {
    await database.close();
  }
  return {
    database: { dataDir, ...(created ? { databaseUrl: created.url } : {}) },
    tenantId,
    async remove() {
      await created?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The signed-in administrator's calls to a server. */
export interface BenchClient {
  post<T>(url: string, body: unknown): Promise<{ status: number; body: T }>;
  get<T>(url: string): Promise<{ status: number; body: T }>;
  put(entities: EntityChange[]): Promise<Record<string, number>>;
}

export async function signIn(base: string): Promise<BenchClient> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'bench', username: 'admin', password: benchPassword }),
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const headers = {
    'content-type': 'application/json',
    cookie: login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    'x-csrf-token': ((await login.json()) as { csrfToken: string }).csrfToken,
  };
  const answer = async <T>(res: Response) => {
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const client: BenchClient = {
    post: async (url, body) =>
      answer(await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })),
    get: async (url) => answer(await fetch(`${base}${url}`, { headers })),
    async put(entities) {
      const res = await client.post<{ ids: Record<string, number> }>(`${data}/entity/put`, { entities });
      if (res.status !== 200) throw new Error(`put: ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
      return res.body.ids;
    },
  };
  return client;
}

/** The ids of the bench's schema: deals (amount, stage, won, a counter and its double) and their activities. */
export interface DealSchema {
  deal: number;
  activity: number;
  amount: number;
  stage: number;
  won: number;
  counter: number;
  twice: number;
  seq: number;
  /** Deal → its activities (dependants); an activity's end of it gives its deal. */
  dealActivities: number;
}

/** Makes the deal and activity types through the API, as an administrator would. */
export async function defineDeals(client: BenchClient): Promise<DealSchema> {
  const field = (key: string, type: string, on: string): EntityChange => ({
    id: `new:${key}`,
    typeId: 'core:field',
    fields: {
      name: key,
      fieldScriptName: key,
      fieldType: type,
      ...(type === 'Text' ? { maxLength: 40 } : {}),
    },
    relationships: { fieldIsOnType: { set: [on] } },
  });
  const ids = await client.put([
    ...['Deal', 'Activity'].map((name) => ({
      id: `new:${name}`,
      typeId: 'core:type',
      fields: { name, typeScriptName: name },
      relationships: { inherits: { set: [sysType.resource] } },
    })),
    field('Amount', 'Number', 'new:Deal'),
    field('Stage', 'Text', 'new:Deal'),
    field('Won', 'Boolean', 'new:Deal'),
    field('Counter', 'Number', 'new:Deal'),
    field('Twice', 'Number', 'new:Deal'),
    field('Seq', 'Number', 'new:Activity'),
    {
      id: 'new:rel',
      typeId: 'core:relationship',
      fields: {
        name: 'activities',
        relType: 'dependants',
        toName: 'activities',
        fromName: 'deal',
        toScriptName: 'activities',
        fromScriptName: 'deal',
      },
      relationships: { fromType: { set: ['new:Deal'] }, toType: { set: ['new:Activity'] } },
    },
  ]);
  return {
    deal: ids['new:Deal']!,
    activity: ids['new:Activity']!,
    amount: ids['new:Amount']!,
    stage: ids['new:Stage']!,
    won: ids['new:Won']!,
    counter: ids['new:Counter']!,
    twice: ids['new:Twice']!,
    seq: ids['new:Seq']!,
    dealActivities: ids['new:rel']!,
  };
}

/** Makes `count` deals, a hundred a put; answers their ids in order. */
export async function createDeals(client: BenchClient, s: DealSchema, count: number): Promise<number[]> {
  const deals: number[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, j) => ({
      id: `new:d${j}`,
      typeId: s.deal,
      fields: {
        name: `Deal ${start + j + 1}`,
        Amount: (start + j) % 2 === 0 ? 5000 : 500,
        Counter: 0,
        Twice: 0,
      },
    }));
    const ids = await client.put(batch);
    deals.push(...batch.map((d) => ids[d.id]!));
  }
  return deals;
}

const dealArgument = (s: DealSchema): WorkflowDefinition['arguments'] => [
  { name: 'Deal', type: 'core:resourceArgument', entityTypeId: s.deal, required: true },
];

/**
 * Issue 21's three-step workflow: marks the deal won (two fields), creates its follow-up activity,
 * and branches on the deal's amount.
 */
export function threeSteps(s: DealSchema): WorkflowDefinition {
  return {
    arguments: dealArgument(s),
    steps: [
      {
        id: 'won',
        name: 'Mark won',
        kind: 'setFields',
        record: '[Deal]',
        values: [
          { memberId: s.won, expression: 'true' },
          { memberId: s.stage, expression: "'Won'" },
        ],
      },
      {
        id: 'followUp',
        name: 'Follow up',
        kind: 'createRecord',
        typeId: s.activity,
        values: [
          { memberId: sysField.name, expression: "$'Follow up {[Deal].Name}'" },
          { memberId: s.dealActivities, expression: '[Deal]' },
        ],
      },
      { id: 'big', name: 'Big deal?', kind: 'branch', condition: '[Deal].Amount > 1000', whenFalse: 'end' },
    ],
  };
}

/**
 * A loop of `items` turns of three steps for the kill test: the deal's counter moved on by one
 * (with its double in the same step), an activity made for the new count (its name, number and
 * deal in the one step), and a branch back while the count is under `items`. A step done twice
 * moves the counter past the activities; a step half-written leaves a field or link out.
 */
export function countingLoop(s: DealSchema, items: number): WorkflowDefinition {
  return {
    arguments: dealArgument(s),
    steps: [
      {
        id: 'count',
        name: 'Count',
        kind: 'setFields',
        record: '[Deal]',
        values: [
          { memberId: s.counter, expression: '[Deal].Counter + 1' },
          { memberId: s.twice, expression: '([Deal].Counter + 1) * 2' },
        ],
      },
      {
        id: 'item',
        name: 'Make the item',
        kind: 'createRecord',
        typeId: s.activity,
        values: [
          { memberId: sysField.name, expression: "$'Item {[Deal].Counter}'" },
          { memberId: s.seq, expression: '[Deal].Counter' },
          { memberId: s.dealActivities, expression: '[Deal]' },
        ],
      },
      {
        id: 'again',
        name: 'Again?',
        kind: 'branch',
        condition: `[Deal].Counter < ${items}`,
        whenTrue: 'count',
        whenFalse: 'end',
      },
    ],
  };
}

/** Saves a workflow through the put call, as the admin editor does; answers its id. */
export async function saveWorkflow(client: BenchClient, name: string, def: WorkflowDefinition) {
  const ids = await client.put([
    { id: 'new:wf', typeId: 'core:workflow', fields: { name, workflowDefinition: JSON.stringify(def) } },
  ]);
  return ids['new:wf']!;
}

/** The answer of the run calls (the fields the benches read). */
export interface RunAnswer {
  id: number;
  workflowRunStatus: { name: string };
  runStepCounter: number;
  errorLogEntry: { name: string; description: string } | null;
}

export const runUrl = (workflowId: number) => `${data}/workflow/run/${workflowId}`;
export const readRunUrl = (runId: number) => `${data}/workflow/run/${runId}`;
export const hasStoppedUrl = (runId: number) => `${data}/workflow/hasrunstopped/${runId}`;
export const dealInput = (dealId: number) => [
  { name: 'Deal', value: { id: dealId }, typeName: 'core:resourceArgument' },
];
