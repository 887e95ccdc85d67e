import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageContent, renderPage, testContext } from '../../pages/pageTestHarness';
import { boundComponent, opportunityServer } from './boundPageHarness';

const meta = {
  title: 'Contacts',
  rootTypeId: 44,
  rcols: {
    name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true },
    city: { title: 'City', type: 'String', ord: 1, hide: false, fid: 12 },
  },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: {
    contactCond: { colid: 'name', title: 'Contact', type: 'InlineRelationship', oper: 'AnyOf', hidden: true },
    cityCond: { colid: 'city', title: 'City', type: 'String', oper: 'Equal', hidden: true },
  },
};
const contacts = [
  [701, 'Ann', 'Perth'],
  [702, 'Bob', 'Hobart'],
  [703, 'Cy', 'Perth'],
] as const;

type Cond = { expid: string; value?: string; valueList?: number[] };

/** The opportunity's form page beside a report of contacts that filters by ids and by city. */
function server(path: string, body: unknown, method: string) {
  if (path === '/spapi/data/v1/report/9') {
    const query = body as { metadata?: string; pageSize: number; conds?: Cond[] };
    const ids = query.conds?.find((c) => c.expid === 'contactCond')?.valueList;
    const city = query.conds?.find((c) => c.expid === 'cityCond')?.value;
    const rows = contacts
      .filter(([id, , c]) => (!ids || ids.includes(id)) && (!city || c === city))
      .map(([eid, name, c]) => ({ eid, values: [{ val: name }, { val: c }] }));
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
  if (path === '/spapi/data/v2/calcEngine/evalExpressions')
    return {
      status: 200,
      body: {
        cityCond: { value: 'Perth', resultType: 'String', isList: false, entityTypeId: null, error: null },
      },
    };
  return opportunityServer()(path, body, method);
}

const context = {
  record: { id: 7, typeId: 40, name: 'Big deal' },
  formMode: 'view' as const,
  page: { ...testContext.page, contextEntityTypeId: 40 },
};
const reportRequests = (requests: Array<{ path: string; body: unknown }>) =>
  requests.filter((r) => r.path === '/spapi/data/v1/report/9').map((r) => r.body as { conds?: Cond[] });

describe('data sources between components', () => {
  it("a relationship's SelectedRecords filters a report on the same page", async () => {
    const report = {
      id: 'contactList',
      typeAlias: 'core:reportComponent',
      properties: { reportId: 9 },
      dataSourceConfiguration: [
        { name: 'contactCond', type: 'variable' as const, variableName: 'c_relationship_SelectedRecords' },
      ],
    };
    const { requests } = renderPage(pageContent([boundComponent('relationship'), report]), server, {
      context,
    });
    await waitFor(
      () =>
        expect(reportRequests(requests).at(-1)?.conds).toEqual([
          { expid: 'contactCond', oper: 'AnyOf', valueList: [701] },
        ]),
      { timeout: 8000 },
    );
    // Only the opportunity's contact is listed (Ann, also in the relationship's own list).
    await waitFor(() => expect(screen.getAllByText('Ann')).toHaveLength(2));
    expect(screen.queryByText('Bob')).not.toBeInTheDocument();
    expect(screen.queryByText('Cy')).not.toBeInTheDocument();
  });

  it('an expression entry is evaluated on the server and sets its condition', async () => {
    const report = {
      id: 'contactList',
      typeAlias: 'core:reportComponent',
      properties: { reportId: 9 },
      dataSourceConfiguration: [{ name: 'cityCond', type: 'expression' as const, expression: '"Perth"' }],
    };
    const { requests } = renderPage(pageContent([report]), server, { context });
    await screen.findByText('Cy', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.queryByText('Bob')).not.toBeInTheDocument());
    expect(screen.getByText('Ann')).toBeInTheDocument();
    const evaluated = requests.find((r) => r.path === '/spapi/data/v2/calcEngine/evalExpressions');
    expect(evaluated?.body).toMatchObject({ contextEntity: 7, expressions: { cityCond: '"Perth"' } });
    expect(reportRequests(requests).at(-1)?.conds).toEqual([{ expid: 'cityCond', value: 'Perth' }]);
  });
});
