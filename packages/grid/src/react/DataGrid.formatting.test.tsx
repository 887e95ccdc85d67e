import { reportRunResponse } from '@plinth/schema';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataGrid } from './DataGrid.js';

/**
 * A report answer shaped as the server sends it for a report with formatting (decision 0022): a
 * choice column with its values' colours as `defcfRule`, the same column with the default turned
 * off, a Highlight rule and a ProgressBar on numbers, and an Image column of related documents.
 */
const answer = reportRunResponse.parse({
  meta: {
    title: 'Deals',
    rootTypeId: 10_001,
    rcols: {
      name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 100, entityname: true },
      stage: {
        title: 'Stage',
        type: 'ChoiceRelationship',
        ord: 1,
        hide: false,
        rid: 10_010,
        rev: false,
        tid: 10_002,
        defcfRule: {
          style: 'Highlight',
          rules: [
            { bounds: { lower: 'Won', upper: 'Won' }, bgcolor: '#16A34A', fgcolor: '#ffffff' },
            { bounds: { lower: 'Open', upper: 'Open' }, bgcolor: '#FEF3C7', fgcolor: '#1f2328' },
          ],
        },
      },
      plainStage: {
        title: 'Stage (plain)',
        type: 'ChoiceRelationship',
        ord: 2,
        hide: false,
        rid: 10_010,
        rev: false,
        tid: 10_002,
        valueRule: { disabledefft: true },
      },
      amount: {
        title: 'Amount',
        type: 'Currency',
        ord: 3,
        hide: false,
        fid: 10_003,
        places: 2,
        valueRule: { columnWidth: 140 },
        cfRule: {
          style: 'Highlight',
          rules: [
            { bounds: { lower: 250_000 }, bgcolor: '#DCFCE7', fgcolor: '#166534' },
            { bounds: { upper: 10_000 }, bgcolor: 'rgb(254, 243, 199)' },
          ],
        },
      },
      probability: {
        title: 'Probability',
        type: 'Int32',
        ord: 4,
        hide: false,
        fid: 10_004,
        valueRule: { hideval: true },
        cfRule: { style: 'ProgressBar', rules: [{ bounds: { lower: 0, upper: 100 }, bgcolor: 'teal' }] },
      },
      photo: {
        title: 'Photo',
        type: 'Image',
        ord: 5,
        hide: false,
        rid: 10_011,
        rev: false,
        tid: 12,
        valueRule: { imgw: 48, imgh: 36 },
      },
    },
    sort: [],
    anlcols: {},
  },
  gdata: [
    {
      eid: 1,
      values: [
        { val: 'Big' },
        { vals: [{ eid: 21, val: 'Won', color: '#16A34A' }] },
        { vals: [{ eid: 21, val: 'Won', color: '#16A34A' }] },
        { val: 300_000 },
        { val: 90 },
        { vals: [{ eid: 31, val: 'big-deal.png' }] },
      ],
    },
    {
      eid: 2,
      values: [
        { val: 'Small' },
        { vals: [{ eid: 23, val: 'Lost', color: 'white' }] },
        { vals: [{ eid: 23, val: 'Lost', color: 'white' }] },
        { val: 5_000 },
        { val: 10 },
        { vals: [] },
      ],
    },
  ],
  pageSize: 200,
  lrt: '2026-03-15T01:30:00.000Z',
});

const settings = { locale: 'en-AU', currencySymbol: '$', timeZone: 'UTC' };

function renderDeals() {
  render(
    <DataGrid
      label="Deals"
      meta={answer.meta}
      rows={answer.gdata}
      textSettings={settings}
      imageUrl={(id, size) => `/spapi/data/v2/image/${id}?size=${size}`}
    />,
  );
  const rows = within(screen.getByRole('grid', { name: 'Deals' }))
    .getAllByRole('row')
    .slice(1);
  return rows.map((r) => within(r).getAllByRole('gridcell'));
}

describe('DataGrid: formatting sent by the server', () => {
  it("highlights a choice column in its values' colours, unless the column turned the default off", () => {
    const [big, small] = renderDeals();
    const won = within(big![1]!).getByTestId('cell-highlight');
    expect(won).toHaveTextContent('Won');
    expect(won).toHaveStyle({ backgroundColor: 'rgb(22, 163, 74)', color: 'rgb(255, 255, 255)' });
    expect(within(big![2]!).queryByTestId('cell-highlight')).toBeNull();
    expect(big![2]).toHaveTextContent('Won');
    // Lost has no usable colour: a plain chip, its white colour ignored (spec 02 §3).
    expect(within(small![1]!).queryByTestId('cell-highlight')).toBeNull();
    const chip = within(small![1]!).getByText('Lost');
    expect(chip.style.getPropertyValue('--pl-chip-colour')).toBe('');
  });

  it('highlights numbers within a rule’s bounds and leaves the others plain', () => {
    const [big, small] = renderDeals();
    expect(within(big![3]!).getByTestId('cell-highlight')).toHaveStyle({
      backgroundColor: 'rgb(220, 252, 231)',
      color: 'rgb(22, 101, 52)',
    });
    expect(big![3]).toHaveTextContent('$300,000.00');
    expect(within(small![3]!).getByTestId('cell-highlight')).toHaveStyle({
      backgroundColor: 'rgb(254, 243, 199)',
    });
  });

  it('draws a progress bar without the number when the value is hidden', () => {
    const [big, small] = renderDeals();
    const bar = within(big![4]!).getByRole('progressbar', { name: 'Probability' });
    expect(bar).toHaveAttribute('aria-valuenow', '90');
    expect(bar.firstElementChild).toHaveStyle({ width: '90%', backgroundColor: 'rgb(0, 128, 128)' });
    expect(big![4]).toHaveTextContent(/^$/);
    expect(within(small![4]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
  });

  it('shows an image column’s documents as thumbnails of the value rule’s size, through the image call', () => {
    const [big, small] = renderDeals();
    const image = within(big![5]!).getByRole('img', { name: 'big-deal.png' });
    expect(image).toHaveAttribute('src', '/spapi/data/v2/image/31?size=small');
    expect(image).toHaveAttribute('width', '48');
    expect(image).toHaveAttribute('height', '36');
    expect(within(small![5]!).queryByRole('img')).toBeNull();
    // Rows grow to hold the thumbnails.
    expect(big![5]!.closest('[role="row"]')).toHaveStyle({ height: '44px' });
  });
});
