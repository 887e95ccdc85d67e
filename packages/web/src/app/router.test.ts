import { afterEach, describe, expect, it } from 'vitest';
import { addLeaveGuard, navigate } from './router';

describe('navigate with leave guards', () => {
  const removers: (() => void)[] = [];
  afterEach(() => {
    for (const remove of removers.splice(0)) remove();
    window.history.replaceState(null, '', '/');
  });

  it('moves at once without a guard, and holds the move a guard holds until it proceeds', () => {
    navigate('/apps');
    expect(window.location.pathname).toBe('/apps');

    let held: (() => void) | undefined;
    removers.push(
      addLeaveGuard((proceed) => {
        held = proceed;
        return true;
      }),
    );
    navigate('/apps/crm');
    expect(window.location.pathname).toBe('/apps');
    held?.();
    expect(window.location.pathname).toBe('/apps/crm');
  });

  it('moves when the guard lets it, and not after the guard is removed', () => {
    let asked = 0;
    const remove = addLeaveGuard(() => {
      asked++;
      return false;
    });
    navigate('/one');
    expect(window.location.pathname).toBe('/one');
    remove();
    navigate('/two');
    expect(window.location.pathname).toBe('/two');
    expect(asked).toBe(1);
  });
});
