import type { DocumentInfo } from '@plinth/schema';
import { ToastRegions, toast } from '@plinth/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../api/apiClient';
import { SessionProvider } from '../../auth/public';
import { saveParentFirstMessage } from '../formMessages';
import { DocumentsControl, type DocumentsControlProps } from './DocumentsControl';

const pdfType = {
  id: 900,
  name: 'PDF document',
  mimeType: 'application/pdf',
  extension: 'pdf',
  extensions: ['pdf'],
  icon: null,
};
const pngType = { ...pdfType, id: 901, name: 'PNG image', mimeType: 'image/png', extension: 'png' };

const doc = (id: number, name: string, extra: Partial<DocumentInfo> = {}): DocumentInfo => ({
  id,
  name,
  fileExtension: name.split('.').pop() ?? null,
  size: 2_621_440,
  documentType: name.endsWith('.png') ? { ...pngType, extensions: ['png'] } : pdfType,
  version: 1,
  recordVersion: 1,
  canModify: true,
  ...extra,
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
  ifMatch?: string | undefined;
}

/**
 * A server holding one account's documents (relationship 30, the account on its from side): the
 * list, document reads and types, uploads and replaces (multipart, through XMLHttpRequest) and the
 * entity put that unlinks one.
 */
function server(initial: DocumentInfo[], options: { canUpload?: boolean } = {}) {
  let documents = [...initial];
  const sent: Sent[] = [];
  let nextId = 50;
  const handle = (method: string, path: string, body: unknown): { status: number; body: unknown } => {
    const url = new URL(path, 'http://host');
    if (method === 'GET' && url.pathname === '/spapi/data/v2/document/related')
      return {
        status: 200,
        body: {
          documents: [...documents].sort((a, b) => a.name.localeCompare(b.name)),
          total: documents.length,
          canUpload: options.canUpload ?? true,
        },
      };
    if (method === 'GET' && url.pathname === '/spapi/data/v2/document/types')
      return { status: 200, body: { documentTypes: [pdfType, pngType] } };
    const one = url.pathname.match(/^\/spapi\/data\/v2\/document\/(\d+)(\/replace)?$/);
    if (one) {
      const found = documents.find((d) => d.id === Number(one[1]));
      if (!found) return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
      if (method === 'GET') return { status: 200, body: found };
      const file = (body as FormData).get('file') as File;
      const replaced = doc(found.id, file.name, {
        version: found.version + 1,
        recordVersion: 2,
        size: file.size,
      });
      documents = documents.map((d) => (d.id === found.id ? replaced : d));
      return { status: 200, body: replaced };
    }
    if (method === 'POST' && url.pathname === '/spapi/data/v2/document') {
      const file = (body as FormData).get('file') as File;
      const created = doc(nextId++, file.name, { size: file.size });
      documents.push(created);
      return { status: 200, body: created };
    }
    if (method === 'POST' && url.pathname === '/spapi/data/v1/entity/put') {
      const [change] = (body as { entities: Array<{ id: number }> }).entities;
      documents = documents.filter((d) => d.id !== change!.id);
      return { status: 200, body: { ids: {}, versions: [{ id: change!.id, version: 2 }], deleted: [] } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: `No ${method} ${path}` } } };
  };
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: String(url), body });
    const answer = handle(method, String(url), body);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  /** Uploads go through XMLHttpRequest (for their progress): answered by the same server. */
  class FakeXhr {
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private path = '';
    private headers: Record<string, string> = {};
    open(method: string, path: string) {
      this.method = method;
      this.path = path;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: FormData) {
      sent.push({ method: this.method, path: this.path, body, ifMatch: this.headers['if-match'] });
      // Half sent at once; the answer a moment later, so the progress can be seen meanwhile.
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }), 5);
      setTimeout(() => {
        const answer = handle(this.method, this.path, body);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 300);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { client: new ApiClient({ fetch: fetch as typeof globalThis.fetch }), sent };
}

/** A browser window that records where downloads and previews go. */
function fakeBrowser() {
  const tab = { document: document.implementation.createHTMLDocument(''), opener: {} };
  return {
    tab,
    location: { assign: vi.fn() },
    open: vi.fn(() => tab as unknown as Window),
  };
}

const baseProps = (browser = fakeBrowser()): DocumentsControlProps => ({
  title: 'Documents',
  recordId: 7,
  recordTypeName: 'Account',
  relationshipId: 30,
  direction: 'fwd',
  isReadOnly: false,
  browser,
});

function renderControl(
  client: ApiClient,
  props: Partial<DocumentsControlProps> = {},
  browser = fakeBrowser(),
) {
  const user = userEvent.setup();
  render(
    <SessionProvider client={client}>
      <DocumentsControl {...baseProps(browser)} {...props} />
      <ToastRegions />
    </SessionProvider>,
  );
  return user;
}

const card = (name: string) => screen.getByRole('listitem', { name });
const fileInput = (scope: ParentNode = document) =>
  scope.querySelector('input[type="file"]') as HTMLInputElement;
const menuItems = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(within(card(name)).getByRole('button', { name: `Actions for ${name}` }));
  return (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
};

beforeEach(() => toast.clearAll());
afterEach(() => vi.unstubAllGlobals());

describe('DocumentsControl in edit mode', () => {
  it('lists the documents with name, extension and size, and images as 150 by 150 thumbnails', async () => {
    const { client, sent } = server([doc(11, 'Contract.pdf'), doc(12, 'Logo.png', { size: 5_000 })]);
    renderControl(client);
    const list = await screen.findByRole('list', { name: 'Documents' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Contract.pdf', 'Logo.png']);
    expect(within(card('Contract.pdf')).getByText('PDF · 2.50 MB')).toBeInTheDocument();
    expect(within(card('Contract.pdf')).queryByRole('img')).toBeNull();
    const thumb = within(card('Logo.png')).getByRole('img', { name: 'Thumbnail of Logo.png' });
    expect(thumb).toHaveAttribute('src', '/spapi/data/v2/image/12?size=small');
    expect(thumb).toHaveAttribute('width', '150');
    expect(thumb).toHaveAttribute('height', '150');
    expect(within(card('Logo.png')).getByText('PNG · 4.88 KB')).toBeInTheDocument();
    expect(sent[0]!.path).toBe('/spapi/data/v2/document/related?eid=7&relid=30&direction=fwd');
  });

  it('uploads a chosen file with progress, linked to the record, and lists it', async () => {
    const { client, sent } = server([doc(11, 'Contract.pdf')]);
    const user = renderControl(client);
    await screen.findByRole('list', { name: 'Documents' });
    expect(screen.getByText('Drop files here or')).toBeInTheDocument();
    await user.upload(fileInput(), new File(['%PDF-1.4 plan'], 'Plan.pdf'));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading Plan.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(await screen.findByRole('listitem', { name: 'Plan.pdf' })).toBeInTheDocument();
    const upload = sent.find((s) => s.method === 'POST' && s.path.startsWith('/spapi/data/v2/document'));
    expect(upload!.path).toBe('/spapi/data/v2/document?eid=7&relid=30&direction=fwd');
    expect(screen.getByText('Successfully uploaded')).toBeInTheDocument();
  });

  it('previews a document in a new tab titled with its name, and downloads it', async () => {
    const { client } = server([doc(11, 'Contract.pdf')]);
    const browser = fakeBrowser();
    const user = renderControl(client, {}, browser);
    await screen.findByRole('list', { name: 'Documents' });
    expect(await menuItems(user, 'Contract.pdf')).toEqual([
      'Preview file',
      'Download',
      'Replace file',
      'Remove',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Preview file' }));
    await waitFor(() => expect(browser.tab.document.title).toBe('Contract.pdf'));
    expect(browser.open).toHaveBeenCalledWith('', '_blank');
    expect(browser.tab.document.querySelector('iframe')!.getAttribute('src')).toBe(
      '/spapi/data/v2/file/11?inline=1',
    );
    await menuItems(user, 'Contract.pdf');
    await user.click(screen.getByRole('menuitem', { name: 'Download' }));
    expect(browser.location.assign).toHaveBeenCalledWith('/spapi/data/v2/file/11');
  });

  it('replaces a document’s file with a new version through the Replace dialog', async () => {
    const { client, sent } = server([doc(11, 'Contract.pdf')]);
    const user = renderControl(client);
    await screen.findByRole('list', { name: 'Documents' });
    await menuItems(user, 'Contract.pdf');
    await user.click(screen.getByRole('menuitem', { name: 'Replace file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace document' });
    await within(dialog).findByText('Contract.pdf');
    await user.upload(fileInput(dialog), new File(['%PDF-1.4 v2'], 'Contract v2.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('listitem', { name: 'Contract v2.pdf' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const replace = sent.find((s) => s.path.endsWith('/document/11/replace'));
    expect(replace!.ifMatch).toBe('"1"');
    expect(screen.queryByRole('listitem', { name: 'Contract.pdf' })).toBeNull();
  });

  it('removes a document from the record once confirmed, keeping it when not', async () => {
    const { client, sent } = server([doc(11, 'Contract.pdf'), doc(12, 'Logo.png')]);
    const onDocumentsChange = vi.fn();
    const user = renderControl(client, { onDocumentsChange });
    await screen.findByRole('list', { name: 'Documents' });
    await menuItems(user, 'Contract.pdf');
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove document' });
    expect(confirm).toHaveTextContent(
      "Remove 'Contract.pdf' from this Account? The document itself is kept.",
    );
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(card('Contract.pdf')).toBeInTheDocument();
    expect(sent.some((s) => s.path.endsWith('/entity/put'))).toBe(false);

    await menuItems(user, 'Contract.pdf');
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Remove document' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Contract.pdf' })).toBeNull());
    expect(card('Logo.png')).toBeInTheDocument();
    // The host hears the documents as read, before and after.
    const names = onDocumentsChange.mock.calls.map(([docs]) => docs.map((d: DocumentInfo) => d.name));
    expect(names[0]).toEqual(['Contract.pdf', 'Logo.png']);
    expect(names.at(-1)).toEqual(['Logo.png']);
    expect(sent.find((s) => s.path.endsWith('/entity/put'))!.body).toEqual({
      entities: [{ id: 11, relationships: { '#30:rev': { remove: [7] } } }],
      deleted: [],
    });
  });

  it('offers no Replace for a document the user may not change, and no upload area without create', async () => {
    const { client } = server([doc(11, 'Contract.pdf', { canModify: false })], { canUpload: false });
    const user = renderControl(client);
    await screen.findByRole('list', { name: 'Documents' });
    expect(await menuItems(user, 'Contract.pdf')).toEqual(['Preview file', 'Download', 'Remove']);
    expect(screen.queryByText('Drop files here or')).toBeNull();
  });
});

describe('DocumentsControl styles', () => {
  it('hides the upload area and the Preview file action, and shows a Preview file button, as styled', async () => {
    const { client } = server([doc(11, 'Contract.pdf')]);
    const browser = fakeBrowser();
    const user = renderControl(
      client,
      { style: { hideFileUploadArea: true, hidePreviewFileAction: true, showPreviewFileButton: true } },
      browser,
    );
    await screen.findByRole('list', { name: 'Documents' });
    expect(screen.queryByText('Drop files here or')).toBeNull();
    expect(await menuItems(user, 'Contract.pdf')).toEqual(['Download', 'Replace file', 'Remove']);
    await user.keyboard('{Escape}');
    await user.click(within(card('Contract.pdf')).getByRole('button', { name: 'Preview file Contract.pdf' }));
    await waitFor(() => expect(browser.tab.document.title).toBe('Contract.pdf'));
  });

  it('has no preview at all when it is hidden and no button is asked for', async () => {
    const { client } = server([doc(11, 'Contract.pdf')]);
    const user = renderControl(client, { style: { hidePreviewFileAction: true } });
    await screen.findByRole('list', { name: 'Documents' });
    expect(await menuItems(user, 'Contract.pdf')).toEqual(['Download', 'Replace file', 'Remove']);
    expect(screen.queryByRole('button', { name: /^Preview file/ })).toBeNull();
  });
});

describe('DocumentsControl in view mode and on a new record', () => {
  it('is read-only in view mode: preview and download, no upload, replace or remove', async () => {
    const { client } = server([doc(11, 'Contract.pdf')]);
    const user = renderControl(client, { isReadOnly: true });
    await screen.findByRole('list', { name: 'Documents' });
    expect(screen.queryByText('Drop files here or')).toBeNull();
    expect(await menuItems(user, 'Contract.pdf')).toEqual(['Preview file', 'Download']);
  });

  it('says the record must be saved first on a new record, and asks the server nothing', async () => {
    const { client, sent } = server([]);
    renderControl(client, { recordId: undefined });
    expect(screen.getByText(saveParentFirstMessage('Account', 'Document'))).toBeInTheDocument();
    expect(screen.getByText('You must save the Account before creating a Document')).toBeInTheDocument();
    expect(screen.queryByText('Drop files here or')).toBeNull();
    expect(sent.filter((s) => s.path.includes('/document'))).toEqual([]);
  });

  it('shows the mandatory asterisk, its help and the message it is given', async () => {
    const { client } = server([]);
    const user = renderControl(client, {
      isMandatory: true,
      errorText: 'A value is required.',
      helpText: 'Signed contracts and plans',
    });
    const group = await screen.findByRole('group', { name: 'Documents' });
    expect(within(group).getByText('*')).toHaveClass('pl-field__asterisk');
    expect(within(group).getByRole('alert')).toHaveTextContent('A value is required.');
    await user.click(within(group).getByRole('button', { name: 'Help for Documents' }));
    expect(await screen.findByText('Signed contracts and plans')).toBeInTheDocument();
  });

  it('says when a record has no documents, and shows a failed read', async () => {
    const { client } = server([]);
    renderControl(client);
    expect(await screen.findByText('No documents.')).toBeInTheDocument();
    const failing = new ApiClient({
      fetch: (async () =>
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), {
          status: 404,
        })) as typeof globalThis.fetch,
    });
    render(
      <SessionProvider client={failing}>
        <DocumentsControl {...baseProps()} title="Other documents" />
      </SessionProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  });
});
