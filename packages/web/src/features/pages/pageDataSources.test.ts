import { describe, expect, it } from 'vitest';
import { dataSourceCondition, readsVariable } from './pageDataSources';

const variable = { name: 'contactCond', type: 'variable' as const, variableName: 'Contacts_SelectedRecord' };
const expression = { name: 'cityCond', type: 'expression' as const, expression: '[Region] & " office"' };

describe('page data sources', () => {
  it('records become an any-of condition; other values the condition value; no value none', () => {
    expect(dataSourceCondition(variable, [3, { id: 4 }, 'x', -1])).toEqual({
      expid: 'contactCond',
      oper: 'AnyOf',
      valueList: [3, 4],
    });
    expect(dataSourceCondition(variable, { id: 9, name: 'Ann' })).toEqual({
      expid: 'contactCond',
      oper: 'AnyOf',
      valueList: [9],
    });
    expect(dataSourceCondition(expression, 'Perth')).toEqual({ expid: 'cityCond', value: 'Perth' });
    expect(dataSourceCondition(expression, null)).toBeNull();
    expect(dataSourceCondition(expression, undefined)).toBeNull();
  });

  it('variables match case-insensitively; SelectedRecord matches SelectedRecords; expressions by [Name]', () => {
    expect(readsVariable(variable, 'contacts_selectedrecord')).toBe(true);
    expect(readsVariable(variable, 'Contacts_SelectedRecords')).toBe(true);
    expect(readsVariable(variable, 'Other')).toBe(false);
    expect(readsVariable(expression, 'region')).toBe(true);
    expect(readsVariable(expression, 'Office')).toBe(false);
  });
});
