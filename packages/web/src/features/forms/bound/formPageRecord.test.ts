import { type FieldDef, validateFieldValue } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../pickerData/fakeApi';
import type { BoundMember } from './boundMembers';
import { opportunityType } from './boundPageHarness';
import { memberSaveBody, saveFormPageRecord } from './formPageRecord';

const fieldMember = (id: number): BoundMember => {
  const field = opportunityType.fields.find((f) => f.id === id)!;
  return { kind: 'field', key: field.scriptName, field };
};
const endMember = (id: number, isToMany: boolean): BoundMember => {
  const end = opportunityType.relationships.find((r) => r.id === id)!;
  return { kind: 'relationship', key: end.endScriptName, end, isToMany };
};

describe('a form page save body', () => {
  const members = [fieldMember(101), endMember(202, false), endMember(204, true)];

  it('fields by script name, a lookup as the ids that replace it', () => {
    expect(
      memberSaveBody(members, ['title', 'account'], { title: 'Deal', account: [{ id: 9, name: 'Acme' }] }),
    ).toEqual({ fields: { title: 'Deal' }, relationships: { account: { set: [9] } } });
    expect(memberSaveBody(members, ['account'], { account: [] })).toEqual({
      relationships: { account: { set: [] } },
    });
  });

  it('a relationship table sends what it added and removed, never the whole list', () => {
    const table = {
      read: [{ id: 801, name: 'Plan.pdf' }],
      changes: { flags: { 801: false, 802: true }, names: { 802: 'Budget.xlsx' }, created: [] },
    };
    expect(memberSaveBody(members, ['documents'], { documents: table })).toEqual({
      relationships: { documents: { add: [802], remove: [801] } },
    });
    // A list as read, unchanged: nothing to send for it.
    expect(memberSaveBody(members, ['documents'], { documents: [{ id: 801, name: 'Plan.pdf' }] })).toEqual(
      {},
    );
  });
});

describe('a form page save of a stored record', () => {
  it('sends only what the user changed, not a stored value its stored form would rewrite', async () => {
    const { api, requests } = fakeApi(() => ({ status: 200, body: { id: 5, version: 8 } }));
    const members = [fieldMember(101), fieldMember(103)];
    // An empty paragraph is how the editor stores no text: checked, it becomes null.
    const bookmark = { title: 'Deal', summary: '<p></p>' };
    const summary = fieldMember(103);
    if (summary.kind !== 'field') throw new Error('Summary is a field');
    const record = { id: 5, typeId: 50, version: 7, isNew: false, name: 'Deal' };
    await saveFormPageRecord(
      api,
      { record, values: { ...bookmark, title: 'Bigger deal' }, bookmark },
      members,
      (values) => {
        const checked = validateFieldValue(summary.field as FieldDef, values.summary);
        return { ...values, summary: checked.ok ? checked.value : values.summary };
      },
    );
    expect(requests).toEqual([
      { method: 'PATCH', path: '/spapi/data/v1/entity/5', body: { fields: { title: 'Bigger deal' } } },
    ]);
  });
});
