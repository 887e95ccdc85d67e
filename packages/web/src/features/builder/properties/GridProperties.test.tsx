import { findElement } from '@plinth/schema';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel } from './panelTestHarness';

const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('the properties of a grid', () => {
  it('sets its columns (1 to 12) and gap; the advanced fields wait to be asked for', async () => {
    const { user, latest, choose } = renderPanel('inner');
    expect(screen.getByRole('region', { name: 'Grid properties' })).toBeInTheDocument();
    for (const label of ['Margin', 'Padding', 'Rows', 'Flow', 'Justify items', 'Row span', 'Order'])
      expect(screen.queryByRole('button', { name: new RegExp(`${label}$`) })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Columns$/ }));
    expect(optionNames()).toEqual(['Default', ...Array.from({ length: 12 }, (_, i) => String(i + 1))]);
    await user.click(screen.getByRole('option', { name: '6' }));
    await choose('Gap', 'none');
    expect(findElement(latest(), 'inner')?.styles).toEqual({ lg: { columns: 6, gap: 'none' } });
  });

  it('sets its margin, padding, rows (1 to 6), flow and justify items with the advanced properties', async () => {
    const { user, latest, choose } = renderPanel('inner');
    await user.click(screen.getByRole('checkbox', { name: 'Show advanced properties' }));
    await choose('Margin', 'xs');
    await choose('Padding', '2xl');
    await user.click(screen.getByRole('button', { name: /Rows$/ }));
    expect(optionNames()).toEqual(['Default', '1', '2', '3', '4', '5', '6']);
    await user.click(screen.getByRole('option', { name: '3' }));
    await choose('Flow', 'Columns, dense');
    await choose('Justify items', 'End');
    expect(findElement(latest(), 'inner')?.styles.lg).toEqual({
      marginX: 'xs',
      marginY: 'xs',
      paddingX: '2xl',
      paddingY: '2xl',
      rows: 3,
      flow: 'column dense',
      justifyItems: 'end',
    });
  });

  it('offers no none for margins: spec 01 §9 gives it to gaps only', async () => {
    const { user } = renderPanel('inner');
    await user.click(screen.getByRole('checkbox', { name: 'Show advanced properties' }));
    await user.click(screen.getByRole('button', { name: /Margin$/ }));
    expect(optionNames()).toEqual(['Default', 'xs', 'sm', 'md', 'lg', 'xl', '2xl']);
  });

  it('keeps the root grid: no Behaviour, no delete', () => {
    renderPanel('root');
    expect(screen.queryByRole('button', { name: 'Delete container' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Display' })).toBeNull();
  });
});

describe("an element's place in its parent grid", () => {
  it('spans 1 to 6 columns or Full, at the breakpoint shown only', async () => {
    const { user, latest, choose } = renderPanel('sales', { breakpoint: 'md' });
    await user.click(screen.getByRole('button', { name: /Column span$/ }));
    expect(optionNames()).toEqual(['Default', '1', '2', '3', '4', '5', '6', 'Full']);
    await user.click(screen.getByRole('option', { name: 'Full' }));
    expect(findElement(latest(), 'sales')?.styles).toEqual({ md: { columnSpan: 1000 } });
    await choose('Column span', 'Default');
    expect(findElement(latest(), 'sales')?.styles).toEqual({});
  });

  it('sets row span, starts, order and flex grow with the advanced properties, refusing a bad number', async () => {
    const { user, latest, choose } = renderPanel('sales');
    await user.click(screen.getByRole('checkbox', { name: 'Show advanced properties' }));
    await choose('Row span', '2');
    await choose('Row start', '1');
    await choose('Column start', '12');
    const order = screen.getByRole('textbox', { name: 'Order' });
    await user.type(order, '-2');
    const grow = screen.getByRole('textbox', { name: 'Flex grow' });
    await user.type(grow, 'x');
    expect(screen.getByText('The value is not a valid number.')).toBeInTheDocument();
    await user.clear(grow);
    await user.type(grow, '101');
    expect(screen.getByText('The value is invalid.')).toBeInTheDocument();
    await user.clear(grow);
    await user.type(grow, '1');
    expect(findElement(latest(), 'sales')?.styles.lg).toEqual({
      rowSpan: 2,
      rowStart: 1,
      columnStart: 12,
      order: -2,
      flexGrow: 1,
    });
  });

  it('in a container it has no column span: only order and flex grow', async () => {
    const { user } = renderPanel('heading');
    expect(screen.queryByRole('button', { name: /Column span$/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Show advanced properties' }));
    expect(screen.getByRole('textbox', { name: 'Order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Row span$/ })).toBeNull();
  });
});
