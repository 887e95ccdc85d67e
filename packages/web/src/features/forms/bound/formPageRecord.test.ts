import { describe, expect, it } from 'vitest';
import type { BoundMember } from './boundMembers';
import { opportunityType } from './boundPageHarness';
import { memberSaveBody } from './formPageRecord';

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
