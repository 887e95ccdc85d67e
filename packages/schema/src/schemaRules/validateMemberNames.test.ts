import { describe, expect, it } from 'vitest';
import { validateMemberNames } from './validateMemberNames.js';
import { validateTypeNames } from './validateTypeNames.js';

const siblings = [
  { id: 1, name: 'Status', scriptName: 'Status' },
  { id: 2, name: 'Owner', scriptName: 'OwnerRef' },
  { id: 3, name: 'Old notes', scriptName: 'Old_notes', isDeleted: true },
];

describe('validateMemberNames', () => {
  it('accepts unique names', () => {
    expect(
      validateMemberNames({ name: 'Priority', scriptName: 'Priority', kind: 'field' }, siblings),
    ).toEqual([]);
  });

  it('requires a name and a script name', () => {
    expect(validateMemberNames({ name: ' ', scriptName: '', kind: 'field' }, siblings)).toEqual([
      { property: 'name', message: 'A value is required.' },
      { property: 'scriptName', message: 'A value is required.' },
    ]);
  });

  it('reports a field name or script name used by another member, case-insensitively', () => {
    expect(
      validateMemberNames({ name: ' status ', scriptName: 'ownerref', kind: 'field' }, siblings),
    ).toEqual([
      { property: 'name', message: "There is another field with the same 'Field name'." },
      { property: 'scriptName', message: "There is another field with the same 'Script name'." },
    ]);
  });

  it('uses the field-or-Object message for a relationship name', () => {
    expect(
      validateMemberNames({ name: 'OWNER', scriptName: 'Owner2', kind: 'relationship' }, siblings),
    ).toEqual([
      {
        property: 'name',
        message: "There is another field or Object with the same 'Field name/Object name'.",
      },
    ]);
  });

  it('ignores deleted members and the member itself', () => {
    expect(
      validateMemberNames({ name: 'Old notes', scriptName: 'Old_notes', kind: 'field' }, siblings),
    ).toEqual([]);
    expect(
      validateMemberNames({ id: 1, name: 'Status', scriptName: 'Status', kind: 'field' }, siblings),
    ).toEqual([]);
  });

  it('compares a name only with names and a script name only with script names', () => {
    expect(validateMemberNames({ name: 'OwnerRef', scriptName: 'Owner', kind: 'field' }, siblings)).toEqual(
      [],
    );
  });
});

describe('validateTypeNames', () => {
  const types = [
    { id: 10, name: 'Project', scriptName: 'Project' },
    { id: 11, name: 'Task', scriptName: 'Task', isDeleted: true },
  ];

  it('reports Object name and script name clashes in the spec wording', () => {
    expect(validateTypeNames({ name: 'project', scriptName: 'PROJECT' }, types)).toEqual([
      { property: 'name', message: "There is another Object with the same 'Object name'" },
      { property: 'scriptName', message: "There is another Object with the same 'Script name'" },
    ]);
  });

  it('ignores deleted Objects and the Object itself, and requires both names', () => {
    expect(validateTypeNames({ name: 'Task', scriptName: 'Task' }, types)).toEqual([]);
    expect(validateTypeNames({ id: 10, name: 'Project', scriptName: 'Project' }, types)).toEqual([]);
    expect(validateTypeNames({ name: '', scriptName: 'X' }, types)).toEqual([
      { property: 'name', message: 'A value is required.' },
    ]);
  });
});
