import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterTestMeta } from '../../filters/filterTestMeta.js';
import { clearSort } from '../../sorting/sortState.js';
import { useToolbarState } from './useToolbarState.js';

describe('useToolbarState', () => {
  it('keeps applied changes until new metadata arrives, then starts from it', () => {
    const first = filterTestMeta({ sort: [{ colid: 'name', order: 'Ascending' }] });
    const { result, rerender } = renderHook(({ meta }) => useToolbarState(meta, { currencySymbol: '€' }), {
      initialProps: { meta: first },
    });
    expect(result.current.sortState.applied.map((s) => s.id)).toEqual(['name']);
    expect(result.current.filterState.applied.find((f) => f.filterId === 'fAmount')?.currencySymbol).toBe(
      '€',
    );
    act(() => result.current.setSortState(clearSort(result.current.sortState)));
    rerender({ meta: first });
    expect(result.current.sortState.applied).toEqual([]);
    rerender({ meta: filterTestMeta({ sort: [{ colid: 'amount', order: 'Descending' }] }) });
    expect(result.current.sortState.applied.map((s) => [s.id, s.direction])).toEqual([
      ['amount', 'Descending'],
    ]);
  });

  it('starts empty without metadata', () => {
    const { result } = renderHook(() => useToolbarState(undefined));
    expect(result.current.sortState.applied).toEqual([]);
    expect(result.current.filterState.applied.map((f) => f.filterId)).toEqual(['ResultLimit']);
  });
});
