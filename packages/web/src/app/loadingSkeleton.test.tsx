import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';

/** The HTML shell as the browser parses it, before any script has run. */
function parsedShell() {
  return new DOMParser().parseFromString(indexHtml, 'text/html');
}

describe('the HTML shell', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('paints a loading skeleton in the root, announced as busy with a hidden "Loading…"', () => {
    const shell = parsedShell();
    const skeleton = shell.querySelector('#root > [aria-busy="true"]');
    expect(skeleton).not.toBeNull();
    expect(skeleton!.getAttribute('role')).toBe('status');
    const label = skeleton!.querySelector('.pl-boot__label');
    expect(label?.textContent).toBe('Loading…');
    // Everything else in it is decoration.
    for (const child of skeleton!.children)
      if (child !== label) expect(child.getAttribute('aria-hidden'), child.className).toBe('true');
    // Styled inline: it paints before any stylesheet or script arrives.
    const css = [...shell.querySelectorAll('head style')].map((s) => s.textContent).join('\n');
    expect(shell.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    expect(css).toMatch(/\.pl-boot__label\s*\{[^}]*position:\s*absolute[^}]*clip:/);
    expect(css).toMatch(/\.pl-boot\s*\{/);
    // Its shimmer stops for people who asked for less motion.
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\)\s*\{[^}]*\.pl-boot[^{]*\{[^}]*animation: none/,
    );
  });

  it('says the app needs JavaScript when scripts are off', () => {
    const noscript = parsedShell().querySelector('noscript');
    expect(noscript?.textContent).toContain('Plinth needs JavaScript');
  });

  it("says so when the app's script cannot be loaded, instead of loading for ever", () => {
    const shell = parsedShell();
    document.body.innerHTML = shell.body.innerHTML;
    // The shell's inline script, as the browser runs it before the app's.
    const inline = [...shell.querySelectorAll('head script:not([src])')].map((s) => s.textContent).join('\n');
    const listen = vi.spyOn(window, 'addEventListener');
    new Function(inline)();
    const [, onError] = listen.mock.calls.find(([type]) => type === 'error')!;
    listen.mockRestore();
    try {
      // An image that fails, or a script that is not the app's, is not the app failing.
      const image = document.createElement('img');
      document.body.append(image);
      image.dispatchEvent(new Event('error'));
      const other = document.createElement('script');
      other.src = 'https://example.com/widget.js';
      document.head.append(other);
      other.dispatchEvent(new Event('error'));
      other.remove();
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      const script = document.createElement('script');
      script.src = '/assets/index-gone.js';
      document.head.append(script);
      script.dispatchEvent(new Event('error'));
      const alert = document.querySelector('#root > [role="alert"]');
      expect(alert?.textContent).toBe(
        'Plinth could not be loaded. Check your connection and reload the page.',
      );
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
      script.remove();
    } finally {
      window.removeEventListener('error', onError as EventListener, true);
    }
  });

  it('is replaced by the app when React mounts', async () => {
    document.body.innerHTML = parsedShell().body.innerHTML;
    const root = document.getElementById('root')!;
    expect(root.querySelector('[aria-busy="true"]')).not.toBeNull();
    await act(async () => createRoot(root).render(<p>The app</p>));
    expect(root.innerHTML).toBe('<p>The app</p>');
  });
});
