import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { runner } from './test/runnerServerHarness';

/** The runner's root, which carries the app's theme (decision 0122). */
async function runnerRoot(): Promise<HTMLElement> {
  await screen.findByRole('heading', { level: 1, name: 'Home' });
  return screen.getByRole('navigation', { name: 'App menu' }).closest<HTMLElement>('.pl-runner')!;
}

describe("the runner's app theme", () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it("sets the theme's accent tokens on the runner's root", async () => {
    const { api } = runner('/apps/crm', undefined, { theme: 'teal' });
    render(<App client={api} />);
    const root = await runnerRoot();
    expect(root.dataset.theme).toBe('teal');
    expect(root.style.getPropertyValue('--color-primary')).toBe('#0f766e');
    expect(root.style.getPropertyValue('--color-primary-hover')).toBe('#115e59');
    expect(root.style.getPropertyValue('--color-focus')).toBe('#0d9488');
  });

  it('shows an app without a theme, or with one no longer in the list, in the default theme', async () => {
    for (const theme of [null, 'corporate neon']) {
      const { api } = runner('/apps/crm', undefined, { theme });
      const { unmount } = render(<App client={api} />);
      const root = await runnerRoot();
      expect(root.dataset.theme).toBe('default');
      expect(root.style.getPropertyValue('--color-primary')).toBe('#2454d6');
      unmount();
    }
  });
});
