import { type AlternatePageRef, alternateMessages, appRuleMessages, newPageContent } from '@plinth/schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PageEdit } from './builderPages';
import { PageSettingsPanel } from './PageSettingsPanel';

const dealType = 50;
const pages: AlternatePageRef[] = [
  { id: 1, name: 'Deal', type: 'singleRecordEdit', contextEntityTypeId: dealType },
  { id: 2, name: 'New deal', type: 'singleRecordMultistepEdit', contextEntityTypeId: dealType },
  { id: 3, name: 'Quick deal', type: 'singleRecordEdit', contextEntityTypeId: dealType },
  { id: 4, name: 'Account', type: 'singleRecordEdit', contextEntityTypeId: 60 },
  { id: 5, name: 'Home', type: 'default', contextEntityTypeId: null },
];

function dealEdit(): PageEdit {
  return {
    settings: {
      name: 'Deal',
      slug: 'deal',
      description: null,
      type: 'singleRecordEdit',
      hidden: false,
      showMenu: true,
      showInSitemap: true,
      icon: null,
      iconBackgroundColor: null,
      allowedDisplayRoleIds: [],
      alternateMultistepPageId: null,
      alternateEditRecordPageId: null,
    },
    content: newPageContent([], { contextEntityTypeId: dealType }),
  };
}

function Host({ edits, onEditGrid }: { edits: PageEdit[]; onEditGrid: () => void }) {
  const [edit, setEdit] = useState(dealEdit());
  return (
    <PageSettingsPanel
      pageId={1}
      edit={edit}
      problems={{}}
      types={[
        { id: dealType, name: 'Deal' },
        { id: 60, name: 'Account' },
      ]}
      roles={[{ id: 9, name: 'Sales' }]}
      pages={pages}
      onEditGrid={onEditGrid}
      onChange={(next) => {
        edits.push(next);
        setEdit(next);
      }}
    />
  );
}

const chooseIn = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the page settings', () => {
  it("offers a form page's alternates from pages of its Object, and says when one no longer fits", async () => {
    const edits: PageEdit[] = [];
    render(<Host edits={edits} onEditGrid={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Alternate multistep page$/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'New deal']);
    await user.click(screen.getByRole('option', { name: 'New deal' }));
    await chooseIn(user, 'Alternate edit page', 'Quick deal');
    expect(edits.at(-1)?.settings).toMatchObject({
      alternateMultistepPageId: 2,
      alternateEditRecordPageId: 3,
    });
    // Another input: the alternates no longer fit, and the panel says why beside each.
    await chooseIn(user, 'Page input', 'Account');
    expect(screen.getByText(alternateMessages.multistep)).toBeInTheDocument();
    expect(screen.getByText(alternateMessages.edit)).toBeInTheDocument();
  });

  it('edits where the page shows, its icon colour, who may display it, and opens the page grid', async () => {
    const edits: PageEdit[] = [];
    const onEditGrid = vi.fn();
    render(<Host edits={edits} onEditGrid={onEditGrid} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Show in the sitemap' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hidden' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
    await user.type(screen.getByRole('textbox', { name: 'Icon background colour' }), 'blue');
    expect(screen.getByText(appRuleMessages.colour)).toBeInTheDocument();
    expect(edits.at(-1)?.settings).toMatchObject({
      showInSitemap: false,
      hidden: true,
      allowedDisplayRoleIds: [9],
      iconBackgroundColor: 'blue',
    });
    await user.click(
      within(screen.getByRole('region', { name: 'Page settings' })).getByRole('button', {
        name: 'Page grid properties',
      }),
    );
    expect(onEditGrid).toHaveBeenCalledOnce();
  });
});
