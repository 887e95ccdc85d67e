import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import {
  type BoundRecord,
  boundComponentMachine,
  type ComponentErrors,
  changedKeys,
  type LoadedRecord,
  type MemberValues,
  type SavedRecord,
} from './boundComponentMachine';

const stored: BoundRecord = { id: 7, typeId: 3, version: 1, isNew: false, name: 'Acme' };

interface Harness {
  fetch?: () => Promise<LoadedRecord>;
  custom?: () => Promise<ComponentErrors>;
  save?: (input: { values: MemberValues }) => Promise<SavedRecord>;
  hasCustom?: boolean;
  clientErrors?: ComponentErrors;
  relevant?: string[];
}

function start(h: Harness = {}) {
  const reports: Array<{ type: string; detail?: unknown }> = [];
  const fetches = vi.fn(h.fetch ?? (async () => ({ record: stored, values: { name: 'Acme', size: 3 } })));
  const machine = boundComponentMachine.provide({
    actors: {
      fetchRecord: fromPromise(fetches),
      runCustomValidation: fromPromise(h.custom ?? (async () => ({}))),
      saveRecord: fromPromise(({ input }) =>
        (h.save ?? (async (i) => ({ id: 7, version: 2, values: i.values, written: true })))(input),
      ),
    },
    guards: { hasCustomValidators: () => h.hasCustom === true },
    actions: {
      checkClientRules: assign({ errors: () => h.clientErrors ?? {} }),
      reportValidation: (_, p) => reports.push({ type: 'validation', detail: p.isValid }),
      reportCustomValidationFailed: () => reports.push({ type: 'customFailed' }),
      reportSaveSucceeded: (_, p) => reports.push({ type: 'saved', detail: { written: p.written } }),
      reportSaveFailed: (_, p) => reports.push({ type: 'saveFailed', detail: (p.error as Error).message }),
      reportChanged: ({ context }) =>
        reports.push({ type: 'changed', detail: changedKeys(context.bookmark, context.values) }),
      reportLoaded: () => reports.push({ type: 'loaded' }),
      reportFetchFailed: () => reports.push({ type: 'fetchFailed' }),
    },
  });
  const actor = createActor(machine, { input: { relevantVariables: h.relevant ?? ['PageInput'] } });
  actor.start();
  return { actor, reports, fetches };
}

/** Lets the invoked promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('bound component machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('INITIALISE reads the record once; a second INITIALISE is ignored', async () => {
    const { actor, fetches, reports } = start();
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'INITIALISE' });
    await settle();
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Acme', size: 3 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(reports.map((r) => r.type)).toContain('loaded');
  });

  it('reloads when a variable it depends on changes, not for others', async () => {
    const { actor, fetches } = start({ relevant: ['PageInput', 'Region'] });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'VARIABLES_CHANGED', names: ['Other_SelectedRecords'] });
    await settle();
    expect(fetches).toHaveBeenCalledTimes(1);
    actor.send({ type: 'VARIABLES_CHANGED', names: ['region'] });
    expect(actor.getSnapshot().value).toBe('reloading');
    await settle();
    expect(fetches).toHaveBeenCalledTimes(2);
  });

  it('REFRESH reads the record again', async () => {
    const { actor, fetches } = start();
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'REFRESH' });
    await settle();
    expect(fetches).toHaveBeenCalledTimes(2);
  });

  it('a failed read returns to ready and changes nothing', async () => {
    let calls = 0;
    const { actor, reports } = start({
      fetch: async () => {
        calls += 1;
        if (calls > 1) throw new Error('offline');
        return { record: stored, values: { name: 'Acme' } };
      },
    });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'CHANGE', key: 'name', value: 'Acme Pty' });
    actor.send({ type: 'REFRESH' });
    await settle();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('ready');
    expect(snap.context.values).toEqual({ name: 'Acme Pty' });
    expect(snap.context.record).toEqual(stored);
    expect(snap.context.loadFailed).toBe(false);
    expect(reports.map((r) => r.type)).toContain('fetchFailed');
  });

  it('reports changed values once, 300 ms after the last change', async () => {
    const { actor, reports } = start();
    actor.send({ type: 'INITIALISE' });
    await settle();
    reports.length = 0;
    actor.send({ type: 'CHANGE', key: 'name', value: 'A' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'CHANGE', key: 'name', value: 'Ab' });
    await vi.advanceTimersByTimeAsync(299);
    expect(reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports).toEqual([{ type: 'changed', detail: ['name'] }]);
  });

  it('validation without custom validators answers at once; client errors make it invalid', async () => {
    const valid = start();
    valid.actor.send({ type: 'INITIALISE' });
    await settle();
    valid.actor.send({ type: 'VALIDATE' });
    expect(valid.reports.at(-1)).toEqual({ type: 'validation', detail: true });

    const invalid = start({ clientErrors: { c1: 'A value is required.' }, hasCustom: true });
    invalid.actor.send({ type: 'INITIALISE' });
    await settle();
    invalid.actor.send({ type: 'VALIDATE' });
    expect(invalid.actor.getSnapshot().value).toBe('ready');
    expect(invalid.actor.getSnapshot().context.errors).toEqual({ c1: 'A value is required.' });
    expect(invalid.reports.at(-1)).toEqual({ type: 'validation', detail: false });
  });

  it('with custom validators it runs them on the server and keeps their errors', async () => {
    const { actor, reports } = start({ hasCustom: true, custom: async () => ({ c2: 'Too big. Check it.' }) });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'VALIDATE' });
    expect(actor.getSnapshot().value).toBe('runningCustomValidation');
    await settle();
    expect(actor.getSnapshot().context.customErrors).toEqual({ c2: 'Too big. Check it.' });
    expect(reports.at(-1)).toEqual({ type: 'validation', detail: false });
  });

  it('a custom validation that cannot run reports its failure', async () => {
    const { actor, reports } = start({
      hasCustom: true,
      custom: async () => {
        throw new Error('down');
      },
    });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'VALIDATE' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(reports.at(-1)).toEqual({ type: 'customFailed' });
  });

  it('saves a changed record, moves the bookmark and clears the errors', async () => {
    const { actor, reports } = start({ hasCustom: true, custom: async () => ({ c2: 'No.' }) });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'VALIDATE' });
    await settle();
    actor.send({ type: 'CHANGE', key: 'size', value: 4 });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.record).toMatchObject({ id: 7, version: 2, isNew: false });
    expect(context.bookmark).toEqual({ name: 'Acme', size: 4 });
    expect(context.customErrors).toEqual({});
    expect(reports).toContainEqual({ type: 'saved', detail: { written: true } });
  });

  it('a value typed while saving stays changed after the save', async () => {
    let finish: (v: SavedRecord) => void = () => {};
    const { actor } = start({
      save: (i) =>
        new Promise((r) => (finish = () => r({ id: 7, version: 2, values: i.values, written: true }))),
    });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'CHANGE', key: 'size', value: 4 });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'CHANGE', key: 'size', value: 5 });
    finish({ id: 7, version: 2, values: {}, written: true });
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.bookmark.size).toBe(4);
    expect(changedKeys(context.bookmark, context.values)).toEqual(['size']);
  });

  it('an unchanged record saves at once, without a call', async () => {
    const save = vi.fn(async (i: { values: MemberValues }) => ({
      id: 7,
      version: 2,
      values: i.values,
      written: true,
    }));
    const { actor, reports } = start({ save });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(save).not.toHaveBeenCalled();
    expect(reports.at(-1)).toEqual({ type: 'saved', detail: { written: false } });
  });

  it('a new record is saved even when nothing changed', async () => {
    const { actor } = start({
      fetch: async () => ({ record: { ...stored, id: 0, isNew: true }, values: { name: null } }),
    });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('a failed save reports its error and keeps the edits', async () => {
    const { actor, reports } = start({
      save: async () => {
        throw new Error('Stale');
      },
    });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'CHANGE', key: 'name', value: 'Mine' });
    actor.send({ type: 'SAVE' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.values.name).toBe('Mine');
    expect(reports.at(-1)).toEqual({ type: 'saveFailed', detail: 'Stale' });
  });

  it('DISCARD restores the bookmark and clears custom validation errors', async () => {
    const { actor, reports } = start({ hasCustom: true, custom: async () => ({ c1: 'No.' }) });
    actor.send({ type: 'INITIALISE' });
    await settle();
    actor.send({ type: 'CHANGE', key: 'name', value: 'Mine' });
    actor.send({ type: 'VALIDATE' });
    await settle();
    actor.send({ type: 'DISCARD' });
    const { context } = actor.getSnapshot();
    expect(context.values).toEqual({ name: 'Acme', size: 3 });
    expect(context.customErrors).toEqual({});
    expect(reports.at(-1)).toEqual({ type: 'changed', detail: [] });
    // The pending changed report was cancelled with the discard.
    reports.length = 0;
    await vi.advanceTimersByTimeAsync(400);
    expect(reports).toEqual([]);
  });
});

describe('changed members', () => {
  it('counts a relationship table with pending changes as changed, even over an empty list', () => {
    const pending = { read: [], changes: { flags: {}, created: [{ key: 'new:1' }] } };
    expect(changedKeys({ contacts: [] }, { contacts: pending })).toEqual(['contacts']);
    expect(changedKeys({ contacts: [{ id: 1 }] }, { contacts: [{ id: 1 }] })).toEqual([]);
  });
});
