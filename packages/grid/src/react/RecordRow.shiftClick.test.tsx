import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { RowId } from '../types.js';
import { DataGrid } from './DataGrid.js';
import { peopleMeta, person } from './test/gridFixtures.js';

function SelectingGrid() {
  const [ids, setIds] = useState<RowId[]>([]);
  return (
    <DataGrid
      label="People"
      meta={peopleMeta()}
      rows={[person(1, 'Ann'), person(2, 'Bob'), person(3, 'Cy')]}
      selectedIds={ids}
      onSelectionChange={setIds}
    />
  );
}

describe('Shift-click on rows', () => {
  it('selects the range without starting a text selection', () => {
    render(<SelectingGrid />);
    const rows = within(screen.getByRole('grid')).getAllByRole('row').slice(1);
    fireEvent.click(within(rows[0]!).getByText('Ann'));
    // The browser extends a text selection on Shift+mousedown unless the default is prevented.
    const extendsText = fireEvent.mouseDown(within(rows[2]!).getByText('Cy'), { shiftKey: true });
    fireEvent.click(within(rows[2]!).getByText('Cy'), { shiftKey: true });
    expect(extendsText).toBe(false);
    expect(rows.map((r) => r.getAttribute('aria-selected'))).toEqual(['true', 'true', 'true']);
  });

  it('leaves a plain mousedown alone, so text can still be selected by dragging', () => {
    render(<SelectingGrid />);
    const rows = within(screen.getByRole('grid')).getAllByRole('row').slice(1);
    expect(fireEvent.mouseDown(within(rows[1]!).getByText('Bob'))).toBe(true);
  });
});
