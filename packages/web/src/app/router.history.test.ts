import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addLeaveGuard, followHistory, navigate } from './router';

/**
 * Waits until the browser has answered a history traversal and any undo or redo of it: jsdom runs
 * a traversal as two nested zero-delay timers, which run before timers set after them, so a few
 * timer turns see it through whatever the machine's load.
 */
async function settle() {
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('browser Back and Forward with leave guards', () => {
  const removers: (() => void)[] = [];
  let moves: string[];

  beforeEach(async () => {
    moves = [];
    removers.push(followHistory(() => moves.push(window.location.pathname)));
    navigate('/apps');
    navigate('/apps/crm');
    navigate('/apps/crm/_report/7');
    moves = [];
  });
  afterEach(async () => {
    for (const remove of removers.splice(0)) remove();
    navigate('/', { replace: true });
    await settle();
  });

  it('follows Back and Forward when nothing holds them', async () => {
    window.history.back();
    await settle();
    expect(window.location.pathname).toBe('/apps/crm');
    expect(moves).toEqual(['/apps/crm']);
    window.history.forward();
    await settle();
    expect(window.location.pathname).toBe('/apps/crm/_report/7');
    expect(moves).toEqual(['/apps/crm', '/apps/crm/_report/7']);
  });

  it('holds a Back a guard holds: the page stays, and goes back when the guard proceeds', async () => {
    let held: (() => void) | undefined;
    removers.push(
      addLeaveGuard((proceed) => {
        held = proceed;
        return true;
      }),
    );
    window.history.back();
    await settle();
    expect(held).toBeDefined();
    expect(window.location.pathname).toBe('/apps/crm/_report/7');
    // The app never showed the page it was leaving for.
    expect(moves).toEqual([]);

    held!();
    await settle();
    expect(window.location.pathname).toBe('/apps/crm');
    expect(moves).toEqual(['/apps/crm']);
  });

  it('holds a jump of several entries and a Forward the same way', async () => {
    let held: (() => void) | undefined;
    const remove = addLeaveGuard((proceed) => {
      held = proceed;
      return true;
    });
    window.history.go(-2);
    await settle();
    expect(window.location.pathname).toBe('/apps/crm/_report/7');
    held!();
    await settle();
    expect(window.location.pathname).toBe('/apps');

    window.history.forward();
    await settle();
    expect(window.location.pathname).toBe('/apps');
    held!();
    await settle();
    expect(window.location.pathname).toBe('/apps/crm');
    remove();
  });

  it('moves at once when the guard lets it, and not after the guard is removed', async () => {
    let asked = 0;
    const remove = addLeaveGuard(() => {
      asked++;
      return false;
    });
    window.history.back();
    await settle();
    expect(window.location.pathname).toBe('/apps/crm');
    remove();
    window.history.back();
    await settle();
    expect(window.location.pathname).toBe('/apps');
    expect(asked).toBe(1);
  });

  it('stays with the page after Stay: a later Back asks again', async () => {
    let asked = 0;
    removers.push(
      addLeaveGuard(() => {
        asked++;
        return true;
      }),
    );
    window.history.back();
    await settle();
    window.history.back();
    await settle();
    expect(asked).toBe(2);
    expect(window.location.pathname).toBe('/apps/crm/_report/7');
  });

  it('asks once however many follow the history, and tells each of them the move', async () => {
    const others: string[] = [];
    removers.push(followHistory(() => others.push(window.location.pathname)));
    let asked = 0;
    let held: (() => void) | undefined;
    removers.push(
      addLeaveGuard((proceed) => {
        asked++;
        held = proceed;
        return true;
      }),
    );
    window.history.back();
    await settle();
    expect(asked).toBe(1);
    held!();
    await settle();
    expect(window.location.pathname).toBe('/apps/crm');
    expect(moves).toEqual(['/apps/crm']);
    expect(others).toEqual(['/apps/crm']);
  });
});
