import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const chunk = { Hello: ({ name }: { name: string }) => <p>Hello {name}</p> };

describe('preloadable', () => {
  it('shows the fallback, then the page, when the chunk was not asked for early', async () => {
    const load = vi.fn(async () => chunk);
    const Hello = preloadable(load).page((m) => m.Hello);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Hello name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('renders the page at once, with no fallback, when the chunk was preloaded', async () => {
    const load = vi.fn(async () => chunk);
    const module = preloadable(load);
    const Hello = module.page((m) => m.Hello);
    await act(() => module.preload());
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Hello name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    await module.preload();
    expect(load).toHaveBeenCalledOnce();
  });
});
