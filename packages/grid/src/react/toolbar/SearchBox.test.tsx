import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './SearchBox.js';

// user-event waits on timers, so with fake timers the typing is done through input events.
const type = (box: HTMLElement, text: string) => {
  for (let i = 1; i <= text.length; i++) fireEvent.change(box, { target: { value: text.slice(0, i) } });
};

describe('SearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Find a record' and searches 500 ms after the last keystroke", () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Find a record' });
    expect(box).toHaveAttribute('placeholder', 'Find a record');
    type(box, 'ac');
    act(() => vi.advanceTimersByTime(300));
    type(box, 'acme');
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('acme');
  });

  it('takes another placeholder, searches at once on Enter and clears on Escape', () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} placeholder="Find an opportunity" />);
    const box = screen.getByRole('searchbox', { name: 'Find an opportunity' });
    type(box, 'big');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenLastCalledWith('big');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
    expect(onSearch).toHaveBeenLastCalledWith('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('shows a search set from outside without searching again', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox onSearch={onSearch} value="acme" />);
    expect(screen.getByRole('searchbox')).toHaveValue('acme');
    rerender(<SearchBox onSearch={onSearch} value="" />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
