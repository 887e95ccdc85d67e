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
  return typeof index === 'number' ? index : undefined;
}

/** Numbers the current entry, keeping what else its state holds. */
function markEntry(index: number): void {
  const state = window.history.state;
  window.history.replaceState(
    { ...(state && typeof state === 'object' ? state : {}), [indexKey]: index },
    '',
  );
  currentIndex = index;
}

/**
 * The current entry's position. An entry the app has not numbered yet — the first, or one pushed
 * by someone else — is numbered after the last one the app knows.
 */
function currentEntryIndex(): number {
  const index = indexOf(window.history.state);
  if (index !== undefined) return index;
  markEntry(currentIndex === undefined ? 0 : currentIndex + 1);
  return currentIndex!;
}

/** Moves to a URL inside the app without reloading, unless a leave guard holds the move. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const go = () => {
    const index = currentEntryIndex();
    if (options.replace) window.history.replaceState({ [indexKey]: index }, '', to);
    else window.history.pushState({ [indexKey]: index + 1 }, '', to);
    currentIndex = options.replace ? index : index + 1;
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  for (const guard of leaveGuards) if (guard(go)) return;
  go();
}

/** Set while a held Back/Forward is being undone, and while a released one is being redone. */
let traversal: 'undoing' | 'redoing' | undefined;

/** Who hears the moves the app shows; the window's listeners are there while anyone listens. */
const followers = new Set<() => void>();
const moved = () => {
  for (const follower of followers) follower();
};

function onPopState() {
  const index = indexOf(window.history.state);
  if (traversal === 'undoing') {
    traversal = undefined;
    if (index !== undefined) currentIndex = index;
    return;
  }
  if (index === undefined) {
    markEntry((currentIndex ?? 0) + 1);
    moved();
    return;
  }
  const delta = index - (currentIndex ?? index);
  if (delta !== 0 && traversal !== 'redoing') {
    const redo = () => {
      traversal = 'redoing';
      window.history.go(delta);
    };
    for (const guard of leaveGuards) {
      if (guard(redo)) {
        traversal = 'undoing';
        window.history.go(-delta);
        return;
      }
    }
  }
  traversal = undefined;
  currentIndex = index;
  moved();
}

// A hash move fires hashchange after popstate; one being undone is not shown either.
function onHashChange() {
  if (traversal !== 'undoing') moved();
}

/**
 * Follows the browser's Back and Forward (popstate and hashchange) and calls `onMove` after each
 * move the app shows. A leave guard may hold a Back or Forward like an in-app move: the browser
 * has already moved, so the move is undone at once (`history.go` back by as many entries) and the
 * app never shows the page it was leaving for; if the guard proceeds, the move is made again.
 * Entries the app did not make (a link to `#…`) are numbered as new entries and followed.
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
