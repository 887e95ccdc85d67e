import { describe, expect, it, vi } from 'vitest';
import {
  type BrowserWindow,
  downloadDocument,
  fileUrl,
  inlineFileUrl,
  previewDocument,
} from './documentLinks';

function fakeWindow(tab: Window | null = null) {
  const assign = vi.fn();
  const open = vi.fn((_url?: string, _target?: string) => tab);
  const win: BrowserWindow = { location: { assign }, open };
  return { win, assign, open };
}

/** A tab as window.open answers it: its own document to write into. */
function fakeTab() {
  const doc = document.implementation.createHTMLDocument('');
  return { document: doc, opener: {} } as unknown as Window;
}

describe('document links', () => {
  it('builds the file addresses under the base path', () => {
    expect(fileUrl(42)).toBe('/spapi/data/v2/file/42');
    expect(fileUrl(42, '/app/')).toBe('/app/spapi/data/v2/file/42');
    expect(inlineFileUrl(42, '/app')).toBe('/app/spapi/data/v2/file/42?inline=1');
  });

  it('downloads by navigating the browser to the file', () => {
    const { win, assign } = fakeWindow();
    downloadDocument(42, '/app', win);
    expect(assign).toHaveBeenCalledWith('/app/spapi/data/v2/file/42');
  });

  it('previews in a new tab titled with the file name, showing the inline file', async () => {
    const tab = fakeTab();
    const { win, open } = fakeWindow(tab);
    await previewDocument(42, Promise.resolve('Quarterly <b>report</b>.pdf'), { base: '/app', win });
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.document.title).toBe('Quarterly <b>report</b>.pdf');
    const frame = tab.document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/app/spapi/data/v2/file/42?inline=1');
    expect(tab.document.querySelector('b')).toBeNull();
    expect(tab.opener).toBeNull();
  });

  it('previews in the same tab when embedded, and opens the file itself when the tab is blocked', async () => {
    const embedded = fakeWindow();
    await previewDocument(42, 'a.pdf', { win: embedded.win, isEmbedded: true });
    expect(embedded.assign).toHaveBeenCalledWith('/spapi/data/v2/file/42?inline=1');
    expect(embedded.open).not.toHaveBeenCalled();

    const blocked = fakeWindow(null);
    await previewDocument(42, 'a.pdf', { win: blocked.win });
    expect(blocked.open).toHaveBeenLastCalledWith('/spapi/data/v2/file/42?inline=1', '_blank');
  });

  it('still shows the file when the name cannot be loaded', async () => {
    const tab = fakeTab();
    const { win } = fakeWindow(tab);
    await previewDocument(42, Promise.reject(new Error('offline')), { win });
    expect(tab.document.title).toBe('Preview');
    expect(tab.document.querySelector('iframe')!.getAttribute('src')).toBe('/spapi/data/v2/file/42?inline=1');
  });
});
