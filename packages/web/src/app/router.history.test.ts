import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    removers.push(followHistory(() => moves.push(window.location.pathname + window.location.hash)));
    navigate('/apps');
    navigate('/apps/crm');
    navigate('/apps/crm/_report/7');
    moves = [];
  });
  afterEach(async () => {
    vi.restoreAllMocks();
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

  /** A guard that holds every move and keeps the last one it held. */
  function holdEveryMove() {
    const guard = { asked: 0, held: undefined as (() => void) | undefined };
    removers.push(
      addLeaveGuard((proceed) => {
        guard.asked++;
        guard.held = proceed;
        return true;
      }),
    );
    return guard;
  }

  /** The browser ignores the next `history.go` (a step out of range, a page put in the back-forward cache). */
  function ignoreNextGo() {
    vi.spyOn(window.history, 'go').mockImplementationOnce(() => {});
  }

  it('asks before following a link to #… (an entry the router did not make), and undoes it while held', async () => {
    const guard = holdEveryMove();
    window.location.hash = 'part';
    await settle();
    expect(guard.asked).toBe(1);
    expect(window.location.hash).toBe('');
    // The app never showed the entry it was leaving for (the undo's own hashchange shows the report).
    expect(moves).not.toContain('/apps/crm/_report/7#part');

    guard.held!();
    await settle();
    expect(window.location.pathname + window.location.hash).toBe('/apps/crm/_report/7#part');
    expect(moves.at(-1)).toBe('/apps/crm/_report/7#part');
  });

  it('takes a Back onto entries another script pushed (without the router’s number) as one step back', async () => {
    window.history.pushState('a state that is no object', '', '/other/1');
    window.history.pushState({ plinthHistoryIndex: 'not a number' }, '', '/other/2');
    navigate('/apps/next');
    moves = [];
    window.history.back();
    await settle();
    expect(moves).toEqual(['/other/2']);

    const guard = holdEveryMove();
    window.history.back();
    await settle();
    expect(guard.asked).toBe(1);
    expect(window.location.pathname).toBe('/other/2');
    expect(moves).toEqual(['/other/2']);
    guard.held!();
    await settle();
    expect(window.location.pathname).toBe('/other/1');
    expect(moves).toEqual(['/other/2', '/other/1']);

    // The entry the router made before them is one further back, and a Forward one on again.
    window.history.back();
    await settle();
    expect(guard.asked).toBe(2);
    expect(window.location.pathname).toBe('/other/1');
    guard.held!();
    await settle();
    expect(window.location.pathname).toBe('/apps/crm/_report/7');
    window.history.forward();
    await settle();
    expect(guard.asked).toBe(3);
    expect(window.location.pathname).toBe('/apps/crm/_report/7');
    guard.held!();
    await settle();
    expect(window.location.pathname).toBe('/other/1');
    expect(moves).toEqual(['/other/2', '/other/1', '/apps/crm/_report/7', '/other/1']);
  });

  it('asks for the next Back when the browser ignored the step that undid a held one', async () => {
    const guard = holdEveryMove();
    ignoreNextGo();
    window.history.back();
    await settle();
    expect(guard.asked).toBe(1);
    // The undo never came: the address shows /apps/crm while the report stays on screen.
    expect(window.location.pathname).toBe('/apps/crm');

    window.history.back();
    await settle();
    expect(guard.asked).toBe(2);
    expect(window.location.pathname).toBe('/apps/crm/_report/7');
    expect(moves).toEqual([]);
  });

  it('follows the next Back once nothing holds it, after the browser ignored an undo', async () => {
    const guard = holdEveryMove();
    ignoreNextGo();
    window.history.back();
    await settle();
    for (const remove of removers.splice(1)) remove();

    window.history.back();
    await settle();
    expect(guard.asked).toBe(1);
    expect(window.location.pathname).toBe('/apps');
    expect(moves).toEqual(['/apps']);
  });

  it('asks again for a Back after the browser ignored the step that made a released one again', async () => {
    const guard = holdEveryMove();
    window.history.back();
    await settle();
    ignoreNextGo();
    guard.held!();
    await settle();
    expect(window.location.pathname).toBe('/apps/crm/_report/7');

    window.history.go(-2);
    await settle();
    expect(guard.asked).toBe(2);
    expect(window.location.pathname).toBe('/apps/crm/_report/7');
    expect(moves).toEqual([]);
  });

  it('stops undoing when entries carry numbers out of order, instead of stepping back and forth', async () => {
    window.history.pushState({ plinthHistoryIndex: 1 }, '', '/numbered/1');
    window.history.pushState({ plinthHistoryIndex: 3 }, '', '/numbered/3');
    window.history.pushState({ plinthHistoryIndex: 2 }, '', '/numbered/2');
    // Another script tells the router it moved, as routers are told.
    window.dispatchEvent(new PopStateEvent('popstate'));
    moves = [];
    const guard = holdEveryMove();
    window.history.back();
    await settle();
    await settle();
    expect(guard.asked).toBe(2);
    expect(moves).toEqual([]);
  });
});
