import { createContext, type MouseEvent, type ReactNode, useContext, useEffect, useState } from 'react';

/** Where the browser is: path, query and hash (the hash host route lives in the hash). */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

const LocationContext = createContext<Location>({ pathname: '/', search: '', hash: '' });

/**
 * Asked before the app moves to another URL (a page with unsaved changes asks the user first).
 * Answers true to hold the move, and then calls `proceed` if the user goes on after all.
 */
export type LeaveGuard = (proceed: () => void) => boolean;

const leaveGuards = new Set<LeaveGuard>();

/** Registers a guard on in-app moves; the answer removes it. */
export function addLeaveGuard(guard: LeaveGuard): () => void {
  leaveGuards.add(guard);
  return () => {
    leaveGuards.delete(guard);
  };
}

/**
 * Each history entry the app makes carries its position, so a Back or Forward (a popstate) knows
 * how far it went and can be undone while a leave guard asks (decisions 0009, 0020).
 */
const indexKey = 'plinthHistoryIndex';
let currentIndex: number | undefined;

function indexOf(state: unknown): number | undefined {
  const index = (state as Record<string, unknown> | null)?.[indexKey];
  return Number.isSafeInteger(index) ? (index as number) : undefined;
}

/** Numbers the current entry, keeping what else its state holds. */
function stampEntry(index: number): number {
  const state = window.history.state;
  try {
    window.history.replaceState(
      { ...(state && typeof state === 'object' ? state : {}), [indexKey]: index },
      '',
    );
  } catch {
    // The browser refused (too many calls in a row): the entry stays unnumbered, and is taken
    // as the next one on again when it is reached.
  }
  return index;
}

/**
 * The current entry's position. An entry the app has not numbered yet — the first, or one pushed
 * by someone else — is numbered after the last one the app knows.
 */
function currentEntryIndex(): number {
  currentIndex =
    indexOf(window.history.state) ?? stampEntry(currentIndex === undefined ? 0 : currentIndex + 1);
  return currentIndex;
}

/** Moves to a URL inside the app without reloading, unless a leave guard holds the move. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const go = () => {
    const index = currentEntryIndex();
    if (options.replace) window.history.replaceState({ [indexKey]: index }, '', to);
    else window.history.pushState({ [indexKey]: index + 1 }, '', to);
    currentIndex = options.replace ? index : index + 1;
    awaited = undefined;
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  for (const guard of leaveGuards) if (guard(go)) return;
  go();
}

/**
 * Where the router's own `history.go` is to land: back on the entry the app shows (undoing a held
 * Back or Forward), or on the entry a released one goes to (shown, and numbered `as`). The next
 * popstate ends the wait whatever it is — one landing elsewhere (the browser ignored the step, or
 * the user moved first) is a move like any other. `otherwise` is tried when an undo lands
 * elsewhere: the move it undid went the other way.
 */
let awaited: { index: number; show: boolean; as?: number; otherwise?: () => void } | undefined;
/** Popstates in a row that landed elsewhere than awaited; at the second the router stops undoing. */
let strayLandings = 0;

/** Who hears the moves the app shows; the window's listeners are there while anyone listens. */
const followers = new Set<() => void>();
const moved = () => {
  for (const follower of followers) follower();
};

function onPopState(event: PopStateEvent) {
  const expected = awaited;
  awaited = undefined;
  const from = currentIndex ?? 0;
  const known = indexOf(window.history.state);
  if (expected && known === expected.index) {
    strayLandings = 0;
    currentIndex = expected.as === undefined || expected.as === known ? known : stampEntry(expected.as);
    if (expected.show) moved();
    return;
  }
  if (expected?.otherwise) return expected.otherwise();
  strayLandings = expected ? strayLandings + 1 : 0;
  if (strayLandings > 1) {
    // Undoing keeps landing elsewhere (numbers out of order with the entries): stay where it is.
    strayLandings = 0;
    currentIndex = known ?? from;
    return;
  }
  // An entry without the router's number (a link to `#…`, another script's pushState), or a
  // browser's move onto one numbered like the entry the app is on (only the app's own popstate
  // after `navigate` stays on it), is taken as the next one on and numbered so; if a guard holds
  // it and undoing one step back lands elsewhere, it was one back: two steps on from there.
  const unnumbered = known === undefined || (known === from && event.isTrusted);
  const index = unnumbered ? stampEntry(from + 1) : known;
  let step = index - from;
  const redo = () => {
    awaited = { index, show: true, as: from + step };
    window.history.go(step);
  };
  const otherwise = () => {
    step = -1;
    awaited = { index: from, show: false };
    window.history.go(2);
  };
  if (step !== 0) {
    for (const guard of leaveGuards) {
      if (guard(redo)) {
        awaited = { index: from, show: false, otherwise: unnumbered ? otherwise : undefined };
        window.history.go(-step);
        return;
      }
    }
  }
  currentIndex = index;
  moved();
}

// A hash move fires hashchange after popstate; it is shown only on the entry the app follows (not
// on one whose move a guard holds and the router is undoing).
function onHashChange() {
  if (indexOf(window.history.state) === currentIndex) moved();
}

/**
 * Follows the browser's Back and Forward (popstate and hashchange) and calls `onMove` after each
 * move the app shows. A leave guard may hold a Back or Forward like an in-app move: the browser
 * has already moved, so the move is undone at once (`history.go` back by as many entries) and the
 * app never shows the page it was leaving for; if the guard proceeds, the move is made again.
 * An entry the app did not make (a link to `#…`, another script's pushState) is taken as one
 * step on, and held or followed like any other. Each wait for the router's own `history.go` ends
 * with the next popstate, so a step the browser ignores never swallows a later Back.
 */
export function followHistory(onMove: () => void): () => void {
  currentEntryIndex();
  const follower = () => onMove();
  if (followers.size === 0) {
    window.addEventListener('popstate', onPopState);
    window.addEventListener('hashchange', onHashChange);
  }
  followers.add(follower);
  return () => {
    followers.delete(follower);
    if (followers.size > 0) return;
    window.removeEventListener('popstate', onPopState);
    window.removeEventListener('hashchange', onHashChange);
  };
}

/** Provides the current location and follows Back/Forward (held by leave guards) and hash changes. */
export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  useEffect(() => followHistory(() => setLocation(readLocation())), []);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

export function useLocation(): Location {
  return useContext(LocationContext);
}

/** An in-app link: a real `<a href>` (open in new tab works) that navigates without reloading. */
export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
