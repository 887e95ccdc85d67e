import { describe, expect, it } from 'vitest';
import { container, control, end, field } from '../render/formFixtures';
import { buildFormTree, treeControls } from '../render/formTree';
import {
  changedControls,
  checkValues,
  mergeNewRecord,
  saveBody,
  serverErrors,
  valuesOfRecord,
} from './recordValues';

const type = {
  fields: [
    field(1, 'Name', 'name', 'Text', 'string', { maxLength: 5 }),
    field(2, 'Probability', 'probability', 'Number', 'int', { minInt: 0, maxInt: 100 }),
    field(3, 'Reference', 'reference', 'AutoNumber', 'autoNumber'),
  ],
  relationships: [
    end(10, 'fwd', 'manyToOne', { to: 'Account', from: 'Deals', script: 'account' }, { isMandatory: true }),
  ],
};
const controls = treeControls(
  buildFormTree(
    {
      controls: [
        control('name', { field: 1 }, { containerId: 'box' }),
        control('prob', { field: 2 }, { containerId: 'box', mandatory: true }),
        control('ref', { field: 3 }, { containerId: 'box' }),
        control('account', { rel: 10 }, { containerId: 'box' }),
      ],
      containers: [container('box', 'verticalStack')],
    },
    type,
  ),
);
const read = valuesOfRecord(controls, {
  name: 'Acme',
  probability: 40,
  reference: 7,
  account: { id: 3, typeId: 41, name: 'Acme Pty' },
});

describe('record values', () => {
  it('reads field values and related records by control', () => {
    expect(read).toEqual({ name: 'Acme', prob: 40, ref: 7, account: [{ id: 3, name: 'Acme Pty' }] });
  });

  it('finds what changed (relationships by ids) and saves only that', () => {
    const current = { ...read, prob: 60, account: [{ id: 3, name: 'renamed elsewhere' }] };
    const changed = changedControls(controls, read, current);
    expect(changed.map((n) => n.id)).toEqual(['prob']);
    expect(saveBody(changed, current)).toEqual({ fields: { probability: 60 } });
    const relinked = { ...read, account: [{ id: 4, name: 'Other' }] };
    expect(saveBody(changedControls(controls, read, relinked), relinked)).toEqual({
      relationships: { account: { set: [4] } },
    });
  });

  it('checks values with spec 03 §5’s messages; the control’s mandatory flag counts, read-only ones are skipped', () => {
    const { errors } = checkValues(
      controls,
      { name: 'Too long', prob: null, ref: null, account: [] },
      new Set(),
    );
    expect(errors).toEqual({
      name: 'The value is too long; the maximum length is 5 characters.',
      prob: 'A value is required.',
      account: 'A value is required.',
    });
    expect(checkValues(controls, { ...read, prob: '101' }, new Set(['name'])).errors).toEqual({
      prob: 'The value is out of range; the value must be between 0 and 100 inclusive',
    });
  });

  it('puts the server’s refusals under the controls they name, the rest apart', () => {
    const details = {
      errors: [
        { id: 7, member: 'probability', message: 'Too high.' },
        { id: 7, member: 'budget', message: 'No budget.' },
      ],
    };
    expect(serverErrors(controls, details)).toEqual({
      byControl: { prob: 'Too high.' },
      other: ['No budget.'],
    });
    expect(serverErrors(controls, null)).toEqual({ byControl: {}, other: [] });
  });

  it('merges a new record’s calculated values over its defaults, keeping defaults for failed ones', () => {
    const plain = {
      id: 0,
      typeId: 40,
      alias: null,
      name: null,
      version: 0,
      canModify: true,
      canDelete: false,
      a: 1,
      b: 2,
    };
    expect(mergeNewRecord(plain, { id: 0, a: 5, b: 6, c: 7 }, { b: 'Unexpected error.' })).toMatchObject({
      a: 5,
      b: 2,
      c: 7,
    });
    expect(mergeNewRecord(plain, null, {})).toBe(plain);
  });
});
