import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { builderServerHarness } from './builderServerHarness';

/** Types a value the way a person pastes it: one change, not one per key (the dialog is large). */
async function fill(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

async function openSettings(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Settings of ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `App settings: ${name}` });
  // The settings are read afresh when the dialog opens.
  await within(dialog).findByDisplayValue(name);
  return { user, dialog };
}

describe('the app settings dialog', () => {
  beforeEach(() => window.history.pushState(null, '', '/admin/apps'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows every setting of spec 01 §3 and saves the changed ones over the revision read', async () => {
    const server = builderServerHarness();
    render(<App client={server.api} />);
    const { user, dialog } = await openSettings('Field Service');
    const field = (label: string | RegExp) => within(dialog).getByLabelText(label);
    expect(field('App name')).toHaveValue('Field Service');
    expect(field('URL slug')).toHaveValue('field');
    expect(field('Version')).toHaveValue('1.0.0');
    for (const label of ['Display name', 'Alias', 'Description', 'Icon', 'Footer text'])
      expect(field(label)).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: /Theme/ })).toHaveTextContent('Default (blue)');
    expect(within(dialog).getByRole('checkbox', { name: 'Enabled' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Allow anonymous access' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Show the default page in the menu' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Show the app name' })).not.toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'App name links to the home page' }),
    ).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: /App name alignment/ })).toHaveTextContent('Left');
    expect(within(dialog).getByRole('button', { name: /Default page/ })).toHaveTextContent('Welcome');
    expect(within(dialog).getByText('No role chosen: everyone may display the app.')).toBeInTheDocument();

    await fill(user, field('App name'), 'Field Service Pro');
    await fill(user, field('Display name'), 'Field');
    await fill(user, field('Version'), '1.1.0');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enabled' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Show the app name' }));
    await user.click(within(dialog).getByRole('button', { name: /App name alignment/ }));
    await user.click(await screen.findByRole('option', { name: 'Center' }));
    await user.click(within(dialog).getByRole('button', { name: /Theme/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Default (blue)',
      'Teal',
      'Green',
      'Purple',
      'Orange',
      'Slate',
    ]);
    await user.click(screen.getByRole('option', { name: 'Teal' }));
    expect(within(dialog).getByRole('button', { name: /Theme/ })).toHaveTextContent('Teal');
    await fill(user, field('Header background colour'), '#1f4e79');
    await fill(user, field('Footer text'), 'Acme field team');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const saved = server.requests.find(
      (r) => r.method === 'POST' && r.path.startsWith('/spapi/admin/v1/apps/'),
    );
    expect(saved?.body).toEqual({
      revision: 1,
      settings: {
        name: 'Field Service Pro',
        displayAlias: 'Field',
        version: '1.1.0',
        isEnabled: true,
        menuShowAppName: true,
        menuAppNameAlign: 'center',
        theme: 'teal',
        headerBackgroundColour: '#1f4e79',
        footerText: 'Acme field team',
        allowedDisplayRoleIds: [10_050],
      },
    });
    expect(await screen.findByText('The settings of Field Service Pro were saved.')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Field Service Pro/ });
    expect(within(row).getAllByRole('cell', { name: 'Yes' })).toHaveLength(1);
    // A long form under jsdom on a busy two-core machine: more than the default 20 seconds.
  }, 45_000);

  it('refuses a slug another app has with the spec message, and a colour that is no colour', async () => {
    const server = builderServerHarness();
    render(<App client={server.api} />);
    const { user, dialog } = await openSettings('Field Service');
    const slug = within(dialog).getByLabelText('URL slug');
    await fill(user, slug, 'CRM');
    await fill(user, within(dialog).getByLabelText('Header text colour'), 'red');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("There is another app with the same 'URL slug'."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Give the colour as # and 3 or 6 hexadecimal digits, such as #1f4e79.'),
    ).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    // Correcting the slug clears its message.
    await fill(user, slug, 'field-service');
    expect(within(dialog).queryByText("There is another app with the same 'URL slug'.")).toBeNull();
  });

  it('keeps the changes on screen when someone else saved first, and reloads theirs on request', async () => {
    const server = builderServerHarness();
    render(<App client={server.api} />);
    const { user, dialog } = await openSettings('Field Service');
    server.conflictOnNextSave();
    await fill(user, within(dialog).getByLabelText('Footer text'), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "bea saved the app 'Field Service' after you opened it, so your changes were not saved.",
    );
    expect(within(dialog).getByLabelText('Footer text')).toHaveValue('Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Reload the saved settings' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Footer text')).toHaveValue('Saved by bea'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Saving again goes over the revision just read.
    await fill(user, within(dialog).getByLabelText('Footer text'), 'Both');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.apps.get([...server.apps.keys()][1]!)?.settings.footerText).toBe('Both');
  });

  it('shows a theme no longer in the list as the default, and keeps it until another is chosen', async () => {
    const server = builderServerHarness();
    const [, field] = [...server.apps.values()].sort((a, b) => a.id - b.id);
    field!.settings.theme = 'dark';
    render(<App client={server.api} />);
    const { user, dialog } = await openSettings('Field Service');
    const theme = within(dialog).getByRole('button', { name: /Theme/ });
    expect(theme).toHaveTextContent('Default (blue)');
    expect(
      within(dialog).getByText(
        "'dark' is not one of the themes: the app shows the default until you choose one.",
      ),
    ).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Footer text'), 'Still mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saves = () => server.requests.filter((r) => r.method === 'POST');
    expect(saves()[0]?.body).toEqual({ revision: 1, settings: { footerText: 'Still mine' } });
    // Choosing the default stores nothing: the default theme.
    await openSettings('Field Service');
    const again = screen.getByRole('dialog');
    await user.click(within(again).getByRole('button', { name: /Theme/ }));
    await user.click(await screen.findByRole('option', { name: 'Default (blue)' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves()[1]?.body).toEqual({ revision: 2, settings: { theme: null } });
    expect(field!.settings.theme).toBeNull();
  }, 30_000);
});
