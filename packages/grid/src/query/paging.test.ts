import { describe, expect, it } from 'vitest';
import { availablePagesCount, clampPage, defaultPageSize, pageAfter, pageAfterDelete } from './paging.js';

describe('paging', () => {
  it('uses 200 rows a page by default', () => {
    expect(defaultPageSize).toBe(200);
  });

  it('keeps a page between 1 and the available count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });

  it('goes to a page, the next, the previous and the first', () => {
    expect(pageAfter({ kind: 'goto', page: 4 }, 1, 5)).toBe(4);
    expect(pageAfter({ kind: 'goto', page: 40 }, 1, 5)).toBe(5);
    expect(pageAfter({ kind: 'next' }, 2, 5)).toBe(3);
    expect(pageAfter({ kind: 'next' }, 5, 5)).toBe(5);
    expect(pageAfter({ kind: 'previous' }, 2, 5)).toBe(1);
    expect(pageAfter({ kind: 'previous' }, 1, 5)).toBe(1);
    expect(pageAfter({ kind: 'first' }, 4, 5)).toBe(1);
  });

  it('counts every page when the record count is known, else one past the current while more exist', () => {
    expect(availablePagesCount({ page: 1, pageSize: 200, recordsCount: 401, hasMore: true })).toBe(3);
    expect(availablePagesCount({ page: 1, pageSize: 200, recordsCount: 0, hasMore: false })).toBe(1);
    expect(availablePagesCount({ page: 2, pageSize: 200, recordsCount: undefined, hasMore: true })).toBe(3);
    expect(availablePagesCount({ page: 2, pageSize: 200, recordsCount: undefined, hasMore: false })).toBe(2);
  });

  it('steps back a page when a delete empties the last page', () => {
    expect(pageAfterDelete({ page: 3, pageSize: 200, recordsCount: 402, deletedCount: 2 })).toBe(2);
    expect(pageAfterDelete({ page: 3, pageSize: 200, recordsCount: 403, deletedCount: 2 })).toBe(3);
    expect(pageAfterDelete({ page: 1, pageSize: 200, recordsCount: 1, deletedCount: 1 })).toBe(1);
  });
});
