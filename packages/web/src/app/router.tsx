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

/** Moves to a URL inside the app without reloading, unless a leave guard holds the move. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const go = () => {
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  for (const guard of leaveGuards) if (guard(go)) return;
  go();
}

/** Provides the current location and follows back/forward and hash changes. */
export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  useEffect(() => {
    const update = () => setLocation(readLocation());
    window.addEventListener('popstate', update);
    window.addEventListener('hashchange', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('hashchange', update);
    };
  }, []);
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
