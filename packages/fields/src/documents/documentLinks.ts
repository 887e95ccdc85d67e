import { filePaths } from '@plinth/schema';

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** The download address of a document's file, under the app's base path. */
export function fileUrl(documentId: number, base = ''): string {
  return join(base, filePaths.file(documentId));
}

/** The preview address: the same file shown in the browser (Content-Disposition: inline). */
export function inlineFileUrl(documentId: number, base = ''): string {
  return join(base, filePaths.inlineFile(documentId));
}

/** The parts of `window` the document actions use; tests pass their own. */
export interface BrowserWindow {
  location: { assign(url: string): void };
  open(url?: string, target?: string): Window | null;
}

/** Download (spec 02 §7): the browser navigates to the file; the server answers it as an attachment. */
export function downloadDocument(documentId: number, base = '', win: BrowserWindow = window): void {
  win.location.assign(fileUrl(documentId, base));
}

export interface PreviewOptions {
  /** The app's base path. */
  base?: string;
  /** Embedded apps preview in the same tab (spec 02 §7). */
  isEmbedded?: boolean;
  win?: BrowserWindow;
}

/**
 * Preview (spec 02 §7): opens the file inline in a new tab titled with the file name. The tab is
 * opened at once, before the name is known, so a popup blocker sees it as the user's click; it
 * shows the file in a full-size frame under a title set as text. Embedded, the file opens in the
 * same tab instead. `fileName` is awaited (the caller loads the document's name).
 */
export async function previewDocument(
  documentId: number,
  fileName: Promise<string> | string,
  options: PreviewOptions = {},
): Promise<void> {
  const win = options.win ?? window;
  const url = inlineFileUrl(documentId, options.base);
  if (options.isEmbedded) {
    win.location.assign(url);
    return;
  }
  const tab = win.open('', '_blank');
  if (!tab) {
    // Blocked: fall back to opening the file itself.
    win.open(url, '_blank');
    return;
  }
  tab.opener = null;
  let title: string;
  try {
    title = await fileName;
  } catch {
    title = '';
  }
  const doc = tab.document;
  doc.title = title || 'Preview';
  const frame = doc.createElement('iframe');
  frame.src = url;
  frame.title = title || 'Preview';
  frame.setAttribute('style', 'border:0;position:fixed;inset:0;width:100%;height:100%');
  doc.body.style.margin = '0';
  doc.body.replaceChildren(frame);
}
