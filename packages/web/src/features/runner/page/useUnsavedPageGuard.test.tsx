import { unsavedChangesQuestion } from '@plinth/schema';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../../app/router';
import { useUnsavedPageGuard } from './useUnsavedPageGuard';

describe('useUnsavedPageGuard', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('asks before leaving a dirty page and stays when the user says no', () => {
    window.history.pushState(null, '', '/apps/crm/home');
    const confirm = vi.fn(() => false);
    const { rerender } = renderHook(({ dirty }) => useUnsavedPageGuard(dirty, confirm), {
      initialProps: { dirty: true },
    });
    navigate('/apps/crm/accounts');
    expect(confirm).toHaveBeenCalledWith(unsavedChangesQuestion);
    expect(window.location.pathname).toBe('/apps/crm/home');
    confirm.mockReturnValue(true);
    navigate('/apps/crm/accounts');
    expect(window.location.pathname).toBe('/apps/crm/accounts');
    // A clean page lets the move go without asking.
    confirm.mockClear();
    rerender({ dirty: false });
    navigate('/apps/crm/home');
    expect(confirm).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/apps/crm/home');
  });

  it('asks the browser before the tab closes while dirty', () => {
    const { unmount } = renderHook(() => useUnsavedPageGuard(true, () => true));
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    unmount();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it("asks through the window's own confirm, called on the window (unbound it throws)", () => {
    window.history.pushState(null, '', '/apps/crm/home');
    const asked: unknown[] = [];
    const spy = vi.spyOn(window, 'confirm').mockImplementation(function (this: unknown, question?: string) {
      // The browser's confirm throws 'Illegal invocation' unless called on the window.
      if (this !== window) throw new TypeError('Illegal invocation');
      asked.push(question);
      return true;
    });
    const { unmount } = renderHook(() => useUnsavedPageGuard(true));
    navigate('/apps/crm/accounts');
    expect(asked).toEqual([unsavedChangesQuestion]);
    expect(window.location.pathname).toBe('/apps/crm/accounts');
    unmount();
    spy.mockRestore();
  });
});
