import { type FieldDef, validateFieldValue } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import type { BoundMember } from './boundMembers';
import { opportunityType } from './boundPageHarness';
import { memberSaveBody, readFormPageRecord, saveFormPageRecord } from './formPageRecord';

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

describe('a new record’s link (the runner’s relEid, relTypeId, relDir)', () => {
  const link = { key: 'account', record: { id: 9, name: 'Acme' } };
  const newRecord = {
    id: 0,
    typeId: 40,
    alias: null,
    name: null,
    version: 0,
    canModify: true,
    canDelete: false,
  };
  const server = () =>
    fakeApi((path) => {
      if (path === '/spapi/data/v1/form/data')
        return {
          status: 200,
          body: {
            formDataEntity: newRecord,
            formId: null,
            initiallyHiddenControls: [],
            initiallyReadOnlyControls: [],
          },
        };
      if (path === '/spapi/data/v1/schema/type/40') return { status: 200, body: opportunityType };
      if (path === '/spapi/data/v1/entity/put')
        return {
          status: 200,
          body: { ids: { 'new:record': 77 }, versions: [{ id: 77, version: 1 }], deleted: [] },
        };
      return { status: 404, body: {} };
    });

  it('starts in the to-one component that shows its end', async () => {
    const { api } = server();
    const read = await readFormPageRecord(
      api,
      { record: null, typeId: 40, link },
      () => [fieldMember(101), endMember(202, false)],
      false,
    );
    expect(read.values).toEqual({ title: null, account: [{ id: 9, name: 'Acme' }] });
  });

  it('is saved with the record where no component shows its end', async () => {
    const { api, requests } = server();
    const record = { id: 0, typeId: 40, version: 0, isNew: true, name: null };
    const values = { title: 'Deal' };
    await saveFormPageRecord(api, { record, values, bookmark: {} }, [fieldMember(101)], (v) => v, link);
    expect(requests.find((r) => r.path === '/spapi/data/v1/entity/put')?.body).toMatchObject({
      entities: [{ id: 'new:record', fields: { title: 'Deal' }, relationships: { account: { add: [9] } } }],
    });
  });

  it('is saved as the person left the component that shows it: cleared, it is gone', async () => {
    const { api, requests } = server();
    const record = { id: 0, typeId: 40, version: 0, isNew: true, name: null };
    const members = [fieldMember(101), endMember(202, false)];
    await saveFormPageRecord(
      api,
      { record, values: { title: 'Deal', account: [] }, bookmark: {} },
      members,
      (v) => v,
      link,
    );
    const put = requests.find((r) => r.path === '/spapi/data/v1/entity/put')?.body as {
      entities: Array<{ relationships?: object }>;
    };
    expect(put.entities[0]?.relationships).toBeUndefined();
  });
});
