import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InlineEditField } from '../../types.js';
import { DataGrid } from '../DataGrid.js';
import { peopleMeta, person } from '../test/gridFixtures.js';

const fields: Record<string, InlineEditField> = {
  name: { kind: 'text', isRequired: true },
  joined: { kind: 'date' },
};

const cellOf = (eid: number, colid: string) =>
  screen.getByRole('grid').querySelector<HTMLElement>(`[data-eid="${eid}"] [data-colid="${colid}"]`)!;

/**
 * An editor starting in a row the sticky header partly covers is scrolled below the header: the
 * cell is brought into view (the grid's scroll padding is the header's height), not the input
 * focused where it lies.
 */
describe('DataGrid: an inline editor is scrolled into view when it starts', () => {
  const scrolled: Array<{ element: Element; options: unknown }> = [];
  const original = Element.prototype.scrollIntoView;
  beforeEach(() => {
    scrolled.length = 0;
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options });
    };
  });
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
  });

  it('for the first editable cell, and for a text and a date cell the user starts', async () => {
    const user = userEvent.setup();
    const focusOptions: unknown[] = [];
    const focus = HTMLElement.prototype.focus;
    const spy = vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (
      this: HTMLElement,
      options?: FocusOptions,
    ) {
      focusOptions.push(options);
      focus.call(this, options);
    });
    try {
      render(
        <DataGrid
          label="People"
          meta={peopleMeta()}
          rows={[person(1, 'Ann'), person(2, 'Bob')]}
          mode="inlineEditing"
          inlineEdit={{ hasForm: true, fields, records: {}, onCellEdit: () => undefined }}
        />,
      );
      await waitFor(() => expect(within(cellOf(1, 'name')).getByRole('textbox')).toHaveFocus());
      expect(scrolled.at(-1)).toEqual({
        element: cellOf(1, 'name'),
        options: { block: 'nearest', inline: 'nearest' },
      });
      // The editor's focus does not scroll on its own (which would leave it under the header).
      expect(focusOptions).toContainEqual({ preventScroll: true });

      await user.click(cellOf(2, 'name'));
      await waitFor(() => expect(within(cellOf(2, 'name')).getByRole('textbox')).toHaveFocus());
      expect(scrolled.at(-1)?.element).toBe(cellOf(2, 'name'));

      await user.click(cellOf(2, 'joined'));
      await waitFor(() => expect(cellOf(2, 'joined').querySelector('[role="spinbutton"]')).toHaveFocus());
      expect(scrolled.at(-1)).toEqual({
        element: cellOf(2, 'joined'),
        options: { block: 'nearest', inline: 'nearest' },
      });
    } finally {
      spy.mockRestore();
    }
  });
});
