import { sysField, sysType } from '@plinth/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestContext } from '../src/context.js';
import type { SystemTypeBehaviour } from '../src/entities/systemTypeBehaviour.js';
import { SystemTypeRegistry } from '../src/entities/systemTypes.js';
import { AppError } from '../src/http/errors.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * A system type's feature adds its rules by registering one behaviour (decision 0043): the entity
 * service runs it with no change of its own. Here a test behaviour governs the catalogue's Person type,
 * which the product gives none yet, as the runner's types will be added.
 */
describe('the system type registry', () => {
  const behaviour = (name: string, typeIds: number[]): SystemTypeBehaviour => ({ name, typeIds });

  it('refuses a second behaviour for a type at registration', () => {
    const registry = new SystemTypeRegistry<RequestContext>().register(behaviour('pages', [sysType.appPage]));
    expect(() => registry.register(behaviour('more pages', [sysType.app, sysType.appPage]))).toThrow(
      "The system type 17 already has the behaviour 'pages'; 'more pages' cannot be added.",
    );
    // Nothing of the refused behaviour was kept: its other type is still free.
    expect(() => registry.register(behaviour('apps', [sysType.app]))).not.toThrow();
  });

  it('refuses a behaviour for a type the product already governs', () => {
    expect(() => registerSystemTypes().register(behaviour('reports again', [sysType.report]))).toThrow(
      /already has the behaviour 'reports'/,
    );
  });

  it('refuses a parse without a member to name its errors, and defaults registered twice', () => {
    const registry = new SystemTypeRegistry<RequestContext>();
    expect(() => registry.register({ name: 'apps', typeIds: [sysType.app], parse: () => 1 })).toThrow(
      /names no member/,
    );
    const defaults = async () => () => undefined;
    registry.registerNewRecordDefaults(defaults);
    expect(() => registry.registerNewRecordDefaults(defaults)).toThrow(/already registered/);
  });
});

describe.each(engines)('a system type behaviour registered in a test app on %s', (engine) => {
  let t: TestApp;
  const calls: Array<{ hook: string; ids: number[]; values?: unknown[] }> = [];
  const slug = String(sysField.lastName);

  const apps: SystemTypeBehaviour<string> = {
    // People: a catalogue type no product behaviour governs (apps have theirs, decision 0064).
    name: 'test people',
    typeIds: [sysType.person],
    parsedMember: 'lastName',
    parse(row) {
      const value = String(row.data[slug] ?? '');
      if (value.includes('!')) throw new AppError('bad_request', 'A slug has no exclamation marks.');
      return value.toLowerCase();
    },
    validate(_ctx, records, refOf) {
      calls.push({
        hook: 'validate',
        ids: records.map((r) => r.row.id),
        values: records.map((r) => r.value),
      });
      return records
        .filter((r) => r.value.includes(' '))
        .map((r) => ({ id: refOf(r.row.id), member: 'lastName', message: 'A slug has no spaces.' }));
    },
    onDelete(_ctx, rows) {
      calls.push({ hook: 'onDelete', ids: rows.map((r) => r.id) });
      if (rows.some((r) => r.name === 'Keep')) throw new AppError('conflict', 'This app is kept.');
    },
    afterCommit(_ctx, change) {
      calls.push({
        hook: 'afterCommit',
        ids: [...change.written.map((r) => r.id), ...change.deleted.map((r) => -r.id)],
      });
    },
  };

  beforeAll(async () => {
    t = await startTestApp(engine, { systemTypes: [apps] });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  const putApp = (key: string, name: string, lastName: string) =>
    t.admin.put([{ id: key, typeId: 'core:person', fields: { name, lastName } }]);

  it('validates on write with the parsed value, and refuses the whole batch', async () => {
    const res = await t.admin.put([
      { id: 'new:good', typeId: 'core:person', fields: { name: 'Good', lastName: 'Sales' } },
      { id: 'new:bad', typeId: 'core:person', fields: { name: 'Bad', lastName: 'my sales' } },
      { id: 'new:loud', typeId: 'core:person', fields: { name: 'Loud', lastName: 'sales!' } },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.errors).toEqual([
      { id: 'new:bad', member: 'lastName', message: 'A slug has no spaces.' },
      { id: 'new:loud', member: 'lastName', message: 'A slug has no exclamation marks.' },
    ]);
    // The record parse refused is not validated; nothing committed, so nothing after the commit.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.hook).toBe('validate');
    expect(calls[0]!.values).toEqual(['sales', 'my sales']);
  });

  it('runs after the commit with the records written, and only for its types', async () => {
    const res = await putApp('new:app', 'Sales', 'sales');
    expect(res.status).toBe(200);
    const id = res.body.ids['new:app'];
    expect(calls.map((c) => c.hook)).toEqual(['validate', 'afterCommit']);
    expect(calls[1]!.ids).toEqual([id]);
    calls.length = 0;
    // A record of another type does not reach the behaviour.
    expect(
      (await t.admin.put([{ id: 'new:r', typeId: 'core:role', fields: { name: 'Clerks' } }])).status,
    ).toBe(200);
    expect(calls).toEqual([]);
  });

  it('runs on delete before the rows go, and its refusal keeps the record', async () => {
    const kept = (await putApp('new:kept', 'Keep', 'keep')).body.ids['new:kept'];
    const gone = (await putApp('new:gone', 'Gone', 'gone')).body.ids['new:gone'];
    calls.length = 0;

    const refused = await t.admin.request('DELETE', `/spapi/data/v1/entity/${kept}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This app is kept.');
    expect((await t.admin.read(kept)).status).toBe(200);
    expect(calls).toEqual([{ hook: 'onDelete', ids: [kept] }]);
    calls.length = 0;

    const deleted = await t.admin.request('DELETE', `/spapi/data/v1/entity/${gone}`);
    expect(deleted.status).toBe(200);
    expect((await t.admin.read(gone)).status).toBe(404);
    expect(calls).toEqual([
      { hook: 'onDelete', ids: [gone] },
      { hook: 'afterCommit', ids: [-gone] },
    ]);
  });

  it('a put that writes and deletes runs after the commit once, with both', async () => {
    const old = (await putApp('new:old', 'Old', 'old')).body.ids['new:old'];
    calls.length = 0;
    const res = await t.admin.put(
      [{ id: 'new:next', typeId: 'core:person', fields: { name: 'Next' } }],
      [old],
    );
    expect(res.status).toBe(200);
    const next = res.body.ids['new:next'];
    expect(calls.map((c) => c.hook)).toEqual(['validate', 'onDelete', 'afterCommit']);
    expect(calls[2]!.ids).toEqual([next, -old]);
  });
});
