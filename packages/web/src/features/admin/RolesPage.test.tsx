import { editorText, replaceEditorText, typeInEditor } from '@plinth/expression-editor/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { adminServerHarness } from './adminServerHarness';
import { ruleCalculationLabel } from './RuleDialog';

describe('the Roles and access screen', () => {
  beforeEach(() => window.history.pushState(null, '', '/admin/roles'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows each role with its members and rules; Administrators need none', async () => {
    const server = adminServerHarness();
    render(<App client={server.api} />);
    const sales = await screen.findByRole('region', { name: 'Sales' });
    expect(within(sales).getByText('dave')).toBeInTheDocument();
    expect(within(sales).getByText('Opportunity')).toBeInTheDocument();
    expect(within(sales).getByText(/read$/)).toBeInTheDocument();
    const admins = screen.getByRole('region', { name: /Administrators/ });
    expect(within(admins).getByText(/can read and change every record/)).toBeInTheDocument();
    expect(within(admins).queryByRole('button', { name: /Add rule/ })).toBeNull();
    const everyone = screen.getByRole('region', { name: /Everyone/ });
    expect(within(everyone).getByText('every user')).toBeInTheDocument();
  });

  it('adds a rule with a calculation, showing its compile messages as it is typed', async () => {
    const user = userEvent.setup();
    const server = adminServerHarness();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'Add rule to Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rule for Sales' });
    await user.click(within(dialog).getByRole('button', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Account' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Modify' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Only the records they own' }));
    // The calculation is written in the expression editor, loaded when the dialog opens.
    await within(dialog).findByRole('textbox', { name: ruleCalculationLabel });
    typeInEditor('[region] = 1 and\n  [nosuch] = 1', ruleCalculationLabel);
    // The rule check's message is the help text, and the name is marked where it is.
    const help = () => dialog.querySelector('.pl-expr-help');
    await waitFor(() =>
      expect(help()).toHaveTextContent("'nosuch' is not a recognised field, relationship or variable."),
    );
    expect(dialog.querySelector('.cm-lintRange-error')).toHaveTextContent(/^\[nosuch\]$/);
    const checked = server.requests.filter((r) => r.path === '/spapi/admin/v1/rules/check').pop();
    expect(checked?.body).toEqual({ typeId: 10_010, calculation: '[region] = 1 and\n  [nosuch] = 1' });
    // Saving it anyway: the server's refusal is shown and the dialog stays.
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("'nosuch' is not a recognised field");

    replaceEditorText('[securityOwner] = currentuser()', ruleCalculationLabel);
    // currentuser() is the rule check's to judge: nothing is marked, the rule gives a Boolean.
    await waitFor(() => expect(help()).toHaveTextContent('No errors. Gives Bool.'));
    expect(dialog.querySelector('.cm-lintRange-error')).toBeNull();
    expect(editorText(ruleCalculationLabel)).toBe('[securityOwner] = currentuser()');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rule for Sales' })).toBeNull());
    const saved = server.requests.filter((r) => r.path === '/spapi/admin/v1/roles/10050/rules').pop();
    expect(saved?.body).toEqual({
      typeId: 10_010,
      canRead: true,
      canCreate: false,
      canModify: true,
      canDelete: false,
      ownedOnly: true,
      calculation: '[securityOwner] = currentuser()',
    });
    const sales = screen.getByRole('region', { name: 'Sales' });
    expect(await within(sales).findByText('[securityOwner] = currentuser()')).toBeInTheDocument();

    // Opened again, the saved calculation is in the editor and checked at once.
    await user.click(within(sales).getByRole('button', { name: 'Edit the Account rule of Sales' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit the Account rule of Sales' });
    await within(edit).findByRole('textbox', { name: ruleCalculationLabel });
    expect(editorText(ruleCalculationLabel)).toBe('[securityOwner] = currentuser()');
    await waitFor(() =>
      expect(edit.querySelector('.pl-expr-help')).toHaveTextContent('No errors. Gives Bool.'),
    );
  });

  it('creates a role with members', async () => {
    const user = userEvent.setup();
    const server = adminServerHarness();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Support');
    await user.click(within(dialog).getByRole('checkbox', { name: 'dave' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await screen.findByRole('region', { name: 'Support' })).toBeInTheDocument();
    expect(
      server.requests.find((r) => r.path === '/spapi/admin/v1/roles' && r.method === 'POST')?.body,
    ).toEqual({
      name: 'Support',
      description: '',
      memberIds: [10_002],
    });
  });

  it('answers the view-as check: what a user reads and which rule let each record in', async () => {
    const user = userEvent.setup();
    const server = adminServerHarness();
    render(<App client={server.api} />);
    const panel = await screen.findByRole('region', { name: 'View as' });
    await user.click(within(panel).getByRole('button', { name: 'Check' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Choose a user and a type.');
    await user.click(within(panel).getByRole('button', { name: /User/ }));
    await user.click(await screen.findByRole('option', { name: 'dave' }));
    await user.click(within(panel).getByRole('button', { name: /Records of/ }));
    await user.click(await screen.findByRole('option', { name: 'Opportunity' }));
    await user.click(within(panel).getByRole('button', { name: 'Check' }));
    expect(await within(panel).findByText(/can read 1 of 3/)).toBeInTheDocument();
    const row = within(panel).getByText('Big deal').closest('tr')!;
    expect(within(row).getByText('Sales: read Opportunity (own records only)')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/spapi/admin/v1/viewAs')?.body).toMatchObject({
      userId: 10_002,
      typeId: 10_020,
    });
  });
});
