import { applyFilters, type ReportMeta, updateStoredFilter } from '@plinth/grid';
import { describe, expect, it } from 'vitest';
import { masterConditionsFor, masterFilterState } from './masterFilter';

const source = {
  rcols: {},
  anlcols: {
    c1: { colid: 'region', title: 'Region', type: 'String' as const, oper: 'Equal', hidden: false },
    c2: { colid: 'amount', title: 'Amount', type: 'Currency' as const, oper: 'GreaterThan', hidden: false },
    c3: { colid: 'owner', title: 'Owner', type: 'String' as const, oper: 'Equal', hidden: true },
  },
};

describe('masterFilterState', () => {
  it('shows the named conditions in their order, never hidden ones or the result limit', () => {
    expect(masterFilterState(source, ['amount', 'region']).stored.map((f) => f.columnId)).toEqual([
      'amount',
      'region',
    ]);
    expect(masterFilterState(source, []).stored.map((f) => f.columnId)).toEqual(['region', 'amount']);
    expect(masterFilterState(source, ['owner']).stored).toEqual([]);
  });
});

describe('masterConditionsFor', () => {
  it('sends each applied condition to every target under its own condition id, by column or title', () => {
    let state = masterFilterState(source, []);
    state = applyFilters(updateStoredFilter(state, 'c1', { kind: 'value', value: 'North' }));
    const targets = new Map<string, Pick<ReportMeta, 'anlcols'>>([
      ['same', source],
      [
        'other',
        { anlcols: { r9: { colid: 'reg', title: 'Region', type: 'String' as const, hidden: false } } },
      ],
      ['none', { anlcols: {} }],
    ]);
    const out = masterConditionsFor(state.applied, targets);
    expect(out.same).toEqual([
      { expid: 'c1', oper: 'Equal', type: 'String', value: 'North' },
      { expid: 'c2', oper: 'GreaterThan', type: 'Currency' },
    ]);
    expect(out.other).toEqual([{ expid: 'r9', oper: 'Equal', type: 'String', value: 'North' }]);
    expect(out.none).toEqual([]);
  });
});
