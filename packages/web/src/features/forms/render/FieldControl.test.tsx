import type { TypeSchemaField } from '@plinth/schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FieldControl } from './FieldControl';
import { control, field } from './formFixtures';
import type { FormFieldNode } from './formTree';

const settings = { locale: 'en-AU', currencySymbol: '$', timeZone: 'Australia/Sydney' };
const nodeOf = (f: TypeSchemaField): FormFieldNode => ({
  kind: 'field',
  id: `f${f.id}`,
  control: control(`f${f.id}`, { field: f.id }),
  field: f,
  title: f.name,
  helpText: undefined,
});

function show(f: TypeSchemaField, value: unknown, isReadOnly: boolean, onValueChange = vi.fn()) {
  render(
    <FieldControl
      node={nodeOf(f)}
      value={value}
      isReadOnly={isReadOnly}
      isMandatory={false}
      settings={settings}
      onValueChange={onValueChange}
      onInvalid={vi.fn()}
    />,
  );
  return onValueChange;
}

describe('FieldControl read-only', () => {
  it.each([
    [field(1, 'Rate', 'rate', 'Decimal', 'decimal', { decimalPlaces: 3 }), 1234.5, '1,234.500'],
    [field(2, 'Starts', 'starts', 'Time', 'time'), '09:30:00', '9:30 AM'],
    [field(3, 'Met', 'met', 'DateTime', 'dateTime'), '2026-03-01T23:15:00Z', '02/03/2026 10:15 AM'],
    [field(4, 'Due', 'due', 'Date', 'date'), '2026-09-18', '18/09/2026'],
    [field(5, 'Score', 'score', 'Calculation', 'int'), 42, '42'],
    [field(6, 'Site', 'site', 'Text', 'string', { represents: 'url' }), '', '—'],
  ])('shows a %# kind as the user reads it', (f, value, text) => {
    show(f, value, true);
    expect(screen.getByRole('group', { name: f.name })).toHaveTextContent(text);
  });

  it('shows rich text sanitised, without scripts or images', () => {
    show(
      field(7, 'Notes', 'notes', 'RichText', 'string'),
      '<p>Hello <b>there</b><script>alert(1)</script></p>',
      true,
    );
    const group = screen.getByRole('group', { name: 'Notes' });
    expect(group.querySelector('b')).toHaveTextContent('there');
    expect(group.querySelector('script')).toBeNull();
    // The HTML viewer's button opens the whole text in a modal titled by the control.
    expect(screen.getByRole('button', { name: 'Open Notes in a window' })).toBeInTheDocument();
  });

  it('shows a web address as a link', () => {
    show(field(8, 'Site', 'site', 'Text', 'string'), 'https://example.com', true);
    expect(screen.getByRole('link', { name: 'https://example.com' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
  });
});

describe('FieldControl editable', () => {
  it('edits a date and reports it in its stored form', async () => {
    const user = userEvent.setup();
    const onValueChange = show(field(4, 'Due', 'due', 'Date', 'date'), '2026-09-18', false);
    const [day] = screen.getAllByRole('spinbutton');
    await user.click(day!);
    await user.keyboard('{ArrowUp}');
    expect(onValueChange).toHaveBeenLastCalledWith('2026-09-19');
  });

  it('edits a yes/no as a switch and a multi-line text in a text area', async () => {
    const user = userEvent.setup();
    const onToggle = show(field(9, 'Won', 'won', 'Boolean', 'bool'), null, false);
    await user.click(screen.getByRole('switch', { name: 'Won' }));
    expect(onToggle).toHaveBeenLastCalledWith(true);
    const onText = show(field(10, 'Next Step', 'nextStep', 'MultilineText', 'string'), '', false);
    // Controlled: the form holds the value, so each keystroke reports the text with it.
    await user.type(screen.getByRole('textbox', { name: 'Next Step' }), 'C');
    expect(onText).toHaveBeenLastCalledWith('C');
    expect(screen.getByRole('textbox', { name: 'Next Step' }).tagName).toBe('TEXTAREA');
  });
});
