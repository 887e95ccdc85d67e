import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataGrid } from '../DataGrid.js';
import { col, peopleMeta } from '../test/gridFixtures.js';

/**
 * A one-line text cell never wraps: 'OPP-0001' in a narrow column is cut with an ellipsis, not
 * broken at the hyphen with its second line hidden ('OPP-'); the whole text is its title. A column
 * whose value rule asks for more lines wraps to them.
 */
describe('DataGrid: text in cells', () => {
  it('keeps one-line texts on one line with their whole text as title, and wraps only multi-line columns', () => {
    const meta = peopleMeta({
      rcols: {
        name: col({ title: 'Name', type: 'String', ord: 0, entityname: true, fid: 1 }),
        reference: col({ title: 'Reference', type: 'String', ord: 1, fid: 2 }),
        notes: col({ title: 'Notes', type: 'String', ord: 2, fid: 3, valueRule: { lines: 3 } }),
      },
    });
    render(
      <DataGrid
        label="People"
        meta={meta}
        rows={[
          { eid: 1, values: [{ val: 'Ann' }, { val: 'OPP-0001' }, { val: 'A long note, three lines' }] },
        ]}
      />,
    );
    const reference = screen.getByText('OPP-0001');
    expect(reference).toHaveClass('pl-grid__text');
    expect(reference).not.toHaveClass('pl-grid__text--lines');
    expect(reference).toHaveAttribute('title', 'OPP-0001');
    const notes = screen.getByText('A long note, three lines');
    expect(notes).toHaveClass('pl-grid__text', 'pl-grid__text--lines');
    expect(notes).toHaveStyle({ WebkitLineClamp: '3' });
  });
});
