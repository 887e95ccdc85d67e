import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type EntityChange, sysField, sysRel, sysType } from '@plinth/schema';
import { setPassword } from '../src/auth/authService.js';
import { allocateIds, insertEntities, insertLinks } from '../src/data/entityRepository.js';
import type { Engine } from '../src/db/tables.js';
import { startBenchServer } from './benchServer.js';

const base = '/spapi/data/v1';
const PASSWORD = 'bench-password';

/** The 27 fields beside the name: three of each kind a form edits (name, type, a value). */
const kinds: Array<[type: string, value: (i: number) => unknown]> = [
  ['Text', (i) => `Text ${i}`],
  ['Number', (i) => i % 1000],
  ['Decimal', (i) => (i % 1000) + 0.25],
  ['Currency', (i) => (i % 5000) * 10 + 0.5],
  ['Date', (i) => `2026-${String((i % 12) + 1).padStart(2, '0')}-15`],
  ['Time', (i) => `${String(i % 24).padStart(2, '0')}:30:00`],
  ['DateTime', (i) => `2026-03-${String((i % 28) + 1).padStart(2, '0')}T09:15:00.000Z`],
  ['Boolean', (i) => i % 2 === 0],
  ['MultilineText', (i) => `Line one of ${i}\nLine two\nLine three`],
];
const fields = kinds.flatMap(([type, value]) =>
  [1, 2, 3].map((n) => ({ script: `${type.toLowerCase()}${n}`, name: `${type} ${n}`, type, value })),
);

interface Result {
  scenario: string;
  engine: Engine;
  calls: number;
  p50_ms: number;
  p95_ms: number;
  target_p50_ms: number | null;
}

const quantile = (sorted: number[], q: number) =>
  Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!.toFixed(2));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * `npm run bench -- forms [--engine sqlite|postgres] [--runs N] [--port P]` (issue 17): opening a
 * record's 30-control form over HTTP (under 10 ms p50) and saving one changed field (under 5 ms),
 * signed in as a user who may read and modify the type but is no administrator. The type has 27
 * fields of nine kinds, the name, a lookup and a choice; its default edit form is a stored one of
 * 30 controls, the form `instance/{id}` answers; 300 records. Opening is the form definition and
 * the record asked together (`instance/{id}` and `form/data`), with the definition revalidated
 * (If-None-Match, 304, as the browser's form cache asks) or read afresh; and as the record form
 * chains them (the definition, then `form/data` with the type's schema). Saving is a PATCH of one
 * field with If-Match, each on the version the last save answered. Prints p50/p95 with the load
 * average before and after and writes bench-results/forms.json.
 */
export async function formBench(options: {
  runs: number;
  engine: Engine;
  port: number;
  log: (m: string) => void;
}) {
  const { log, engine } = options;
  const server = await startBenchServer({ name: 'form', engine, port: options.port, password: PASSWORD });
  const { services, tenantId, url } = server;
  try {
    const signIn = async (username: string) => {
      const login = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant: 'bench', username, password: PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`sign-in of ${username}: ${login.status}`);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const csrf = ((await login.json()) as { csrfToken: string }).csrfToken;
      return { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf };
    };
    const admin = await signIn('admin');
    const put = async (entities: EntityChange[]) => {
      const res = await fetch(`${url}${base}/entity/put`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ entities }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`put: ${res.status} ${text.slice(0, 400)}`);
      return JSON.parse(text) as {
        ids: Record<string, number>;
        versions: Array<{ id: number; version: number }>;
      };
    };

    log(`seeding a type of 30 members, its 30-control form and 300 records on ${engine}…`);
    const schema = await put([
      { id: 'new:t', typeId: 'core:type', fields: { name: 'Job', typeScriptName: 'Job' } },
      { id: 'new:co', typeId: 'core:type', fields: { name: 'Company', typeScriptName: 'Company' } },
      {
        id: 'new:pri',
        typeId: 'core:type',
        fields: { name: 'Priority', typeScriptName: 'Priority' },
        relationships: { inherits: { set: [sysType.enumValue] } },
      },
      ...fields.map((f) => ({
        id: `new:${f.script}`,
        typeId: 'core:field',
        fields: { name: f.name, fieldScriptName: f.script, fieldType: f.type },
        relationships: { fieldIsOnType: { set: ['new:t'] } },
      })),
      ...(['company', 'priority'] as const).map((key) => ({
        id: `new:rel-${key}`,
        typeId: 'core:relationship',
        fields: {
          name: key,
          relType: key === 'priority' ? 'choiceField' : 'lookup',
          toName: key,
          fromName: `${key} jobs`,
          toScriptName: key,
          fromScriptName: `${key}Jobs`,
        },
        relationships: {
          fromType: { set: ['new:t'] },
          toType: { set: [key === 'priority' ? 'new:pri' : 'new:co'] },
        },
      })),
    ]);
    const ids = schema.ids;
    const typeId = ids['new:t']!;
    const targets = await put([
      ...Array.from({ length: 5 }, (_, i) => ({
        id: `new:p${i}`,
        typeId: ids['new:pri']!,
        fields: { name: `Priority ${i + 1}`, enumOrder: i + 1 },
      })),
      ...Array.from({ length: 50 }, (_, i) => ({
        id: `new:c${i}`,
        typeId: ids['new:co']!,
        fields: { name: `Company ${i + 1}` },
      })),
    ]);
    const controls = [
      { id: 'name', fieldToRender: sysField.name, containerId: 'main' },
      ...fields.map((f, i) => ({
        id: f.script,
        fieldToRender: ids[`new:${f.script}`]!,
        containerId: i % 2 === 0 ? 'left' : 'right',
      })),
      { id: 'company', relationshipToRender: ids['new:rel-company']!, containerId: 'main' },
      { id: 'priority', relationshipToRender: ids['new:rel-priority']!, containerId: 'main' },
    ];
    const form = await put([
      {
        id: 'new:form',
        typeId: 'core:form',
        fields: {
          name: 'Job form',
          formDefinition: JSON.stringify({
            version: 1,
            typeId,
            containers: [
              { id: 'main', containerType: 'verticalStack', name: 'Main' },
              { id: 'columns', containerType: 'horizontalStack', name: 'Details' },
              { id: 'left', containerType: 'verticalStack', name: 'Left', containerId: 'columns' },
              { id: 'right', containerType: 'verticalStack', name: 'Right', containerId: 'columns' },
            ],
            controls,
          }),
        },
      },
    ]);
    const formId = form.ids['new:form']!;
    // The type opens its records with the stored form: `instance/{id}` answers it.
    await put([{ id: typeId, relationships: { defaultEditForm: { set: [formId] } } }]);
    const records: number[] = [];
    const versions = new Map<number, number>();
    for (let batch = 0; batch < 3; batch++) {
      const written = await put(
        Array.from({ length: 100 }, (_, j) => {
          const i = batch * 100 + j;
          return {
            id: `new:r${i}`,
            typeId,
            fields: {
              name: `Job ${i + 1}`,
              ...Object.fromEntries(fields.map((f) => [f.script, f.value(i)])),
            },
            relationships: {
              company: { set: [targets.ids[`new:c${i % 50}`]!] },
              priority: { set: [targets.ids[`new:p${i % 5}`]!] },
            },
          };
        }),
      );
      for (const v of written.versions) versions.set(v.id, v.version);
      records.push(...Object.values(written.ids));
    }

    // A user who may read and modify jobs (and read companies), no administrator.
    const roles = await put([
      { id: 'new:role', typeId: 'core:role', fields: { name: 'Job editors' } },
      {
        id: 'new:rule',
        typeId: 'core:accessRule',
        fields: { name: 'edit jobs', canRead: true, canModify: true },
        relationships: { accessRuleRole: { set: ['new:role'] }, accessRuleType: { set: [typeId] } },
      },
      ...(['co', 'pri'] as const).map((key) => ({
        id: `new:read-${key}`,
        typeId: 'core:accessRule',
        fields: { name: `read ${key}`, canRead: true },
        relationships: {
          accessRuleRole: { set: ['new:role'] },
          accessRuleType: { set: [ids[`new:${key}`]!] },
        },
      })),
    ]);
    const userId = await allocateIds(services.db, tenantId, 1);
    const now = new Date().toISOString();
    await insertEntities(services.db, tenantId, [
      {
        id: userId,
        typeId: sysType.userAccount,
        name: 'editor',
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
    await insertLinks(services.db, tenantId, [
      { relId: sysRel.userHasRole, fromId: userId, toId: roles.ids['new:role']! },
    ]);
    await setPassword(services.db, tenantId, userId, PASSWORD);
    const headers = await signIn('editor');

    const get = async (p: string, extra: Record<string, string> = {}) => {
      const res = await fetch(`${url}${p}`, { headers: { ...headers, ...extra } });
      const text = await res.text();
      if (res.status !== 200 && res.status !== 304)
        throw new Error(`${p}: ${res.status} ${text.slice(0, 300)}`);
      return { status: res.status, etag: res.headers.get('etag'), text };
    };
    const formData = async (entityId: number) => {
      const res = await fetch(`${url}${base}/form/data`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ entityId, formId }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`form/data: ${res.status} ${text.slice(0, 300)}`);
      return text;
    };
    // What the first open put in the browser's form cache: the definition and its change marker.
    const first = await get(`${base}/instance/${records[0]}`);
    const definition = JSON.parse(first.text) as { id: number | null; controls: unknown[] };
    if (definition.id !== formId || definition.controls.length !== 30)
      throw new Error(`instance form: ${definition.id} with ${definition.controls.length} controls`);
    // The record comes with its lookup's and choice's names, as the form shows them.
    const data = await formData(records[0]!);
    if (!data.includes('"Company 1"') || !data.includes('"Priority 1"') || !data.includes('Text 0'))
      throw new Error(`form/data: ${data.slice(0, 300)}`);
    const marker = first.etag!;
    const ifNoneMatch = { 'if-none-match': marker };

    let next = 0;
    const record = () => records[next++ % records.length]!;
    let saves = 0;
    const scenarios: Array<{ name: string; target: number | null; call: () => Promise<unknown> }> = [
      {
        name: 'open: instance form (If-None-Match, 304) ∥ form/data',
        target: 10,
        call: async () => {
          const id = record();
          const [definitionAnswer] = await Promise.all([
            get(`${base}/instance/${id}`, ifNoneMatch),
            formData(id),
          ]);
          if (definitionAnswer.status !== 304)
            throw new Error(`expected 304, got ${definitionAnswer.status}`);
        },
      },
      {
        name: 'open: instance form (uncached) ∥ form/data',
        target: 10,
        call: async () => {
          const id = record();
          await Promise.all([get(`${base}/instance/${id}`), formData(id)]);
        },
      },
      {
        name: 'open as the record form chains it: instance (304), then form/data ∥ type schema',
        target: null,
        call: async () => {
          const id = record();
          await get(`${base}/instance/${id}`, ifNoneMatch);
          await Promise.all([formData(id), get(`${base}/schema/type/${typeId}`)]);
        },
      },
      {
        name: 'save: PATCH one field with If-Match',
        target: 5,
        call: async () => {
          const id = record();
          const res = await fetch(`${url}${base}/entity/${id}`, {
            method: 'PATCH',
            headers: { ...headers, 'if-match': `"${versions.get(id)}"` },
            body: JSON.stringify({ fields: { text1: `Changed ${++saves}` } }),
          });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${text.slice(0, 300)}`);
          versions.set(id, (JSON.parse(text) as { version: number }).version);
        },
      },
    ];

    const before = loadAverage();
    log(`load average before: ${before}`);
    for (const s of scenarios) for (let i = 0; i < 30; i++) await s.call(); // warm-up
    // In rounds that take turns, so a change in the machine's load weighs on all alike.
    const rounds = 4;
    const times = scenarios.map(() => [] as number[]);
    for (let round = 0; round < rounds; round++) {
      for (const [k, s] of scenarios.entries()) {
        for (let i = 0; i < Math.ceil(options.runs / rounds); i++) {
          const t = performance.now();
          await s.call();
          times[k]!.push(performance.now() - t);
        }
      }
    }
    const after = loadAverage();
    log(`load average after: ${after}`);
    const results: Result[] = scenarios.map((s, k) => {
      const sorted = times[k]!.sort((a, b) => a - b);
      return {
        scenario: s.name,
        engine,
        calls: sorted.length,
        p50_ms: quantile(sorted, 0.5),
        p95_ms: quantile(sorted, 0.95),
        target_p50_ms: s.target,
      };
    });
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync(
      path.join('bench-results', 'forms.json'),
      `${JSON.stringify({ loadAverageBefore: before, loadAverageAfter: after, cpus: os.cpus().length, node: process.version, results }, null, 2)}\n`,
    );
    console.log('\n| scenario | p50 ms | p95 ms | target p50 ms |\n|---|---|---|---|');
    for (const r of results)
      console.log(
        `| ${r.scenario} | ${r.p50_ms} | ${r.p95_ms} | ${r.target_p50_ms === null ? '–' : `< ${r.target_p50_ms}${r.p50_ms < r.target_p50_ms ? '' : ' (missed)'}`} |`,
      );
    console.log(
      `\n${engine}, ${results[0]!.calls} calls a scenario, load average ${before} before and ${after} after on ${os.cpus().length} CPUs; written to bench-results/forms.json`,
    );
  } finally {
    await server.close();
  }
}
