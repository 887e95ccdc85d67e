import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PickerDataSource, PickerRow } from './pickerTypes';
import { RecordPicker } from './RecordPicker';

const rows: PickerRow[] = [
  ...Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Contact ${i + 1}` })),
  { id: 99, name: null },
  { id: 100, name: 'Ada Lovelace', isPerson: true },
];

function source(): PickerDataSource & { pages: unknown[] } {
  const pages: unknown[] = [];
  return {
    pages,
    fetchPage: vi.fn(async (request) => {
      pages.push(request);
      const matching = rows.filter((r) =>
        (r.name ?? '').toLowerCase().includes(request.search.toLowerCase()),
      );
      return {
        rows: matching.slice(request.startIndex, request.startIndex + request.pageSize),
        hasNameColumn: true,
      };
    }),
    fetchByIds: vi.fn(async (ids: number[]) => ids.map((id) => ({ id, name: `Old ${id}` }))),
    fetchTemplateReportIds: vi.fn(async () => []),
  };
}

const config = { typeId: 'crm:contact' };

describe('RecordPicker', () => {
  it('lists records, picks one and shows it as a chip', async () => {
    const onValueChange = vi.fn();
    render(
      <RecordPicker
        label="Contact"
        entityTypeName="Contact"
        config={config}
        dataSource={source()}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Contact' }));
    const listbox = await screen.findByRole('listbox', { name: 'Contact options' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(20));
    await userEvent.click(within(listbox).getByRole('option', { name: 'Contact 3' }));
    expect(onValueChange).toHaveBeenLastCalledWith([3], [{ id: 3, name: 'Contact 3', isDisabled: false }]);
    expect(screen.getByRole('button', { name: 'Remove Contact 3' })).toBeInTheDocument();
  });

  it('closes on Escape and on a click elsewhere; picks by keyboard', async () => {
    const onValueChange = vi.fn();
    render(
      <>
        <p>elsewhere</p>
        <RecordPicker
          label="Contact"
          entityTypeName="Contact"
          config={config}
          dataSource={source()}
          onValueChange={onValueChange}
        />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Contact' });
    await userEvent.click(input);
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.click(input);
    await screen.findByRole('listbox');
    await userEvent.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await userEvent.click(input);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(20));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Contact 1' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenLastCalledWith([2], [expect.objectContaining({ id: 2 })]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('loads more with page size + 1 requests', async () => {
    const data = source();
    render(<RecordPicker label="Contact" entityTypeName="Contact" config={config} dataSource={data} />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Contact' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const listbox = screen.getByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(27));
    expect(data.pages[1]).toMatchObject({ startIndex: 20, pageSize: 21 });
    expect(within(listbox).getByRole('option', { name: 'Unnamed resource' })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: /Ada Lovelace/ })).toHaveTextContent('AL');
  });

  it('searches after typing and shows a missing selected record disabled', async () => {
    const data = source();
    render(
      <RecordPicker
        label="Contact"
        entityTypeName="Contact"
        config={config}
        dataSource={data}
        value={[500]}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Contact' }), 'Contact 2');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBe(8), { timeout: 2000 });
    expect(within(listbox).getByRole('option', { name: 'Old 500' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('picks in the modal by double-click, titled Select {type}', async () => {
    const onValueChange = vi.fn();
    render(
      <RecordPicker
        label="Contact"
        entityTypeName="Contact"
        config={config}
        dataSource={source()}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Browse Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Contact' });
    const cell = await within(dialog).findByText('Contact 4');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(10);
    await userEvent.dblClick(cell);
    expect(onValueChange).toHaveBeenLastCalledWith(
      [4],
      [expect.objectContaining({ id: 4, name: 'Contact 4' })],
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('selects several in the modal with checkboxes and Select', async () => {
    const onValueChange = vi.fn();
    render(
      <RecordPicker
        label="Contacts"
        entityTypeName="Contact"
        isMulti
        config={config}
        dataSource={source()}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Browse Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Contact' });
    const select = within(dialog).getByRole('button', { name: 'Select' });
    expect(select).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Contact 1' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Contact 2' }));
    await userEvent.click(select);
    expect(onValueChange).toHaveBeenLastCalledWith([1, 2], expect.any(Array));
  });
});
