import { describe, expect, it } from 'vitest';
import { createFilterState } from './createFilterState.js';
import {
  applyFilters,
  changeOperator,
  clearFilter,
  discardFilters,
  resetFilters,
  restoreDefaultFilters,
  updateStoredFilter,
} from './filterState.js';
import { filterTestMeta } from './filterTestMeta.js';
import type { Filter, FilterState } from './filterTypes.js';

const byId = (filters: Filter[], id: string): Filter => {
  const f = filters.find((x) => x.filterId === id);
  if (!f) throw new Error(`no filter ${id}`);
  return f;
};
const stored = (state: FilterState, id: string) => byId(state.stored, id);

describe('createFilterState', () => {
  const state = createFilterState(filterTestMeta(), { currencySymbol: '€' });

  it('builds a filter per analyser column, then the result limit', () => {
    expect(state.stored.map((f) => f.filterId)).toEqual([
      'fName',
      'fAmount',
      'fCount',
      'fCloses',
      'fCreated',
      'fStarts',
      'fWon',
      'fStage',
      'fOwner',
      'ResultLimit',
    ]);
  });

  it('takes the default operator of the type and the condition operator and value', () => {
    expect(stored(state, 'fName')).toMatchObject({
      name: 'Name',
      operatorId: 'Equal',
      value: null,
      operatorsFieldType: 'String',
    });
    expect(stored(state, 'fAmount')).toMatchObject({
      operatorId: 'GreaterThan',
      value: 100,
      currencySymbol: '€',
    });
    expect(stored(state, 'fStage')).toMatchObject({
      operatorId: 'AnyOf',
      filterEids: [3, 4],
      entityTypeId: 42,
    });
    expect(stored(state, 'fOwner')).toMatchObject({ hidden: true, operatorId: 'CurrentUser' });
    expect(stored(state, 'fName').operators.map((o) => o.label)).toEqual([
      '=',
      '≠',
      'Contains',
      'Starts with',
      'Ends with',
      'Is empty',
      'Is not empty',
    ]);
  });

  it('has the always-present result limit: integer, no operator field, the report limit', () => {
    expect(stored(state, 'ResultLimit')).toMatchObject({
      name: 'Limit results to top N records',
      operatorId: 'ResultLimit',
      operators: [],
      operatorsFieldType: 'Int32',
      value: 500,
    });
    expect(byId(createFilterState(undefined).stored, 'ResultLimit').value).toBeNull();
  });

  it('reads relative date and Between conditions into their groups', () => {
    const meta = filterTestMeta({
      anlcols: {
        a: { colid: 'closes', title: 'Closes', type: 'Date', oper: 'LastNWeeks', value: 3, hidden: false },
        b: { colid: 'closes', title: 'Closes', type: 'Date', oper: 'ThisMonth', hidden: false },
        c: {
          colid: 'closes',
          title: 'Closes',
          type: 'Date',
          oper: 'Between',
          value: '2025-01-01',
          values: ['2025-02-01'],
          hidden: false,
        },
        d: { colid: 'won', title: 'Won', type: 'Bool', oper: 'IsFalse', hidden: false },
        e: { colid: 'name', title: 'Name', type: 'String', oper: 'Equal', value: 12, hidden: false },
      },
    });
    const s = createFilterState(meta);
    expect(stored(s, 'a')).toMatchObject({
      operatorId: 'InTheLast',
      dateOperatorId: 'LastNWeeks',
      dateOperatorValue: 3,
      operatorsFieldType: 'InTheLast',
    });
    expect(stored(s, 'b')).toMatchObject({ operatorId: 'IsOnly', dateOperatorId: 'ThisMonth' });
    expect(stored(s, 'c')).toMatchObject({
      operatorsFieldType: 'DateRange',
      value: { from: '2025-01-01', to: '2025-02-01' },
    });
    expect(stored(s, 'd')).toMatchObject({ operatorId: 'Equal', value: false });
    // A value of the wrong kind is dropped rather than crashing the editor.
    expect(stored(s, 'e').value).toBeNull();
  });
});

describe('bad metadata', () => {
  it('does not crash on unknown types, operators or values', () => {
    const meta = filterTestMeta({
      anlcols: {
        odd: {
          colid: 'gone',
          title: 'Odd',
          type: 'Hologram' as never,
          oper: 'Sideways',
          value: 'x',
          hidden: false,
        },
        between: {
          colid: 'starts',
          title: 'Starts',
          type: 'Time',
          oper: 'Between',
          value: 5,
          values: [null],
          hidden: false,
        },
        ids: {
          colid: 'stage',
          title: 'Stage',
          type: 'ChoiceRelationship',
          oper: 'AnyOf',
          values: ['a', -2, 7, 7],
          hidden: false,
        },
      },
      limit: Number.NaN,
    });
    const s = createFilterState(meta);
    expect(stored(s, 'odd')).toMatchObject({ operatorId: 'Equal', entityTypeId: null });
    expect(stored(s, 'odd').operators.map((o) => o.id)).toEqual(['Equal', 'NotEqual', 'IsNull', 'IsNotNull']);
    expect(stored(s, 'between').value).toEqual({ from: null, to: null });
    expect(stored(s, 'ids').filterEids).toEqual([7]);
    expect(stored(s, 'ResultLimit').value).toBeNull();
    expect(() =>
      applyFilters(updateStoredFilter(s, 'odd', { kind: 'value', value: { bad: true } })),
    ).not.toThrow();
  });
});

describe('operator switching', () => {
  const state = createFilterState(filterTestMeta());

  it('InTheLast sets LastNDays and InTheNext sets NextNDays', () => {
    const last = changeOperator(stored(state, 'fCloses'), 'InTheLast');
    expect(last).toMatchObject({ dateOperatorId: 'LastNDays', operatorsFieldType: 'InTheLast', value: null });
    const withCount = { ...last, dateOperatorValue: 5 };
    expect(changeOperator(withCount, 'InTheNext')).toMatchObject({
      dateOperatorId: 'NextNDays',
      dateOperatorValue: 5,
    });
  });

  it('clears the value when the new operator takes no argument', () => {
    const s = updateStoredFilter(state, 'fName', { kind: 'value', value: 'Acme' });
    expect(stored(s, 'fName').value).toBe('Acme');
    expect(
      stored(updateStoredFilter(s, 'fName', { kind: 'operator', operatorId: 'IsNull' }), 'fName').value,
    ).toBeNull();
    expect(
      stored(updateStoredFilter(s, 'fName', { kind: 'operator', operatorId: 'Contains' }), 'fName').value,
    ).toBe('Acme');
    const today = changeOperator({ ...stored(state, 'fCloses'), value: '2025-01-01' }, 'Today');
    expect(today.value).toBeNull();
  });

  it('Between takes two values; a single value becomes its From', () => {
    const f = changeOperator({ ...stored(state, 'fCloses'), value: '2025-03-04' }, 'Between');
    expect(f).toMatchObject({ operatorsFieldType: 'DateRange', value: { from: '2025-03-04', to: null } });
    expect(changeOperator(f, 'Equal').value).toBe('2025-03-04');
    expect(changeOperator(stored(state, 'fStarts'), 'Between').operatorsFieldType).toBe('TimeRange');
    expect(changeOperator(stored(state, 'fCreated'), 'Between').operatorsFieldType).toBe('DateTimeRange');
  });

  it('ignores an operator the filter does not offer', () => {
    const f = stored(state, 'fName');
    expect(changeOperator(f, 'InTheLast')).toBe(f);
  });
});

describe('updating stored filters', () => {
  const state = createFilterState(filterTestMeta());

  it('coerces the result limit to an integer of at least 1', () => {
    const limit = (value: unknown) =>
      stored(updateStoredFilter(state, 'ResultLimit', { kind: 'value', value }), 'ResultLimit').value;
    expect(limit(0)).toBe(1);
    expect(limit(-20)).toBe(1);
    expect(limit(7.9)).toBe(7);
    expect(limit(null)).toBeNull();
    expect(limit('abc')).toBeNull();
  });

  it('caps the date-range From by To and To by From, but not for times', () => {
    let s = updateStoredFilter(state, 'fCloses', { kind: 'operator', operatorId: 'Between' });
    s = updateStoredFilter(s, 'fCloses', { kind: 'bound', bound: 'to', value: '2025-05-10' });
    s = updateStoredFilter(s, 'fCloses', { kind: 'bound', bound: 'from', value: '2025-06-01' });
    expect(stored(s, 'fCloses').value).toEqual({ from: '2025-05-10', to: '2025-05-10' });
    s = updateStoredFilter(s, 'fCloses', { kind: 'bound', bound: 'to', value: '2025-01-01' });
    expect(stored(s, 'fCloses').value).toEqual({ from: '2025-05-10', to: '2025-05-10' });

    let t = updateStoredFilter(state, 'fStarts', { kind: 'operator', operatorId: 'Between' });
    t = updateStoredFilter(t, 'fStarts', { kind: 'bound', bound: 'to', value: '09:00:00' });
    t = updateStoredFilter(t, 'fStarts', { kind: 'bound', bound: 'from', value: '17:00:00' });
    expect(stored(t, 'fStarts').value).toEqual({ from: '17:00:00', to: '09:00:00' });
  });

  it('keeps the count of InTheLast within 1 to 10,000 and the date operator within its group', () => {
    let s = updateStoredFilter(state, 'fCloses', { kind: 'operator', operatorId: 'InTheLast' });
    s = updateStoredFilter(s, 'fCloses', { kind: 'dateOperatorValue', value: 0 });
    expect(stored(s, 'fCloses').dateOperatorValue).toBe(1);
    s = updateStoredFilter(s, 'fCloses', { kind: 'dateOperatorValue', value: 1e9 });
    expect(stored(s, 'fCloses').dateOperatorValue).toBe(10_000);
    s = updateStoredFilter(s, 'fCloses', { kind: 'dateOperator', dateOperatorId: 'NextNDays' });
    expect(stored(s, 'fCloses').dateOperatorId).toBe('LastNDays');
    s = updateStoredFilter(s, 'fCloses', { kind: 'dateOperator', dateOperatorId: 'LastNMonths' });
    expect(stored(s, 'fCloses').dateOperatorId).toBe('LastNMonths');
  });

  it('sets the chosen records of a choice filter', () => {
    const s = updateStoredFilter(state, 'fStage', {
      kind: 'choices',
      options: [
        { id: 9, name: 'Won' },
        { id: -1, name: 'bad' },
      ],
    });
    expect(stored(s, 'fStage')).toMatchObject({
      filterEids: [9],
      choiceSelectedOptions: [{ id: 9, name: 'Won' }],
    });
  });

  it('does not change hidden or unknown filters, nor the applied ones', () => {
    expect(updateStoredFilter(state, 'fOwner', { kind: 'operator', operatorId: 'IsNull' })).toBe(state);
    expect(updateStoredFilter(state, 'nope', { kind: 'value', value: 'x' })).toBe(state);
    const s = updateStoredFilter(state, 'fName', { kind: 'value', value: 'Acme' });
    expect(byId(s.applied, 'fName').value).toBeNull();
  });
});

describe('apply, discard, reset', () => {
  const state = createFilterState(filterTestMeta());

  it('apply commits the stored filters, filling a missing Between bound a day or an hour away', () => {
    let s = updateStoredFilter(state, 'fCloses', { kind: 'operator', operatorId: 'Between' });
    s = updateStoredFilter(s, 'fCloses', { kind: 'bound', bound: 'from', value: '2025-12-31' });
    s = updateStoredFilter(s, 'fCreated', { kind: 'operator', operatorId: 'Between' });
    s = updateStoredFilter(s, 'fCreated', { kind: 'bound', bound: 'to', value: '2025-03-10T08:00:00.000Z' });
    s = updateStoredFilter(s, 'fStarts', { kind: 'operator', operatorId: 'Between' });
    s = updateStoredFilter(s, 'fStarts', { kind: 'bound', bound: 'from', value: '09:30:00' });
    const applied = applyFilters(s);
    expect(byId(applied.applied, 'fCloses').value).toEqual({ from: '2025-12-31', to: '2026-01-01' });
    expect(byId(applied.applied, 'fCreated').value).toEqual({
      from: '2025-03-09T08:00:00.000Z',
      to: '2025-03-10T08:00:00.000Z',
    });
    expect(byId(applied.applied, 'fStarts').value).toEqual({ from: '09:30:00', to: '10:30:00' });
    expect(applied.stored).toBe(applied.applied);
  });

  it('discard drops the stored changes', () => {
    const s = discardFilters(updateStoredFilter(state, 'fName', { kind: 'value', value: 'Acme' }));
    expect(stored(s, 'fName').value).toBeNull();
  });

  it('reset clears every visible filter and applies that; the limit returns to the report limit', () => {
    let s = updateStoredFilter(state, 'ResultLimit', { kind: 'value', value: 3 });
    s = applyFilters(updateStoredFilter(s, 'fName', { kind: 'value', value: 'Acme' }));
    const r = resetFilters(s);
    expect(byId(r.applied, 'fName').value).toBeNull();
    expect(byId(r.applied, 'fAmount')).toMatchObject({ operatorId: 'GreaterThan', value: null });
    expect(byId(r.applied, 'fStage').filterEids).toEqual([]);
    expect(byId(r.applied, 'fOwner').operatorId).toBe('CurrentUser');
    expect(byId(r.applied, 'ResultLimit').value).toBe(500);
  });

  it('clearing one filter leaves the others applied; restoring defaults brings back the report values', () => {
    const s = applyFilters(updateStoredFilter(state, 'fName', { kind: 'value', value: 'Acme' }));
    const c = clearFilter(s, 'fAmount');
    expect(byId(c.applied, 'fAmount').value).toBeNull();
    expect(byId(c.applied, 'fName').value).toBe('Acme');
    expect(byId(restoreDefaultFilters(c).applied, 'fAmount').value).toBe(100);
  });
});
