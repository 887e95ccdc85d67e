import { type ActionItem, systemAction } from '@plinth/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeHandler } from '../../../test/fakeApi';
import { container, element, pageContent, renderPage } from '../pageTestHarness';

// Spec 01 §4 'Visibility and read-only', issue 16: a list page's components honour read-only
// behaviour (decision 0109). A report offers nothing that creates, changes or deletes records; a
// page filter shows what it applies and cannot be changed; the others have nothing to change.

const meta = {
  title: 'Deals',
  rootTypeId: 10_001,
  rcols: {
    name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true },
    region: { title: 'Region', type: 'String', ord: 1, hide: false, fid: 10_011 },
  },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: { regionCond: { colid: 'region', title: 'Region', type: 'String', oper: 'Equal', hidden: false } },
};
const rows = ['Alpha', 'Bravo'].map((name, i) => ({
  eid: 100 + i,
  values: [{ val: name }, { val: 'North' }],
}));

/** What the server offers on the deals: New, Edit Inline, View, Edit, Delete and the exports. */
const offered: ActionItem[] = [
  systemAction({
    id: -1,
    name: 'Deal',
    displayname: 'New Deal',
    method: 'navigate',
    state: 'createForm',
    order: 0,
    isnew: true,
    isbutton: true,
    eid: 10_001,
  }),
  systemAction({ id: -10, name: 'View', method: 'navigate', state: 'viewForm', order: 10, iscontext: true }),
  systemAction({ id: -11, name: 'Edit', method: 'navigate', state: 'editForm', order: 20, iscontext: true }),
  systemAction({
    id: -12,
    name: 'Delete',
    method: 'delete',
    state: 'delete',
    order: 30,
    iscontext: true,
    isselect: true,
    ismultiselect: true,
  }),
  systemAction({ id: -4, name: 'Edit Inline', method: 'custom', state: 'editInline', order: 50 }),
  systemAction({ id: -2, name: 'Excel', method: 'export', state: 'excel', order: 100 }),
];

const evalPath = '/spapi/data/v2/calcEngine/evalExpressions';

/** The deals report, its quick menu, and every behaviour expression answering `answer`. */
const server =
  (answer: boolean): FakeHandler =>
  (path, body) => {
    if (path === '/spapi/data/v1/report/7') {
      const query = body as { metadata?: string; pageSize: number; conds?: unknown[] };
      return {
        status: 200,
        body: {
          ...(query.metadata === 'none' ? {} : { meta }),
          gdata: rows,
          pageSize: query.pageSize,
          lrt: '2026-11-22T03:00:00.000Z',
        },
      };
    }
    if (path === '/spapi/data/v1/actions/menu')
      return {
        status: 200,
        body: {
          data: {
            actions: offered,
            showNewMenu: true,
            showExportMenu: true,
            showEditInlineButton: true,
            showEditInlineMenu: true,
            showFormPanelButton: true,
            showFormPanelMenu: true,
          },
        },
      };
    if (path === evalPath) {
      const names = Object.keys((body as { expressions: Record<string, string> }).expressions);
      return {
        status: 200,
        body: Object.fromEntries(
          names.map((n) => [
            n,
            { value: answer, resultType: 'Bool', isList: false, entityTypeId: null, error: null },
          ]),
        ),
      };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  };

const readOnlyWhen = (expression: string) => ({
  visibilityOperator: 'none' as const,
  readOnly: expression,
  readOnlyOperator: 'readOnlyWhen' as const,
});

const report = { id: 'deals', typeAlias: 'core:reportComponent', properties: { reportId: 7 } };

/** The report's toolbar once its quick menu is read (Export comes with it). */
async function toolbarOnceRead() {
  const toolbar = await screen.findByRole('toolbar', { name: 'Report toolbar' });
  await within(toolbar).findByRole('button', { name: 'Export' });
  return toolbar;
}

async function moreActions(toolbar: HTMLElement) {
  await userEvent.click(within(toolbar).getByRole('button', { name: 'More actions' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('a read-only report component', () => {
  it('offers New and Edit Inline while editable', async () => {
    renderPage(pageContent([report]), server(false));
    await screen.findByText('Bravo');
    const toolbar = await toolbarOnceRead();
    expect(within(toolbar).getByRole('button', { name: 'New' })).toBeVisible();
    expect(await moreActions(toolbar)).toContain('Edit Inline');
    await userEvent.keyboard('{Escape}');
    await userEvent.pointer({ keys: '[MouseRight]', target: screen.getByText('Alpha') });
    const rowMenu = await screen.findByRole('menu', { name: 'Record actions' });
    expect(within(rowMenu).getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(within(rowMenu).getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('offers no New, no Edit Inline and no Delete once its rule makes it read-only', async () => {
    const { requests, navigations } = renderPage(
      pageContent([report], [element('deals', { behavior: readOnlyWhen('[Locked]') })]),
      server(true),
    );
    await screen.findByText('Bravo');
    const toolbar = await toolbarOnceRead();
    await waitFor(() => expect(requests.some((r) => r.path === evalPath)).toBe(true));
    await waitFor(() => expect(within(toolbar).queryByRole('button', { name: 'New' })).toBeNull());
    const items = await moreActions(toolbar);
    expect(items).not.toContain('Edit Inline');
    expect(items).toContain('Reset to default');
    await userEvent.keyboard('{Escape}');
    // A row's own menu offers View, not Edit or Delete.
    await userEvent.pointer({ keys: '[MouseRight]', target: screen.getByText('Alpha') });
    const rowMenu = await screen.findByRole('menu', { name: 'Record actions' });
    expect(
      within(rowMenu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).not.toEqual(expect.arrayContaining(['Edit']));
    expect(within(rowMenu).queryByRole('menuitem', { name: /Delete/ })).toBeNull();
    expect(within(rowMenu).getByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    // Reading stays: the rows, search, Filter, Sort and Export; a row opens in view mode.
    expect(within(toolbar).getByRole('button', { name: 'Filter' })).toBeVisible();
    await userEvent.dblClick(screen.getByText('Bravo'));
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(navigations[0]).toMatchObject({ type: 'NAVIGATE_TO_FORM_PAGE', recordId: 101, formMode: 'view' });
  });

  it('is read-only inside a read-only container', async () => {
    renderPage(
      pageContent([report], [container('box', [element('deals')], { behavior: readOnlyWhen('true') })]),
      server(true),
    );
    await screen.findByText('Bravo');
    const toolbar = await toolbarOnceRead();
    await waitFor(() => expect(within(toolbar).queryByRole('button', { name: 'New' })).toBeNull());
  });
});

describe('a read-only page filter', () => {
  const filter = {
    id: 'filter',
    typeAlias: 'core:filterComponent',
    properties: { targetComponentIds: ['deals'], columnIds: ['region'] },
  };

  it('shows what it filters by, and cannot be opened or changed', async () => {
    renderPage(
      pageContent(
        [filter, report],
        [element('filter', { behavior: readOnlyWhen('true') }), element('deals')],
      ),
      server(true),
    );
    const trigger = await screen.findByRole('button', { name: 'Page filter' });
    await waitFor(() => expect(trigger).toBeDisabled());
    expect(screen.getByText('By Region')).toBeVisible();
  });
});

describe('read-only display components', () => {
  it('show as they do otherwise: a heading, text and an image have nothing to change', async () => {
    const components = [
      { id: 'h', typeAlias: 'core:headingComponent', properties: { text: 'Pipeline' } },
      { id: 't', typeAlias: 'core:textComponent', properties: { html: '<p>Quarterly <b>figures</b></p>' } },
      { id: 'i', typeAlias: 'core:imageComponent', properties: { url: '/logo.png', altText: 'Logo' } },
    ];
    const layout = components.map((c) => element(c.id, { behavior: readOnlyWhen('true') }));
    const { requests } = renderPage(pageContent(components, layout), server(true));
    await waitFor(() => expect(requests.some((r) => r.path === evalPath)).toBe(true));
    expect(screen.getByRole('heading', { name: 'Pipeline' })).toBeVisible();
    expect(screen.getByText('figures')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Logo' })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
