import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterTestMeta } from '../../filters/filterTestMeta.js';
import { withAppliedSortEntries } from '../../sorting/headerSort.js';
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

  it('lays the view the host keeps over each new metadata (a reload, a refresh)', () => {
    let kept: { sort: { colid: string; order: 'Descending' }[] } | undefined = {
      sort: [{ colid: 'amount', order: 'Descending' }],
    };
    const restore = (state: Parameters<NonNullable<Parameters<typeof useToolbarState>[2]>>[0]) =>
      kept ? { ...state, sortState: withAppliedSortEntries(state.sortState, kept.sort) } : state;
    const { result, rerender } = renderHook(({ meta }) => useToolbarState(meta, {}, restore), {
      initialProps: { meta: filterTestMeta({ sort: [{ colid: 'name', order: 'Ascending' }] }) },
    });
    expect(result.current.sortState.applied.map((s) => [s.id, s.direction])).toEqual([
      ['amount', 'Descending'],
    ]);
    // Reset to default: nothing kept, the next metadata's own sort.
    kept = undefined;
    rerender({ meta: filterTestMeta({ sort: [{ colid: 'name', order: 'Ascending' }] }) });
    expect(result.current.sortState.applied.map((s) => s.id)).toEqual(['name']);
  });

  it('starts empty without metadata', () => {
    const { result } = renderHook(() => useToolbarState(undefined));
    expect(result.current.sortState.applied).toEqual([]);
    expect(result.current.filterState.applied.map((f) => f.filterId)).toEqual(['ResultLimit']);
  });
});
