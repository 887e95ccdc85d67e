import { systemAction } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';
import { watchDownloads } from '../documentTemplates/downloadHarness';

/**
 * Generate document from the report grid (issue 21 item 7, decision 0129): the template's item in
 * the report's menus downloads the filled Word document under the server's name; a refusal shows
 * the server's message.
 */

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const settings = {
  tenantName: 'Demo',
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'UTC',
  locale: 'en-AU',
  financialYearStartMonth: 7,
};
const meta = {
  title: 'Accounts',
  rootTypeId: 10_001,
  rcols: { name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true } },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: {},
};
/** What the server offers for a selection: the Account summary template, enabled for one record. */
const quickMenu = (selected: number) => ({
  actions: [
    systemAction({
      id: 71,
      name: 'Account summary',
      displayname: 'Generate Account summary',
      emptyname: 'Generate Account summary',
      multiname: 'Generate Account summary',
      method: 'generate',
      state: 'word',
      order: 80,
      eid: 71,
      iscontext: true,
      isselect: true,
      isenabled: selected === 1,
      data: { ReportTemplateId: 71 },
    }),
  ],
  showNewMenu: false,
  showExportMenu: false,
  showEditInlineButton: false,
  showEditInlineMenu: false,
  showFormPanelButton: false,
  showFormPanelMenu: false,
});
const docx = new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]);

function server(refusal?: string, unknownFields?: string) {
  return fakeApi((path, body) => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/tenantSettings') return { status: 200, body: settings };
    if (path === '/spapi/data/v1/report/7') {
      const query = body as { metadata?: string; pageSize: number };
      return {
        status: 200,
        body: {
          ...(query.metadata === 'none' ? {} : { meta }),
          gdata: [
            { eid: 101, values: [{ val: 'Acme Pty' }] },
            { eid: 102, values: [{ val: 'Globex' }] },
          ],
          pageSize: query.pageSize,
          lrt: '2026-11-22T03:00:00Z',
        },
      };
    }
    if (path === '/spapi/data/v1/actions/menu') {
      const ids = (body as { ids?: number[]; selected?: number[] }).ids ?? [];
      return { status: 200, body: { data: quickMenu(ids.length) } };
    }
    if (path === '/spapi/data/v1/document/generate') {
      if (refusal) return { status: 400, body: { error: { code: 'bad_request', message: refusal } } };
      return {
        status: 200,
        body: docx,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'content-disposition': `attachment; filename="Account summary - Acme Pty.docx"; filename*=UTF-8''Account%20summary%20-%20Acme%20Pty.docx`,
          ...(unknownFields ? { 'x-unknown-merge-fields': unknownFields } : {}),
        },
      };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
}

/** Selects the row named `name` and chooses the template's item from the toolbar's menu. */
async function generateFrom(name: string) {
  const user = userEvent.setup();
  const grid = await screen.findByRole('grid', { name: 'Accounts' });
  await user.click(await within(grid).findByText(name));
  await user.click(screen.getByRole('button', { name: 'More actions' }));
  const item = await screen.findByRole('menuitem', { name: 'Generate Account summary' });
  await waitFor(() => expect(item).not.toHaveAttribute('aria-disabled', 'true'));
  await user.click(item);
}

describe('generating a document from the report', () => {
  let watch: ReturnType<typeof watchDownloads>;
  beforeEach(() => {
    localStorage.clear();
    window.history.pushState(null, '', '/apps/crm/_report/7');
    watch = watchDownloads();
  });
  afterEach(() => {
    watch.restore();
    window.history.pushState(null, '', '/');
  });

  it("downloads the selected record's document under the name the server gives", async () => {
    const { api, requests } = server();
    render(<App client={api} />);
    await generateFrom('Acme Pty');
    await waitFor(() => expect(watch.downloads).toHaveLength(1));
    expect(watch.downloads[0]!.fileName).toBe('Account summary - Acme Pty.docx');
    expect(new Uint8Array(await watch.downloads[0]!.blob.arrayBuffer())).toEqual(docx);
    expect(requests.filter((r) => r.path === '/spapi/data/v1/document/generate').map((r) => r.body)).toEqual([
      { recordId: 101, templateId: 71 },
    ]);
  });

  it('offers the item disabled until one record is selected', async () => {
    const { api } = server();
    render(<App client={api} />);
    const user = userEvent.setup();
    await screen.findByRole('grid', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Generate Account summary' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows the refusal in a toast and downloads nothing', async () => {
    const refusal = "The template's file is not a Word document (.docx) that can be read.";
    const { api } = server(refusal);
    render(<App client={api} />);
    await generateFrom('Globex');
    expect(await screen.findByText('Failed to generate the document.')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(watch.downloads).toEqual([]);
  });

  it('downloads a document whose template names unknown fields, and says which', async () => {
    const { api } = server(undefined, 'Rating, Owner.Phone');
    render(<App client={api} />);
    await generateFrom('Acme Pty');
    expect(
      await screen.findByText('The template names fields this record does not have: Rating, Owner.Phone.'),
    ).toBeInTheDocument();
    expect(watch.downloads.map((d) => d.fileName)).toEqual(['Account summary - Acme Pty.docx']);
  });
});
