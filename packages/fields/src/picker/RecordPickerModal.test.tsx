import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PickerDataSource, PickerPageRequest, PickerReportMeta, PickerRow } from './pickerTypes';
import { RecordPickerModal, type RecordPickerModalProps } from './RecordPickerModal';

const rows: PickerRow[] = Array.from({ length: 15 }, (_, i) => ({
  id: i + 1,
  name: `Contact ${i + 1}`,
  cells: [`Contact ${i + 1}`, `c${i + 1}@example.com`],
}));
const columns = [
  { id: 'name', title: 'Name', isName: true },
  { id: 'email', title: 'Email', isName: false },
];
const basic: PickerReportMeta = { title: 'Contacts', columns, conditions: null };
const full: PickerReportMeta = {
  title: 'Contacts',
  columns,
  conditions: [
    { title: 'Status', operator: 'Equal', value: 'Active' },
    { title: 'Region', operator: 'Contains', value: 'north' },
  ],
};

function source(templateIds: number[] = []) {
  const requests: PickerPageRequest[] = [];
  let answerTemplates: () => void = () => {};
  const data: PickerDataSource = {
    fetchPage: vi.fn(async (request: PickerPageRequest) => {
      requests.push(request);
      return {
        rows: rows.slice(request.startIndex, request.startIndex + request.pageSize),
        hasNameColumn: true,
        report: request.metadata === 'full' ? full : basic,
      };
    }),
    fetchByIds: vi.fn(async () => []),
    fetchTemplateReportIds: () => new Promise((resolve) => (answerTemplates = () => resolve(templateIds))),
  };
  return { data, requests, answerTemplates: () => act(() => answerTemplates()) };
}

function renderModal(data: PickerDataSource, props: Partial<RecordPickerModalProps> = {}) {
  return render(
    <RecordPickerModal
      isOpen
      onOpenChange={() => {}}
      entityTypeName="Contact"
      config={{ typeId: 'crm:contact' }}
      dataSource={data}
      isMulti={false}
      selectedIds={[]}
      onSelect={() => {}}
      {...props}
    />,
  );
}

const headers = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('RecordPickerModal', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("reads the template report ids before the records, then shows the report's columns from the first answer", async () => {
    const { data, requests, answerTemplates } = source();
    renderModal(data);
    const dialog = screen.getByRole('dialog', { name: 'Select Contact' });
    expect(within(dialog).getByText('Loading…')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await answerTemplates();
    await within(dialog).findByText('c4@example.com');
    expect(headers(dialog)).toEqual(['Selected', 'Name', 'Email']);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(10);
    expect(requests[0]).toMatchObject({ startIndex: 0, pageSize: 11, metadata: 'colbasic' });
    expect(requests[0]!.config).toMatchObject({ pageSize: 10, isModal: true });
    expect(within(dialog).queryByText(/Filtered by/)).not.toBeInTheDocument();
  });

  it("asks the full metadata next and lists the report's own conditions from it", async () => {
    const { data, requests, answerTemplates } = source();
    renderModal(data);
    await answerTemplates();
    const dialog = screen.getByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Load more' }));
    await within(dialog).findByText('c15@example.com');
    expect(requests[1]).toMatchObject({ startIndex: 10, pageSize: 11, metadata: 'full' });
    expect(
      within(dialog).getByText('Filtered by: Status = Active; Region contains north'),
    ).toBeInTheDocument();
  });

  it("runs a template report narrowed to the picker's type, and other reports as they are", async () => {
    const template = source([31]);
    renderModal(template.data, { config: { typeId: 'crm:contact', reportId: 31 } });
    await template.answerTemplates();
    await waitFor(() => expect(template.requests).toHaveLength(1));
    expect(template.requests[0]!.config).toMatchObject({ reportId: 31, isTemplateReport: true });

    const other = source([31]);
    renderModal(other.data, { config: { typeId: 'crm:contact', reportId: 40 } });
    await other.answerTemplates();
    await waitFor(() => expect(other.requests).toHaveLength(1));
    expect(other.requests[0]!.config.isTemplateReport).toBeUndefined();
  });

  it('lays the grid out again 100 ms after the last resize: narrow, the name column only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let width = 900;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => ({ width, height: 600, top: 0, left: 0, right: width, bottom: 600, x: 0, y: 0 }) as DOMRect,
    );
    const { data, answerTemplates } = source();
    renderModal(data);
    await answerTemplates();
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByText('c4@example.com');
    width = 400;
    fireEvent(window, new Event('resize'));
    await act(() => vi.advanceTimersByTimeAsync(60));
    fireEvent(window, new Event('resize'));
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(headers(dialog)).toEqual(['Selected', 'Name', 'Email']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(headers(dialog)).toEqual(['Selected', 'Name']);
    expect(within(dialog).queryByText('c4@example.com')).not.toBeInTheDocument();
    width = 900;
    fireEvent(window, new Event('resize'));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(headers(dialog)).toEqual(['Selected', 'Name', 'Email']);
  });
});
