import { describe, expect, it } from 'vitest';
import type { PageMessage } from './pageBus';
import { initialPageSaveState, type PageSaveState, pageSaveStep } from './pageSaveLogic';

function run(messages: PageMessage[], state: PageSaveState = initialPageSaveState) {
  const sent: PageMessage[] = [];
  for (const m of messages) {
    const step = pageSaveStep(state, m);
    state = step.state;
    sent.push(...step.send);
  }
  return { state, sent };
}

const join = (componentId: string): PageMessage => ({
  type: 'SAVE_PARTICIPANT',
  componentId,
  isParticipant: true,
});
const valid = (componentId: string, isValid = true): PageMessage => ({
  type: 'VALIDATION_COMPLETED',
  componentId,
  isValid,
  errors: isValid ? [] : ['Name is required'],
});

describe('pageSaveStep', () => {
  it('succeeds at once when nothing on the page saves', () => {
    expect(run([{ type: 'SAVE' }]).sent).toEqual([{ type: 'SAVE_SUCCEEDED', savedEntities: [] }]);
  });

  it('asks for validation, saves when all are valid, and reports every saved entity', () => {
    const { sent, state } = run([
      join('a'),
      join('b'),
      { type: 'SAVE' },
      valid('a'),
      valid('b'),
      { type: 'SAVE_SUCCEEDED', componentId: 'a', savedEntities: [{ id: 7 }] },
      { type: 'SAVE_SUCCEEDED', componentId: 'b', savedEntities: [{ id: 8 }] },
    ]);
    expect(sent).toEqual([
      { type: 'REQUEST_VALIDATION_INFO' },
      { type: 'PERFORM_SAVE' },
      { type: 'SAVE_SUCCEEDED', savedEntities: [{ id: 7 }, { id: 8 }] },
    ]);
    expect(state.phase).toBe('idle');
  });

  it('does not save when a participant is invalid', () => {
    const { sent } = run([join('a'), join('b'), { type: 'SAVE' }, valid('a'), valid('b', false)]);
    expect(sent).toEqual([{ type: 'REQUEST_VALIDATION_INFO' }]);
  });

  it('does not save when the pending event is no longer SAVE', () => {
    const { sent } = run([
      join('a'),
      { type: 'SAVE' },
      { type: 'FORM_MODE_CHANGED', formMode: 'view' },
      valid('a'),
    ]);
    expect(sent).toEqual([{ type: 'REQUEST_VALIDATION_INFO' }]);
  });

  it('reports the first failure and starts again from idle', () => {
    const { sent, state } = run([
      join('a'),
      { type: 'SAVE' },
      valid('a'),
      { type: 'SAVE_FAILED', componentId: 'a', title: 'Save failed' },
    ]);
    expect(sent.at(-1)).toEqual({ type: 'SAVE_FAILED', title: 'Save failed' });
    expect(state.phase).toBe('idle');
  });

  it('ignores a second SAVE while one runs', () => {
    const { sent } = run([join('a'), { type: 'SAVE' }, { type: 'SAVE' }]);
    expect(sent).toEqual([{ type: 'REQUEST_VALIDATION_INFO' }]);
  });
});
