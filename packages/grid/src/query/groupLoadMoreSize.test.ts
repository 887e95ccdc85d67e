import { describe, expect, it } from 'vitest';
import { groupLoadMoreSize } from './groupLoadMoreSize.js';

describe('groupLoadMoreSize', () => {
  it('loads one page for a group asked for the first time', () => {
    expect(groupLoadMoreSize(200, 'g1', undefined)).toBe(200);
    expect(groupLoadMoreSize(200, 'g1', 'g2')).toBe(200);
  });

  it('loads ten pages when the same group was last requested', () => {
    expect(groupLoadMoreSize(200, 'g1', 'g1')).toBe(2000);
  });
});
