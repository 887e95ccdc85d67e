import { replaceEditorText } from '@plinth/expression-editor/testing';
import { findElement } from '@plinth/schema';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel, testPage } from './panelTestHarness';

describe('the properties of a container', () => {
  it('names it as typed and trims the name when the box loses focus', async () => {
    const { user, latest, changes } = renderPanel('box');
    expect(screen.getByRole('region', { name: 'Container properties' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, '  Totals ');
    expect(findElement(latest(), 'box')?.name).toBe('  Totals ');
    // Every keystroke is one run of typing for undo.
    expect(new Set(changes.map((c) => c.key))).toEqual(new Set(['box:name']));
    await user.tab();
    expect(findElement(latest(), 'box')?.name).toBe('Totals');
    expect(name).toHaveValue('Totals');
  });

  it('sets its background, width, gap, direction and alignment at the breakpoint shown', async () => {
    const { latest, choose } = renderPanel('box', { breakpoint: 'md' });
    expect(screen.getByText('Editing the tablet layout (md)')).toBeInTheDocument();
    await choose('Background', 'Card');
    await choose('Width', 'Fill');
    await choose('Gap', 'lg');
    await choose('Alignment', 'Center');
    // The direction shows what md takes from lg until md has its own.
    expect(screen.getByRole('button', { name: /Horizontal.*Direction$/ })).toBeInTheDocument();
    await choose('Direction', 'Vertical');
    expect(findElement(latest(), 'box')?.styles).toEqual({
      lg: { flexDirection: 'row' },
      md: {
        background: 'card',
        containerWidth: 'fill',
        gap: 'lg',
        alignItems: 'center',
        flexDirection: 'column',
      },
    });
  });

  it('hides it at the breakpoint with Display, and shows it again', async () => {
    const { user, latest } = renderPanel('box', { breakpoint: 'sm' });
    const display = screen.getByRole('checkbox', { name: 'Display' });
    expect(display).toBeChecked();
    await user.click(display);
    expect(findElement(latest(), 'box')?.styles.sm).toEqual({ hidden: true });
    await user.click(display);
    expect(findElement(latest(), 'box')?.styles.sm).toBeUndefined();
  });

  it('shows it where a wider breakpoint hides it by setting hidden: false there', async () => {
    const page = testPage();
    const box = page.configuration.root.elements[0]!;
    box.styles = { lg: { hidden: true } };
    const { user, latest } = renderPanel('box', { breakpoint: 'md', content: page });
    await user.click(screen.getByRole('checkbox', { name: 'Display' }));
    expect(findElement(latest(), 'box')?.styles).toEqual({ lg: { hidden: true }, md: { hidden: false } });
  });

  it('makes it visible when an expression holds, written in the expression editor', async () => {
    const { latest, choose, changes } = renderPanel('box');
    await choose('Visibility', 'Visible when');
    expect(findElement(latest(), 'box')?.behavior).toEqual({
      visibilityOperator: 'visibleWhen',
      readOnlyOperator: 'none',
    });
    await screen.findByRole('textbox', { name: 'Visibility expression' });
    replaceEditorText("[Region] = 'North'", 'Visibility expression');
    await waitFor(() =>
      expect(findElement(latest(), 'box')?.behavior).toEqual({
        visibility: "[Region] = 'North'",
        visibilityOperator: 'visibleWhen',
        readOnlyOperator: 'none',
      }),
    );
    expect(changes.at(-1)?.key).toBe('box:visibility');
    // Containers have no read-only expression (spec 01 §2).
    expect(screen.queryByRole('button', { name: /Read-only$/ })).toBeNull();
    await choose('Visibility', 'Always visible');
    expect(findElement(latest(), 'box')?.behavior?.visibilityOperator).toBe('none');
  });

  it('asks the builder to delete it', async () => {
    const { user, deleted } = renderPanel('box');
    await user.click(screen.getByRole('button', { name: 'Delete container' }));
    expect(deleted).toEqual(['box']);
  });
});
