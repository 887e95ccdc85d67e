import { sysField } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { searchBody } from '../../src/data/search/searchIndex.js';

describe('a record’s search document', () => {
  it('holds its name and text values, rich text without its tags', () => {
    expect(searchBody('Acme', { 1001: 'Big customer', 1002: '<p>Calls <b>weekly</b></p>', 1003: 12 })).toBe(
      'Acme\nBig customer\n Calls  weekly  ',
    );
  });

  it('leaves out dates and times', () => {
    expect(
      searchBody('Acme', { 1001: '2026-03-20', 1002: '2026-03-20T10:00:00.000Z', 1003: '10:30:00' }),
    ).toBe('Acme');
  });

  it('leaves out the JSON the platform keeps, so a run’s progress does not change it', () => {
    const run = (state: object) => ({
      [sysField.workflowRunStatus]: 'Running',
      [sysField.workflowRunState]: JSON.stringify(state),
    });
    const before = searchBody('Mark won', run({ log: [] }));
    expect(before).toBe('Mark won\nRunning');
    expect(searchBody('Mark won', run({ log: [{ step: 's1', name: 'Mark won' }] }))).toBe(before);
    expect(searchBody('Deals', { [sysField.reportDefinition]: '{"columns":[]}' })).toBe('Deals');
  });
});
