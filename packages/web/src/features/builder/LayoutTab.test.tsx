import { findComponent, findElement, type PageVersionContent } from '@plinth/schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LayoutTab } from './LayoutTab';
import { testPage } from './properties/panelTestHarness';

function renderTab() {
  const content: PageVersionContent = testPage();
  const renamed: Array<[string, string]> = [];
  const labelOf = (id: string) => findElement(content, id)?.name || findComponent(content, id)?.name || id;
  render(
    <LayoutTab
      content={content}
      selectedId={null}
      labelOf={labelOf}
      onSelect={() => {}}
      onRename={(id, name) => renamed.push([id, name])}
      onMove={() => {}}
    />,
  );
  return { renamed, user: userEvent.setup() };
}

describe('the Layout tab', () => {
  it('renames nothing when a rename is confirmed unchanged, and gives focus back to the row', async () => {
    const { renamed, user } = renderTab();
    // The heading's element has no name of its own: the row shows its component's name.
    const row = screen.getByRole('button', { name: 'Heading' });
    row.focus();
    await user.keyboard('{F2}');
    expect(screen.getByRole('textbox', { name: 'Name of Heading' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(renamed).toEqual([]);
    expect(screen.getByRole('button', { name: 'Heading' })).toHaveFocus();
  });

  it('renames once on Enter, and Escape leaves the name as it was', async () => {
    const { renamed, user } = renderTab();
    screen.getByRole('button', { name: 'Box' }).focus();
    await user.keyboard('{F2}');
    await user.keyboard('{Control>}a{/Control}Panel{Enter}');
    expect(renamed).toEqual([['box', 'Panel']]);
    screen.getByRole('button', { name: 'Amount' }).focus();
    await user.keyboard('{F2}Other{Escape}');
    expect(renamed).toEqual([['box', 'Panel']]);
    expect(screen.getByRole('button', { name: 'Amount' })).toHaveFocus();
  });
});
