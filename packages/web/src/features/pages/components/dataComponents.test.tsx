import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { prefetchPageAggregates } from '../pageAggregates';
import { element, pageContent, renderPage } from '../pageTestHarness';

const aggregatePath = '/spapi/data/v1/report/7/aggregate';
const byStage = {
  title: 'Open opportunities',
  aggregate: 'Sum',
  groupColumn: { title: 'Stage', type: 'ChoiceRelationship' },
  valueColumn: { title: 'Amount', type: 'Currency', places: 2 },
  groups: [
    { label: null, recordId: null, value: 500, count: 1 },
    { label: 'Qualify', recordId: 11, value: 12000, count: 3 },
    { label: 'Proposal', recordId: 12, value: 30500.5, count: 2 },
  ],
  hasMoreGroups: false,
  total: { value: 43000.5, count: 6 },
};

describe('hero counter', () => {
  it('shows one aggregate of a report as a big number formatted like its column, with its label', async () => {
    const { requests } = renderPage(
      pageContent([
        {
          id: 'pipeline',
          typeAlias: 'core:heroCounterComponent',
          properties: { reportId: 7, aggregate: 'Sum', valueColumnId: 'amount', label: 'Pipeline value' },
        },
      ]),
      (path) =>
        path === aggregatePath
          ? { status: 200, body: { ...byStage, groups: [] } }
          : { status: 404, body: {} },
    );
    const counter = await screen.findByRole('region', { name: 'Pipeline value' });
    await waitFor(() => expect(counter).toHaveTextContent('$43,000.50'));
    expect(requests.find((r) => r.path === aggregatePath)!.body).toEqual({
      aggregate: 'Sum',
      valueColumnId: 'amount',
    });
  });

  it('counts records by default and reads again on the page’s REFRESH', async () => {
    let count = 12;
    const { bus } = renderPage(
      pageContent([{ id: 'n', typeAlias: 'core:heroCounterComponent', properties: { reportId: 7 } }]),
      (path) =>
        path === aggregatePath
          ? {
              status: 200,
              body: {
                ...byStage,
                aggregate: 'Count',
                valueColumn: null,
                groups: [],
                total: { value: count, count },
              },
            }
          : { status: 404, body: {} },
    );
    const counter = await screen.findByRole('region', { name: 'Open opportunities' });
    await waitFor(() => expect(counter).toHaveTextContent('12'));
    count = 13;
    act(() => bus.send({ type: 'REFRESH' }));
    await waitFor(() => expect(counter).toHaveTextContent('13'));
  });

  it('shows its placeholder without a report, and the error when the report cannot be read', async () => {
    renderPage(
      pageContent([
        { id: 'a', typeAlias: 'core:heroCounterComponent', properties: {} },
        { id: 'b', typeAlias: 'core:heroCounterComponent', properties: { reportId: 7, label: 'Deals' } },
      ]),
      () => ({ status: 404, body: { error: { code: 'not_found', message: 'The record was not found.' } } }),
    );
    expect(screen.getByText('Hero counter not configured')).toBeInTheDocument();
    expect(await screen.findByText('The record was not found.')).toBeInTheDocument();
  });
});

describe('hero counter’s records', () => {
  const counter = {
    id: 'pipeline',
    typeAlias: 'core:heroCounterComponent',
    properties: { reportId: 7, aggregate: 'Sum', valueColumnId: 'amount', label: 'Pipeline value' },
  };
  const answer = (path: string) =>
    path === aggregatePath ? { status: 200, body: { ...byStage, groups: [] } } : { status: 404, body: {} };

  it('opens the report it counts in a modal, filtered as the counter is', async () => {
    const user = userEvent.setup();
    const { navigations, bus } = renderPage(pageContent([counter]), answer);
    const region = await screen.findByRole('region', { name: 'Pipeline value' });
    await waitFor(() => expect(region).toHaveTextContent('$43,000.50'));
    await user.click(within(region).getByRole('button', { name: 'Show records: Pipeline value' }));
    expect(navigations).toEqual([{ type: 'NAVIGATE_TO_REPORT', reportId: 7, openAs: 'modal' }]);

    const conditions = [{ expid: 'stageCond', oper: 'AnyOf', valueList: [11] }] as never;
    act(() =>
      bus.send({ type: 'MASTER_FILTER_APPLIED', componentId: 'f', conditions: { pipeline: conditions } }),
    );
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
    await user.click(within(region).getByRole('button', { name: 'Show records: Pipeline value' }));
    expect(navigations.at(-1)).toEqual({
      type: 'NAVIGATE_TO_REPORT',
      reportId: 7,
      openAs: 'modal',
      conditions,
    });
  });

  it('opens it read-only when the counter is read-only', async () => {
    const user = userEvent.setup();
    const { navigations, requests } = renderPage(
      pageContent(
        [counter],
        [
          element('pipeline', {
            behavior: { visibilityOperator: 'none', readOnly: 'true', readOnlyOperator: 'readOnlyWhen' },
          }),
        ],
      ),
      (path, body) =>
        path === '/spapi/data/v2/calcEngine/evalExpressions'
          ? {
              status: 200,
              body: Object.fromEntries(
                Object.keys((body as { expressions: object }).expressions).map((n) => [
                  n,
                  { value: true, resultType: 'Bool', isList: false, entityTypeId: null, error: null },
                ]),
              ),
            }
          : answer(path),
    );
    const region = await screen.findByRole('region', { name: 'Pipeline value' });
    await waitFor(() => expect(region).toHaveTextContent('$43,000.50'));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/spapi/data/v2/calcEngine/evalExpressions')).toBe(true),
    );
    await waitFor(async () => {
      await user.click(within(region).getByRole('button', { name: 'Show records: Pipeline value' }));
      expect(navigations.at(-1)).toMatchObject({ type: 'NAVIGATE_TO_REPORT', reportId: 7, isReadOnly: true });
    });
  });
});

describe('chart', () => {
  const chart = (chartType: string) => ({
    id: 'c',
    typeAlias: 'core:chartComponent',
    properties: {
      reportId: 7,
      chartType,
      categoryColumnId: 'stage',
      valueColumnId: 'amount',
      aggregate: 'Sum',
    },
  });
  const serve = (path: string) =>
    path === aggregatePath ? { status: 200, body: byStage } : { status: 404, body: {} };

  it.each(['bar', 'line', 'pie'])('draws a %s chart as a labelled image with a data table', async (type) => {
    const { requests } = renderPage(pageContent([chart(type)]), serve);
    const figure = await screen.findByRole('figure', { name: 'Open opportunities' });
    await waitFor(() => expect(within(figure).getByRole('img')).toBeInTheDocument());
    expect(within(figure).getByRole('img')).toHaveAccessibleName('Open opportunities: Amount by Stage');
    const table = within(figure).getByRole('table', { name: 'Open opportunities' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['(blank)$500.00', 'Qualify$12,000.00', 'Proposal$30,500.50']);
    expect(requests.find((r) => r.path === aggregatePath)!.body).toEqual({
      aggregate: 'Sum',
      groupColumnId: 'stage',
      valueColumnId: 'amount',
    });
  });

  it('draws from the aggregate asked for with the page’s content, asking again only on refresh', async () => {
    const content = pageContent([chart('bar')]);
    const early: string[] = [];
    prefetchPageAggregates(
      {
        call: (async (_method: string, path: string) => {
          early.push(path);
          return byStage;
        }) as never,
      },
      content,
      new Set(),
    );
    expect(early).toEqual([aggregatePath]);
    const { requests, bus } = renderPage(content, serve);
    const figure = await screen.findByRole('figure', { name: 'Open opportunities' });
    await waitFor(() => expect(within(figure).getByRole('img')).toBeInTheDocument());
    expect(requests.filter((r) => r.path === aggregatePath)).toHaveLength(0);
    act(() => bus.send({ type: 'REFRESH' }));
    await waitFor(() => expect(requests.filter((r) => r.path === aggregatePath)).toHaveLength(1));
  });

  it('says when there is nothing to draw, and shows its placeholder until configured', async () => {
    renderPage(
      pageContent([
        chart('bar'),
        { id: 'd', typeAlias: 'core:chartComponent', properties: { reportId: 7, aggregate: 'Sum' } },
      ]),
      (path) =>
        path === aggregatePath
          ? { status: 200, body: { ...byStage, groups: [] } }
          : { status: 404, body: {} },
    );
    expect(await screen.findByText('No data to show')).toBeInTheDocument();
    expect(screen.getByText('Chart not configured')).toBeInTheDocument();
  });
});
