import { reportQuery } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { createFilterState } from './createFilterState.js';
import { activeFilters, filterBadgeText, filterQueryOf, isFilterApplied } from './filterQuery.js';
import { applyFilters, type FilterChange, updateStoredFilter } from './filterState.js';
import { filterTestMeta } from './filterTestMeta.js';
import type { Filter, FilterState } from './filterTypes.js';

const edit = (state: FilterState, changes: Array<[string, FilterChange]>) =>
  applyFilters(changes.reduce((s, [id, change]) => updateStoredFilter(s, id, change), state));
const find = (filters: Filter[], id: string) => filters.find((f) => f.filterId === id) as Filter;

describe('the apply rule', () => {
  const state = createFilterState(filterTestMeta());

  it('applies a filter with a value, a no-argument operator, or a yes/no column', () => {
    const s = edit(state, [
      ['fCount', { kind: 'operator', operatorId: 'IsNull' }],
      ['fCloses', { kind: 'operator', operatorId: 'Today' }],
      ['fStarts', { kind: 'operator', operatorId: 'Between' }],
    ]);
    const applies = Object.fromEntries(s.applied.map((f) => [f.filterId, isFilterApplied(f)]));
    expect(applies).toEqual({
      fName: false,
      fAmount: true,
      fCount: true,
      fCloses: true,
      fCreated: false,
      fStarts: false,
      fWon: true,
      fStage: true,
      fOwner: false,
      ResultLimit: true,
    });
  });

  it('needs a count for InTheLast and InTheNext; IsOnly needs none', () => {
    let s = edit(state, [['fCloses', { kind: 'operator', operatorId: 'InTheNext' }]]);
    expect(isFilterApplied(find(s.applied, 'fCloses'))).toBe(false);
    s = edit(s, [['fCloses', { kind: 'dateOperatorValue', value: 2 }]]);
    expect(isFilterApplied(find(s.applied, 'fCloses'))).toBe(true);
    s = edit(s, [['fCloses', { kind: 'operator', operatorId: 'IsOnly' }]]);
    expect(isFilterApplied(find(s.applied, 'fCloses'))).toBe(true);
  });

  it('leaves a yes/no filter with no value out of the badge and chips', () => {
    const names = activeFilters(state.applied).map((f) => f.filterId);
    expect(names).toEqual(['fAmount', 'fStage', 'ResultLimit']);
    const yes = edit(state, [['fWon', { kind: 'value', value: true }]]);
    expect(activeFilters(yes.applied).map((f) => f.filterId)).toContain('fWon');
  });
});

describe('filterQueryOf', () => {
  const state = createFilterState(filterTestMeta());

  it('sends a condition per visible filter, values only where they apply, and the limit', () => {
    const s = edit(state, [
      ['fName', { kind: 'operator', operatorId: 'Contains' }],
      ['fName', { kind: 'value', value: 'acme' }],
      ['fCloses', { kind: 'operator', operatorId: 'InTheLast' }],
      ['fCloses', { kind: 'dateOperatorValue', value: 7 }],
      ['fCreated', { kind: 'operator', operatorId: 'IsOnly' }],
      ['fStarts', { kind: 'operator', operatorId: 'Between' }],
      ['fStarts', { kind: 'bound', bound: 'from', value: '08:00' }],
      ['fWon', { kind: 'value', value: false }],
      ['fCount', { kind: 'operator', operatorId: 'IsNotNull' }],
      ['ResultLimit', { kind: 'value', value: -4 }],
    ]);
    const query = filterQueryOf(s.applied);
    expect(query).toEqual({
      conds: [
        { expid: 'fName', oper: 'Contains', type: 'String', value: 'acme' },
        { expid: 'fAmount', oper: 'GreaterThan', type: 'Currency', value: 100 },
        { expid: 'fCount', oper: 'IsNotNull', type: 'Int32' },
        { expid: 'fCloses', oper: 'LastNDays', type: 'Date', value: 7 },
        { expid: 'fCreated', oper: 'ThisWeek', type: 'DateTime' },
        { expid: 'fStarts', oper: 'Between', type: 'Time', value: '08:00:00', values: ['09:00:00'] },
        { expid: 'fWon', oper: 'Equal', type: 'Bool', value: false },
        { expid: 'fStage', oper: 'AnyOf', type: 'ChoiceRelationship', valueList: [3, 4] },
      ],
      limitOperator: 'ResultLimit',
      limitValue: 1,
    });
    // The report call takes it as it is.
    expect(() => reportQuery.parse({ ...query })).not.toThrow();
  });

  it('sends a cleared filter without a value so the report value no longer applies', () => {
    const s = edit(state, [['fAmount', { kind: 'value', value: null }]]);
    expect(filterQueryOf(s.applied).conds[1]).toEqual({
      expid: 'fAmount',
      oper: 'GreaterThan',
      type: 'Currency',
    });
  });

  it('sends the chosen records of a structure-level filter', () => {
    const meta = filterTestMeta({
      anlcols: { fUnit: { colid: 'stage', title: 'Unit', type: 'StructureLevels', hidden: false } },
    });
    let s = createFilterState(meta);
    expect(s.stored[0]?.operatorId).toBe('AnyBelow');
    expect(isFilterApplied(s.stored[0] as Filter)).toBe(false);
    s = edit(s, [
      ['fUnit', { kind: 'operator', operatorId: 'AtOrAbove' }],
      ['fUnit', { kind: 'choices', options: [{ id: 5, name: 'Sales' }] }],
    ]);
    expect(filterQueryOf(s.applied).conds).toEqual([
      { expid: 'fUnit', oper: 'AtOrAbove', type: 'StructureLevels', valueList: [5] },
    ]);
  });

  it('sends no limit when the limit is empty', () => {
    const s = edit(state, [['ResultLimit', { kind: 'value', value: null }]]);
    const query = filterQueryOf(s.applied);
    expect(query).not.toHaveProperty('limitValue');
    expect(query).not.toHaveProperty('limitOperator');
  });

  it('keeps text values within what the report call takes', () => {
    const s = edit(state, [['fName', { kind: 'value', value: 'x'.repeat(5000) }]]);
    const query = filterQueryOf(s.applied);
    expect(() => reportQuery.parse(query)).not.toThrow();
  });
});

describe('filterBadgeText', () => {
  it('shows the count, 9+ over 9, nothing at 0', () => {
    expect(filterBadgeText(0)).toBeNull();
    expect(filterBadgeText(3)).toBe('3');
    expect(filterBadgeText(9)).toBe('9');
    expect(filterBadgeText(10)).toBe('9+');
    expect(filterBadgeText(Number.NaN)).toBeNull();
  });
});
