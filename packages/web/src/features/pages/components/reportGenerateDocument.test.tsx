import { systemAction } from '@plinth/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchDownloads } from '../../documentTemplates/downloadHarness';
import type { PageMessage } from '../pageBus';
import { pageContent, renderPage } from '../pageTestHarness';

const meta = {
  title: 'Accounts',
  rootTypeId: 10_001,
  rcols: { name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true } },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: {},
};
const generate = systemAction({
  id: 71,
  name: 'Account summary',
  displayname: 'Generate Account summary',
  emptyname: 'Generate Account summary',
  method: 'generate',
  state: 'word',
  order: 80,
  eid: 71,
  iscontext: true,
  isselect: true,
  data: { ReportTemplateId: 71 },
});

function server(path: string, body: unknown) {
  if (path === '/spapi/data/v1/report/7') {
    const query = body as { metadata?: string; pageSize: number };
    return {
      status: 200,
      body: {
        ...(query.metadata === 'none' ? {} : { meta }),
        gdata: [{ eid: 101, values: [{ val: 'Acme Pty' }] }],
        pageSize: query.pageSize,
        lrt: '2026-11-22T03:00:00Z',
      },
    };
  }
  if (path === '/spapi/data/v1/actions/menu') {
    const one = ((body as { ids?: number[] }).ids ?? []).length === 1;
    return {
      status: 200,
      body: {
        data: {
          actions: [{ ...generate, isenabled: one }],
          showNewMenu: false,
          showExportMenu: false,
          showEditInlineButton: false,
          showEditInlineMenu: false,
          showFormPanelButton: false,
          showFormPanelMenu: false,
        },
      },
    };
  }
  if (path === '/spapi/data/v1/document/generate')
    return {
      status: 200,
      body: new Uint8Array([0x50, 0x4b, 3, 4]),
      headers: { 'content-disposition': 'attachment; filename="Account summary - Acme Pty.docx"' },
    };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
}

describe('a report component generating a document', () => {
  let watch: ReturnType<typeof watchDownloads>;
  beforeEach(() => {
    watch = watchDownloads();
  });
  afterEach(() => watch.restore());

  it('downloads the document and posts EXPORT_DOCUMENT_COMPLETED on the page bus', async () => {
    const report = { id: 'accounts', typeAlias: 'core:reportComponent', properties: { reportId: 7 } };
    const { bus } = renderPage(pageContent([report]), server);
    const seen: PageMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Accounts' });
    // The row's context menu offers it too.
    await user.pointer({ keys: '[MouseRight]', target: await within(grid).findByText('Acme Pty') });
    const item = await screen.findByRole('menuitem', { name: 'Generate Account summary' });
    await waitFor(() => expect(item).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(item);
    await waitFor(() =>
      expect(seen).toContainEqual({ type: 'EXPORT_DOCUMENT_COMPLETED', componentId: 'accounts' }),
    );
    expect(watch.downloads.map((d) => d.fileName)).toEqual(['Account summary - Acme Pty.docx']);
  });
});
