import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PickerPage, PickerPageRequest, PickerReportMeta, PickerRow } from './pickerTypes';
import { recordPickerMachine } from './recordPickerMachine';

const people: PickerRow[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));

const columns = [{ id: 'name', title: 'Name', isName: true }];
const basicMeta: PickerReportMeta = { title: 'People', columns, conditions: null };
const fullMeta: PickerReportMeta = {
  title: 'People',
  columns,
  conditions: [{ title: 'Active', operator: 'Equal', value: 'Yes' }],
};

function start(options: {
  rows?: PickerRow[];
  hasNameColumn?: boolean;
  values?: number[];
  isDropdown?: boolean;
  bindingState?: 'update' | 'new';
  fail?: boolean;
  isModal?: boolean;
}) {
  const requests: PickerPageRequest[] = [];
  const byIds: number[][] = [];
  const rows = options.rows ?? people;
  const machine = recordPickerMachine.provide({
    actors: {
      fetchPage: fromPromise<PickerPage, PickerPageRequest>(async ({ input }) => {
        requests.push(input);
        if (options.fail) throw new Error('offline');
        const matching = rows.filter((r) =>
          (r.name ?? '').toLowerCase().includes(input.search.toLowerCase()),
        );
        const page =
          input.pageSize === 0
            ? matching
            : matching.slice(input.startIndex, input.startIndex + input.pageSize);
        const report = input.metadata === 'full' ? fullMeta : basicMeta;
        return { rows: page, hasNameColumn: options.hasNameColumn ?? true, report };
      }),
      fetchByIds: fromPromise<PickerRow[], { ids: number[] }>(async ({ input }) => {
        byIds.push(input.ids);
        return input.ids.map((id) => ({ id, name: `Record ${id}` }));
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      config: {
        typeId: 'crm:contact',
        isDropdown: options.isDropdown ?? false,
        bindingState: options.bindingState ?? 'new',
        isModal: options.isModal ?? false,
      },
      values: options.values ?? [],
    },
  });
  actor.start();
  return { actor, requests, byIds };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('recordPickerMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches page size + 1 rows and tells whether more exist', async () => {
    const { actor, requests } = start({});
    await ready(actor);
    expect(requests[0]).toMatchObject({ startIndex: 0, pageSize: 21, search: '' });
    expect(actor.getSnapshot().context.options).toHaveLength(20);
    expect(actor.getSnapshot().context.hasMore).toBe(true);
  });

  it('pages with FETCH_NEXT_PAGE and appends, until no more', async () => {
    const { actor, requests } = start({});
    await ready(actor);
    actor.send({ type: 'FETCH_NEXT_PAGE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 1);
    expect(requests[1]).toMatchObject({ startIndex: 20, pageSize: 21 });
    expect(actor.getSnapshot().context.options).toHaveLength(40);
    actor.send({ type: 'FETCH_NEXT_PAGE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 2);
    expect(actor.getSnapshot().context.options).toHaveLength(45);
    expect(actor.getSnapshot().context.hasMore).toBe(false);
    actor.send({ type: 'FETCH_NEXT_PAGE' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(requests).toHaveLength(3);
  });

  it('searches 300 ms after the last keystroke, once', async () => {
    const { actor, requests } = start({});
    await ready(actor);
    actor.send({ type: 'SEARCH', search: 'Person 1' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'SEARCH', search: 'Person 12' });
    await vi.advanceTimersByTimeAsync(299);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await ready(actor);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.search).toBe('Person 12');
    expect(actor.getSnapshot().context.options.map((o) => o.name)).toEqual(['Person 12']);
  });

  it('fetches selected records missing from the results and shows them disabled', async () => {
    const { actor, byIds } = start({ values: [3, 44] });
    await ready(actor);
    expect(byIds).toEqual([[44]]);
    const missing = actor.getSnapshot().context.options.find((o) => o.id === 44);
    expect(missing).toEqual({ id: 44, name: 'Record 44', isDisabled: true });
    expect(actor.getSnapshot().context.options.find((o) => o.id === 3)?.isDisabled).toBe(false);
  });

  it("says 'Picker report must include Name field' without a name column", async () => {
    const { actor } = start({ hasNameColumn: false });
    await ready(actor);
    expect(actor.getSnapshot().context.error).toBe('Picker report must include Name field');
    expect(actor.getSnapshot().context.options).toEqual([]);
  });

  it('goes back to ready silently when a fetch fails', async () => {
    const { actor } = start({ fail: true });
    await ready(actor);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.options).toEqual([]);
  });

  it('CLEAR empties values and search, refetching only for dropdowns', async () => {
    const plain = start({ values: [1] });
    await ready(plain.actor);
    plain.actor.send({ type: 'CLEAR' });
    expect(plain.actor.getSnapshot().context.values).toEqual([]);
    expect(plain.requests).toHaveLength(1);

    const dropdown = start({ values: [1], isDropdown: true });
    await ready(dropdown.actor);
    dropdown.actor.send({ type: 'SEARCH', search: 'Person 4' });
    await vi.advanceTimersByTimeAsync(300);
    await ready(dropdown.actor);
    dropdown.actor.send({ type: 'CLEAR' });
    await ready(dropdown.actor);
    expect(dropdown.actor.getSnapshot().context).toMatchObject({ values: [], search: '' });
    expect(dropdown.requests).toHaveLength(3);
    expect(dropdown.requests[2]!.search).toBe('');
  });

  it('SET_VALUES applies only differing values; CHANGE sets them', async () => {
    const { actor } = start({ values: [1, 2] });
    await ready(actor);
    const before = actor.getSnapshot().context;
    actor.send({ type: 'SET_VALUES', values: [1, 2] });
    expect(actor.getSnapshot().context).toBe(before);
    actor.send({ type: 'SET_VALUES', values: [2] });
    expect(actor.getSnapshot().context.values).toEqual([2]);
    actor.send({ type: 'CHANGE', values: [5, 6] });
    expect(actor.getSnapshot().context.values).toEqual([5, 6]);
  });

  it('CONFIGURE with a new type goes through configuring and refetches', async () => {
    const { actor, requests } = start({});
    await ready(actor);
    actor.send({ type: 'CONFIGURE', config: { typeId: 'crm:account' } });
    await ready(actor);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.config.typeId).toBe('crm:account');
  });

  it("CONFIGURE with another relationship end refetches: that end's picker report lists the records", async () => {
    const { actor, requests } = start({});
    await ready(actor);
    const end = { relationshipId: 60, direction: 'fwd' as const };
    actor.send({ type: 'CONFIGURE', config: { typeId: 'crm:contact', relationshipEnd: end } });
    await waitFor(actor, (s) => s.matches('ready') && requests.length === 2);
    expect(requests[1]!.config.relationshipEnd).toEqual(end);
    actor.send({ type: 'CONFIGURE', config: { typeId: 'crm:contact', relationshipEnd: { ...end } } });
    expect(requests).toHaveLength(2);
    actor.send({
      type: 'CONFIGURE',
      config: { typeId: 'crm:contact', relationshipEnd: { ...end, direction: 'rev' } },
    });
    await waitFor(actor, (s) => s.matches('ready') && requests.length === 3);
  });

  it('CONFIGURE with new filters and no values stays ready with no records', async () => {
    const { actor, requests } = start({});
    await ready(actor);
    actor.send({ type: 'CONFIGURE', config: { typeId: 'crm:contact', filters: { account: 7 } } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.options).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('CONFIGURE with new filters and values refetches and removes unmatched values', async () => {
    const update = start({ values: [2, 30], bindingState: 'update' });
    await ready(update.actor);
    update.actor.send({
      type: 'CONFIGURE',
      config: { typeId: 'crm:contact', bindingState: 'update', filters: { account: 7 } },
    });
    await waitFor(update.actor, (s) => s.matches('ready') && update.requests.length === 2);
    expect(update.actor.getSnapshot().context.values).toEqual([2]);

    const fresh = start({ values: [2, 30] });
    await ready(fresh.actor);
    fresh.actor.send({ type: 'CONFIGURE', config: { typeId: 'crm:contact', filters: { account: 7 } } });
    await waitFor(fresh.actor, (s) => s.matches('ready') && fresh.requests.length === 2);
    expect(fresh.actor.getSnapshot().context.values).toEqual([]);
  });

  it('CONFIGURE with the same type and filters only updates the config', async () => {
    const { actor, requests } = start({});
    await ready(actor);
    actor.send({ type: 'CONFIGURE', config: { typeId: 'crm:contact', isDropdown: true } });
    expect(actor.getSnapshot().context.config.isDropdown).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('does not page enumerations', async () => {
    const machineRequests: PickerPageRequest[] = [];
    const actor = createActor(
      recordPickerMachine.provide({
        actors: {
          fetchPage: fromPromise<PickerPage, PickerPageRequest>(async ({ input }) => {
            machineRequests.push(input);
            return { rows: people, hasNameColumn: true };
          }),
        },
      }),
      { input: { config: { typeId: 'crm:stage', isEnumeration: true } } },
    ).start();
    await ready(actor);
    expect(machineRequests[0]).toMatchObject({ startIndex: 0, pageSize: 0 });
    expect(actor.getSnapshot().context.options).toHaveLength(45);
    expect(actor.getSnapshot().context.hasMore).toBe(false);
  });

  it('asks column metadata first and the full metadata after, in the modal', async () => {
    const { actor, requests } = start({ isModal: true });
    await ready(actor);
    expect(actor.getSnapshot().context.report).toEqual(basicMeta);
    actor.send({ type: 'FETCH_NEXT_PAGE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 1);
    expect(actor.getSnapshot().context.report).toEqual(fullMeta);
    actor.send({ type: 'SEARCH', search: 'Person 4' });
    await vi.advanceTimersByTimeAsync(300);
    await ready(actor);
    expect(requests.map((r) => r.metadata)).toEqual(['colbasic', 'full', 'full']);
    actor.send({ type: 'CONFIGURE', config: { typeId: 'crm:account', isModal: true } });
    await waitFor(actor, (s) => s.matches('ready') && requests.length === 4);
    expect(requests[3]!.metadata).toBe('colbasic');
  });

  it('asks column metadata only, outside the modal, and keeps it over pages that carry none', async () => {
    const { actor, requests } = start({});
    await ready(actor);
    actor.send({ type: 'FETCH_NEXT_PAGE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 1);
    expect(requests.map((r) => r.metadata)).toEqual(['colbasic', 'colbasic']);

    const actor2 = createActor(
      recordPickerMachine.provide({
        actors: {
          fetchPage: fromPromise<PickerPage, PickerPageRequest>(async ({ input }) =>
            input.search
              ? { rows: people.slice(0, 2), hasNameColumn: true, report: basicMeta }
              : { rows: people.slice(0, 3), hasNameColumn: true },
          ),
        },
      }),
      { input: { config: { typeId: 'crm:stage', isEnumeration: true } } },
    ).start();
    await ready(actor2);
    expect(actor2.getSnapshot().context.report).toBeNull();
    actor2.send({ type: 'SEARCH', search: 'Person' });
    await vi.advanceTimersByTimeAsync(300);
    await waitFor(actor2, (s) => s.matches('ready') && s.context.report !== null);
    actor2.send({ type: 'SEARCH', search: '' });
    await vi.advanceTimersByTimeAsync(300);
    await waitFor(actor2, (s) => s.matches('ready') && s.context.options.length === 3);
    expect(actor2.getSnapshot().context.report).toEqual(basicMeta);
  });
});
