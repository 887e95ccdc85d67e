import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { pickerModalMachineFor } from './pickerActors';
import { pickerModalMachine } from './pickerModalMachine';
import type { PickerDataSource } from './pickerTypes';

const source = (templateIds: () => Promise<number[]>): PickerDataSource => ({
  fetchPage: async () => ({ rows: [], hasNameColumn: true }),
  fetchByIds: async () => [],
  fetchTemplateReportIds: templateIds,
});

describe('pickerModalMachine', () => {
  it('starts initialising, reads the template report ids from the data source, then is ready', async () => {
    let answer: (ids: number[]) => void = () => {};
    const actor = createActor(
      pickerModalMachineFor(source(() => new Promise((resolve) => (answer = resolve)))),
      { input: { selectedIds: [4] } },
    ).start();
    expect(actor.getSnapshot().matches('initialising')).toBe(true);
    answer([31, 32]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ selectedIds: [4], templateReportIds: [31, 32] });
  });

  it('is ready without template reports when reading them fails, and follows the selection', async () => {
    const actor = createActor(pickerModalMachineFor(source(() => Promise.reject(new Error('offline')))), {
      input: {},
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.templateReportIds).toEqual([]);
    actor.send({ type: 'SELECTION_CHANGED', selectedIds: [1, 2] });
    expect(actor.getSnapshot().context.selectedIds).toEqual([1, 2]);
  });

  it('has no template report source of its own', async () => {
    const actor = createActor(pickerModalMachine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.templateReportIds).toEqual([]);
  });
});
