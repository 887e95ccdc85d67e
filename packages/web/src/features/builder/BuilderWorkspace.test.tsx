import { findElement, type PageVersionContent } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { BuilderWorkspace } from './BuilderWorkspace';
import { builderServerHarness } from './builderServerHarness';
import { testPage } from './properties/panelTestHarness';

async function openBuilder() {
  window.history.pushState(null, '', '/admin/apps/crm/welcome');
  const server = builderServerHarness();
  const user = userEvent.setup();
  render(<App client={server.api} />);
  await screen.findByRole('heading', { level: 1, name: /^Sales CRM/ });
  return { server, user };
}

const canvas = () => screen.getByRole('region', { name: 'Page layout' });
const toolbox = () => screen.getByRole('tabpanel', { name: 'Components' });
const tool = (name: string) => within(toolbox()).getByRole('button', { name });
const stored = (server: ReturnType<typeof builderServerHarness>): PageVersionContent =>
  [...server.pages.values()].find((p) => p.settings.slug === 'welcome')!.content;

describe('building a page', () => {
  beforeEach(() => {
    window.history.pushState(null, '', '/');
    localStorage.setItem('plinth.tenant', 'demo');
  });
  afterEach(() => window.history.pushState(null, '', '/'));

  it('adds a grid and a component into it from the toolbox, undoes and redoes, and saves the layout', async () => {
    const { server, user } = await openBuilder();
    await user.click(tool('Grid'));
    // The new grid is selected: its properties replace the page settings, and the next component goes in it.
    const grid = await within(canvas()).findByRole('button', { name: 'Grid' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    await user.click(tool('Heading'));
    const heading = await within(grid).findByRole('button', { name: 'Heading 2' });
    expect(heading).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(canvas()).queryByRole('button', { name: 'Heading 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(canvas()).queryByRole('button', { name: 'Grid' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(await within(canvas()).findByRole('button', { name: 'Grid' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('App was successfully saved')).toBeInTheDocument();
    const content = stored(server);
    const saved = content.configuration.root.elements.find((e) => e.type === 'grid');
    expect(saved).toMatchObject({ name: 'Grid', isContainer: true, elements: [] });
    expect(saved?.styles.lg?.gap).toBe('sm');
  });

  it('moves a component into a grid by keyboard: Space picks it up, the arrows choose, Space drops', async () => {
    const { server, user } = await openBuilder();
    await user.click(tool('Grid'));
    await within(canvas()).findByRole('button', { name: 'Grid' });
    const heading = within(canvas()).getByRole('button', { name: 'Heading' });
    heading.focus();
    await user.keyboard(' ');
    // Slots in reading order: before Grid, at the end of Grid, at the end of the page.
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    const grid = within(canvas()).getByRole('button', { name: 'Grid' });
    await waitFor(() => expect(within(grid).getByRole('button', { name: 'Heading' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    const content = stored(server);
    const savedGrid = content.configuration.root.elements.find((e) => e.type === 'grid')!;
    expect(savedGrid.elements.map((e) => findElement(content, e.id)?.type)).toEqual(['component']);
  });

  it('says nothing was dropped when a keyboard drag is dropped before a place is chosen', async () => {
    const { user } = await openBuilder();
    within(canvas()).getByRole('button', { name: 'Heading' }).focus();
    await user.keyboard(' ');
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByRole('status', { hidden: true })).toHaveTextContent(
        'Heading was not dropped: no place on the page was chosen.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('adds a toolbox item with Enter and selects a page element with Enter', async () => {
    const { user } = await openBuilder();
    tool('Vertical container').focus();
    await user.keyboard('{Enter}');
    const added = await within(canvas()).findByRole('button', { name: 'Vertical container' });
    expect(added).toHaveAttribute('aria-pressed', 'true');
    const heading = within(canvas()).getByRole('button', { name: 'Heading' });
    heading.focus();
    await user.keyboard('{Enter}');
    expect(heading).toHaveAttribute('aria-pressed', 'true');
    expect(added).toHaveAttribute('aria-pressed', 'false');
  });

  it('renames and reorders in the Layout tab, and deletes a selected component from its properties', async () => {
    const { user } = await openBuilder();
    await user.click(tool('Vertical container'));
    await within(canvas()).findByRole('button', { name: 'Vertical container' });
    await user.click(screen.getByRole('tab', { name: 'Layout' }));
    const layout = screen.getByRole('tabpanel', { name: 'Layout' });
    await user.click(within(layout).getByRole('button', { name: 'Move Vertical container up' }));
    const rows = within(layout).getAllByRole('button', { name: /^(Heading|Vertical container)$/ });
    expect(rows.map((r) => r.textContent)).toEqual(['Vertical container', 'Heading']);
    await user.click(within(layout).getByRole('button', { name: 'Rename Heading' }));
    const box = within(layout).getByRole('textbox', { name: 'Name of Heading' });
    await user.clear(box);
    await user.type(box, '  Title  {Enter}');
    expect(within(canvas()).getByRole('button', { name: 'Title' })).toBeInTheDocument();

    await user.click(within(canvas()).getByRole('button', { name: 'Title' }));
    const panel = screen.getByRole('complementary');
    await user.click(within(panel).getByRole('button', { name: /^Delete component/ }));
    await waitFor(() => expect(within(canvas()).queryByRole('button', { name: 'Title' })).toBeNull());
    // The selection cleared: the right panel is the page's settings again.
    expect(screen.getByRole('region', { name: 'Page settings' })).toBeInTheDocument();
  });
});

describe('the left tabs', () => {
  it("shows Page Validation when 'Issues in shared pages' was open and its last issue is fixed", () => {
    const tabs = (sharedIssuesTab: ReactNode | undefined) => (
      <BuilderWorkspace
        content={testPage()}
        onContentChange={() => {}}
        fileTab={<p>Files</p>}
        validationTab={<p>All pages' issues</p>}
        sharedPagesTab={<p>Form pages</p>}
        sharedIssuesTab={sharedIssuesTab}
        pageSettings={() => <p>Settings</p>}
        tab="sharedIssues"
        onTabChange={() => {}}
      />
    );
    const { rerender } = render(tabs(<p>Shared pages' issues</p>));
    expect(screen.getByRole('tab', { name: 'Issues in shared pages' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    rerender(tabs(undefined));
    expect(screen.queryByRole('tab', { name: 'Issues in shared pages' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Page Validation' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Page Validation' })).toHaveTextContent("All pages' issues");
  });
});
