import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navigate, RouterProvider, useLocation } from '../../app/router';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/**
 * Waits until the browser has answered a history traversal and any undo or redo of it (jsdom runs
 * one as two nested zero-delay timers, which run before timers set after them).
 */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** A page with edits that are saved or not, asking before it is left as the report does. */
function EditingPage({ onAsk }: { onAsk: (proceed: () => void) => void }) {
  const [isDirty, setIsDirty] = useState(true);
  useUnsavedChangesGuard(isDirty, undefined, onAsk);
  return (
    <button type="button" onClick={() => setIsDirty(false)}>
      {isDirty ? 'Unsaved' : 'Saved'}
    </button>
  );
}

function Shell({ onAsk }: { onAsk: (proceed: () => void) => void }) {
  const { pathname } = useLocation();
  return pathname === '/report' ? <EditingPage onAsk={onAsk} /> : <p>Page {pathname}</p>;
}

describe('useUnsavedChangesGuard', () => {
  let held: Array<() => void>;
  const ask = (proceed: () => void) => held.push(proceed);

  beforeEach(() => {
    held = [];
    navigate('/apps');
    navigate('/report');
  });
  afterEach(async () => {
    navigate('/', { replace: true });
    await settle();
  });

  it('asks before the browser goes Back with unsaved changes; Stay keeps the page, Leave goes', async () => {
    render(
      <RouterProvider>
        <Shell onAsk={ask} />
      </RouterProvider>,
    );
    expect(screen.getByRole('button', { name: 'Unsaved' })).toBeInTheDocument();

    await act(async () => window.history.back());
    await settle();
    expect(held).toHaveLength(1);
    // Stay: the page and its edits are still there.
    expect(window.location.pathname).toBe('/report');
    expect(screen.getByRole('button', { name: 'Unsaved' })).toBeInTheDocument();

    // Leave: the Back is made after all.
    await act(async () => held[0]!());
    await settle();
    expect(window.location.pathname).toBe('/apps');
    expect(screen.getByText('Page /apps')).toBeInTheDocument();

    // Forward to the page, nothing unsaved asked about on the way in.
    await act(async () => window.history.forward());
    await settle();
    expect(screen.getByRole('button', { name: 'Unsaved' })).toBeInTheDocument();
    expect(held).toHaveLength(1);
  });

  it('lets Back through once the changes are saved, and asks the browser before reload only while unsaved', async () => {
    render(
      <RouterProvider>
        <Shell onAsk={ask} />
      </RouterProvider>,
    );
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(true);
    await act(async () => screen.getByRole('button', { name: 'Unsaved' }).click());
    expect(unload()).toBe(false);

    await act(async () => window.history.back());
    await settle();
    expect(held).toHaveLength(0);
    expect(screen.getByText('Page /apps')).toBeInTheDocument();
  });
});
