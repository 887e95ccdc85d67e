import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { historyTexts, RecordHistoryDialog } from './RecordHistoryDialog';

const settings = {
  tenantName: 'Demo',
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'Australia/Sydney',
  locale: 'en-AU',
  financialYearStartMonth: 7,
};

const event = (id: number, at: string, changes: unknown[], extra: Record<string, unknown> = {}) => ({
  id,
  at,
  action: 'update',
  userId: 2,
  userName: 'ada',
  entityId: 101,
  entityName: 'Big deal',
  typeId: 10_001,
  typeName: 'Opportunity',
  changes,
  ...extra,
});

function history(pages: Record<string, { events: unknown[]; nextCursor: string | null }>) {
  return fakeApi((path) => {
    if (path === '/spapi/data/v1/tenantSettings') return { status: 200, body: settings };
    const m = /^\/spapi\/data\/v1\/entity\/(\d+)\/history\?(.*)$/.exec(path);
    if (!m)
      return { status: 404, body: { error: { code: 'not_found', message: 'The record was not found.' } } };
    const cursor = new URLSearchParams(m[2]).get('cursor') ?? '';
    const page = pages[`${m[1]}:${cursor}`];
    return page
      ? { status: 200, body: page }
      : { status: 404, body: { error: { code: 'not_found', message: 'The record was not found.' } } };
  });
}

describe('RecordHistoryDialog', () => {
  it('lists the changes newest first: who, when, each field old → new and links', async () => {
    const { api } = history({
      '101:': {
        events: [
          event(7, '2026-03-16T09:00:00.000Z', [
            {
              kind: 'field',
              memberId: 5,
              name: 'Amount',
              fieldType: 'Currency',
              oldValue: 1000,
              newValue: 2500.5,
            },
            {
              kind: 'field',
              memberId: 7,
              name: 'Close Date',
              fieldType: 'Date',
              oldValue: '2026-03-01',
              newValue: '2026-04-30',
            },
            {
              kind: 'field',
              memberId: 6,
              name: 'Notes',
              fieldType: 'RichText',
              oldValue: '<p>old <b>text</b></p>',
              newValue: null,
            },
            {
              kind: 'relationship',
              memberId: 9,
              direction: 'fwd',
              name: 'Account',
              added: [{ id: 300, name: 'Globex' }],
              removed: [{ id: 301, name: 'Initech' }],
            },
          ]),
          event(
            3,
            '2026-03-15T01:30:00.000Z',
            [
              {
                kind: 'field',
                memberId: 5,
                name: 'Amount',
                fieldType: 'Currency',
                oldValue: null,
                newValue: 1000,
              },
            ],
            { action: 'create', userName: null, userId: null },
          ),
        ],
        nextCursor: null,
      },
    });
    render(<RecordHistoryDialog client={api} recordId={101} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'History: Big deal' });
    const list = within(dialog).getByRole('list', { name: 'Changes, newest first' });
    const events = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('pl-history__event'));
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveTextContent('Changed by ada · 16 Mar 2026, 8:00 pm');
    expect(events[0]).toHaveTextContent('Amount$1,000.00→changed to$2,500.50');
    expect(events[0]).toHaveTextContent('Close Date1/3/26→changed to30/4/26');
    expect(events[0]).toHaveTextContent('Notesold text→changed to—');
    expect(events[0]).toHaveTextContent('AccountInitech→changed toGlobex');
    expect(events[1]).toHaveTextContent(`Created by ${historyTexts.unknownUser}`);
    expect(events[1]).toHaveTextContent('Amount—→changed to$1,000.00');
  });

  it('pages to older changes, says when there are none, and shows a refusal', async () => {
    const { api, requests } = history({
      '101:': {
        events: [event(9, '2026-03-16T10:00:00.000Z', [])],
        nextCursor: '2026-03-16T10:00:00.000Z|9',
      },
      '101:2026-03-16T10:00:00.000Z|9': {
        events: [
          event(8, '2026-03-16T09:00:00.000Z', [
            {
              kind: 'field',
              memberId: 5,
              name: 'Stage',
              fieldType: 'Text',
              oldValue: 'Lead',
              newValue: 'Won',
            },
          ]),
        ],
        nextCursor: null,
      },
      '102:': { events: [], nextCursor: null },
    });
    const onClose = vi.fn();
    const { rerender } = render(<RecordHistoryDialog client={api} recordId={101} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: historyTexts.more }));
    expect(await screen.findByText('Won')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: historyTexts.more })).toBeNull();
    expect(requests.some((r) => r.path.includes('cursor=2026-03-16T10%3A00%3A00.000Z%7C9'))).toBe(true);

    rerender(<RecordHistoryDialog client={api} recordId={102} onClose={onClose} />);
    expect(await screen.findByText(historyTexts.empty)).toBeInTheDocument();

    rerender(<RecordHistoryDialog client={api} recordId={103} onClose={onClose} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The record was not found.');
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });
});
