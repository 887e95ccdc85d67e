import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PageMessage } from '../pageBus';
import { pageContent, renderPage } from '../pageTestHarness';
import { intentAction, selectionVariableName } from '../reportIntents';

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
const deals = [
  ['Alpha', 'North'],
  ['Bravo', 'South'],
  ['Charlie', 'North'],
].map(([name, region], i) => ({ eid: 100 + i, values: [{ val: name }, { val: region }] }));

/** A report of three deals that filters by region when asked to. */
function reportServer(path: string, body: unknown) {
  if (path === '/spapi/data/v1/report/7') {
    const query = body as {
      metadata?: string;
      pageSize: number;
      conds?: Array<{ expid: string; value?: string }>;
    };
    const region = query.conds?.find((c) => c.expid === 'regionCond')?.value;
    const rows = region ? deals.filter((d) => d.values[1]!.val === region) : deals;
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
          actions: [],
          showNewMenu: false,
          showExportMenu: false,
          showEditInlineButton: false,
          showEditInlineMenu: false,
          showFormPanelButton: false,
          showFormPanelMenu: false,
        },
      },
    };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
}

const report = {
  id: 'deals',
  typeAlias: 'core:reportComponent',
  properties: { reportId: 7, title: 'All deals' },
};

describe('report component', () => {
  it('shows the report’s rows under its title and publishes its selection as a page variable', async () => {
    const { bus } = renderPage(pageContent([report]), reportServer);
    const seen: PageMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    const bravo = await screen.findByText('Bravo');
    expect(screen.getByRole('heading', { name: 'All deals' })).toBeInTheDocument();
    await userEvent.click(bravo);
    await waitFor(() =>
      expect(seen).toContainEqual({
        type: 'VARIABLE_CHANGED',
        name: 'deals_SelectedRecords',
        value: [101],
        componentId: 'deals',
      }),
    );
  });

  it('shows its placeholder without a report', () => {
    renderPage(pageContent([{ id: 'r', typeAlias: 'core:reportComponent', properties: {} }]));
    expect(screen.getByText('Report not configured')).toBeInTheDocument();
  });

  it('asks the runner for a record’s form page in a modal when a row opens', () => {
    expect(intentAction({ kind: 'viewForm', recordId: 5 })).toEqual({
      type: 'NAVIGATE_TO_FORM_PAGE',
      recordId: 5,
      formMode: 'view',
      openAs: 'modal',
    });
    expect(intentAction({ kind: 'task', taskId: 9 })).toEqual({ type: 'NAVIGATE_TO_TASK', taskId: 9 });
    expect(intentAction({ kind: 'createForm', typeId: 3, formId: 10_092 })).not.toHaveProperty('pageId');
    expect(intentAction({ kind: 'createForm', typeId: 3 })).toMatchObject({
      type: 'NAVIGATE_TO_NEW_RESOURCE_PAGE',
      typeId: 3,
    });
    expect(intentAction({ kind: 'workflowRun', workflowId: 1 })).toBeNull();
    expect(selectionVariableName('deals', 'Chosen')).toBe('Chosen');
    expect(selectionVariableName('1-list', undefined)).toBe('_1_list_SelectedRecords');
  });
});

describe('master filter component', () => {
  const filter = {
    id: 'filter',
    typeAlias: 'core:filterComponent',
    properties: { targetComponentIds: ['deals'], columnIds: ['region'] },
  };

  it('filters the reports it targets: Apply commits, and the report’s rows change', async () => {
    const { requests } = renderPage(pageContent([filter, report]), reportServer);
    await screen.findByText('Bravo');
    await userEvent.click(await screen.findByRole('button', { name: 'Page filter' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByRole('textbox'), 'North');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByText('Bravo')).not.toBeInTheDocument());
    expect(screen.getByText('Alpha')).toBeInTheDocument();
    expect(screen.getByText('Charlie')).toBeInTheDocument();
    const last = requests.filter((r) => r.path === '/spapi/data/v1/report/7').at(-1)!;
    expect(last.body).toMatchObject({ conds: [{ expid: 'regionCond', oper: 'Equal', value: 'North' }] });
    // One chip, the page filter's: the condition it drives leaves the report's own Filter popup.
    expect(screen.getAllByRole('listitem', { name: /Region/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
  });

  it('Cancel discards the edit and the report is not read again', async () => {
    const { requests } = renderPage(pageContent([filter, report]), reportServer);
    await screen.findByText('Bravo');
    const before = requests.filter((r) => r.path === '/spapi/data/v1/report/7').length;
    await userEvent.click(await screen.findByRole('button', { name: 'Page filter' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByRole('textbox'), 'North');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The dialog's exit runs on timers: on a loaded machine it takes longer than waitFor's 1 s.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Bravo')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/spapi/data/v1/report/7').length).toBe(before);
    await userEvent.click(screen.getByRole('button', { name: 'Page filter' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('textbox')).toHaveValue('');
  });

  it('drives a counter of the same report: its aggregate is asked again with the conditions', async () => {
    const counter = {
      id: 'count',
      typeAlias: 'core:heroCounterComponent',
      properties: { reportId: 7, label: 'Deals' },
    };
    const pageFilter = { ...filter, properties: { targetComponentIds: ['count'], columnIds: [] } };
    const { requests } = renderPage(pageContent([pageFilter, counter]), (path, body) => {
      if (path !== '/spapi/data/v1/report/7/aggregate') return reportServer(path, body);
      const region = (body as { conds?: Array<{ value?: string }> }).conds?.[0]?.value;
      const n = region ? deals.filter((d) => d.values[1]!.val === region).length : deals.length;
      return {
        status: 200,
        body: {
          title: 'Deals',
          aggregate: 'Count',
          groupColumn: null,
          valueColumn: null,
          groups: [],
          hasMoreGroups: false,
          total: { value: n, count: n },
        },
      };
    });
    const region = await screen.findByRole('region', { name: 'Deals' });
    await waitFor(() => expect(region).toHaveTextContent('3'));
    await userEvent.click(await screen.findByRole('button', { name: 'Page filter' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByRole('textbox'), 'North');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(region).toHaveTextContent('2'));
    const last = requests.filter((r) => r.path === '/spapi/data/v1/report/7/aggregate').at(-1)!;
    expect(last.body).toMatchObject({ conds: [{ expid: 'regionCond', value: 'North' }] });
  });

  it('shows its placeholder without target reports', () => {
    renderPage(pageContent([{ id: 'f', typeAlias: 'core:filterComponent', properties: {} }]));
    expect(screen.getByText('Filter not configured')).toBeInTheDocument();
  });
});
