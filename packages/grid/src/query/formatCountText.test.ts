import { describe, expect, it } from 'vitest';
import { type CountTextInput, formatCountText } from './formatCountText.js';

const base: CountTextInput = {
  usage: 'run',
  mode: 'default',
  pageSize: 200,
  firstRowIndex: 0,
  rowsCount: 200,
  recordsCount: 450,
  selectedCount: 0,
};

describe('formatCountText', () => {
  it('shows start-end of total when the count is known', () => {
    expect(formatCountText(base)).toBe('1-200 of 450');
    expect(formatCountText({ ...base, firstRowIndex: 400, rowsCount: 50 })).toBe('401-450 of 450');
  });

  it('shows the last loaded row of many while more exist', () => {
    expect(formatCountText({ ...base, recordsCount: undefined, firstRowIndex: 200 })).toBe('400 of many');
  });

  it('shows 1-{page size} of many in build mode', () => {
    expect(formatCountText({ ...base, usage: 'build', pageSize: 50 })).toBe('1-50 of many');
  });

  it('shows the selected count in multi-select mode', () => {
    expect(formatCountText({ ...base, mode: 'multiSelect', selectedCount: 3 })).toBe('3 selected');
    expect(formatCountText({ ...base, mode: 'multiSelect', selectedCount: 0 })).toBe('1-200 of 450');
  });

  it('shows 0 of 0 for an empty report', () => {
    expect(formatCountText({ ...base, rowsCount: 0, recordsCount: 0 })).toBe('0 of 0');
  });
});
