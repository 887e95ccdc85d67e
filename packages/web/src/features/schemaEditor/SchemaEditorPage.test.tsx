import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { schemaServerHarness } from './schemaServerHarness';

const open = (path: string) => window.history.pushState(null, '', path);
const puts = (server: ReturnType<typeof schemaServerHarness>) =>
  server.requests.filter((r) => r.path === '/spapi/data/v1/entity/put');

describe('the schema editor', () => {
  afterEach(() => open('/'));

  it('lists the Objects with derived ones under their base, and searches them', async () => {
    const user = userEvent.setup();
    open('/admin/schema');
    render(<App client={schemaServerHarness().api} />);
    const table = await screen.findByRole('table');
    const names = within(table)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Account', 'Opportunity', 'Big Opportunity', 'Stage']);
    expect(within(table).queryByText('Person')).toBeNull();
    expect(screen.getByRole('link', { name: 'Objects' })).toHaveAttribute('aria-current', 'page');

    await user.type(screen.getByRole('searchbox', { name: 'Search Objects' }), 'big');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Opportunity', 'Big Opportunity']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search Objects' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Objects' }), 'zebra');
    expect(screen.getByText("No Object matches 'zebra'.")).toBeInTheDocument();
  });

  it('creates an Object after the licence warning, refusing a duplicate name first', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    open('/admin/schema');
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'New Object' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Object' });
    expect(
      within(dialog).getByText('Creating an Object may incur additional license costs.'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Object name/ }), 'account');
    expect(within(dialog).getByRole('textbox', { name: /Script name/ })).toHaveValue('account');
    await user.click(within(dialog).getByRole('button', { name: 'Create Object' }));
    expect(
      await within(dialog).findByText("There is another Object with the same 'Object name'"),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("There is another Object with the same 'Script name'"),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Correct errors before saving');
    expect(puts(server)).toHaveLength(0);

    const name = within(dialog).getByRole('textbox', { name: /Object name/ });
    await user.clear(name);
    await user.type(name, 'Project');
    await user.clear(within(dialog).getByRole('textbox', { name: /Script name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Script name/ }), 'Project');
    await user.click(within(dialog).getByRole('button', { name: 'Create Object' }));
    expect(await screen.findByText('Properties saved')).toBeInTheDocument();
    expect(screen.getByText('Object details successfully saved.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Project', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe(
      `/admin/schema/${server.types.find((t) => t.name === 'Project')!.id}`,
    );
    expect(puts(server)[0]!.body).toEqual({
      entities: [
        {
          id: 'new:type',
          typeId: 'core:type',
          fields: { name: 'Project', typeScriptName: 'Project', description: null, isAbstract: false },
          relationships: { inherits: { set: [1] } },
        },
      ],
      deleted: [],
    });
  });

  it('adds a field with the default name and suffix, checks min and max, and shows the server’s duplicate message', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    open('/admin/schema/10010');
    render(<App client={server.api} />);
    await screen.findByRole('heading', { name: 'Account', level: 1 });
    await user.click(screen.getByRole('button', { name: 'New field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Text' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Text field on Account' });
    // 'Text' is taken: the numeric suffix starts at 2.
    expect(within(dialog).getByRole('textbox', { name: /Field name/ })).toHaveValue('Text 2');
    expect(within(dialog).getByRole('textbox', { name: /Script name/ })).toHaveValue('Text_2');
    expect(within(dialog).getByText('This field is optional')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Required' }));
    expect(within(dialog).getByText('This field must be filled to create the record')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['General', 'Validation', 'Format']);

    await user.click(within(dialog).getByRole('tab', { name: 'Validation' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum length' }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum length' }), '5');
    await user.click(within(dialog).getByRole('tab', { name: 'General' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The editor moves to the tab holding the error.
    expect(
      await within(dialog).findByText('Minimum value cannot be greater than maximum value.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('tab', { name: /Validation/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Correct errors before saving');
    expect(puts(server)).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Maximum length' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum length' }), '50');
    // A name a derived Object's member holds is only known to the server: its message shows at the name.
    server.fields.push({
      id: 10_200,
      typeId: 10_010,
      name: 'Code',
      scriptName: 'code',
      type: 'Text',
      isRequired: false,
      values: {},
    });
    await user.click(within(dialog).getByRole('tab', { name: 'General' }));
    const name = within(dialog).getByRole('textbox', { name: /Field name/ });
    await user.clear(name);
    await user.type(name, 'Code');
    // A new field's script name follows its name until one is written.
    expect(within(dialog).getByRole('textbox', { name: /Script name/ })).toHaveValue('Code');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("There is another field with the same 'Field name'."),
    ).toBeInTheDocument();
    expect(puts(server)).toHaveLength(1);

    await user.clear(name);
    await user.type(name, 'Reference');
    await user.clear(within(dialog).getByRole('textbox', { name: /Script name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Script name/ }), 'reference');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((puts(server).at(-1)!.body as { entities: unknown[] }).entities[0]).toMatchObject({
      id: 'new:field',
      typeId: 'core:field',
      fields: {
        name: 'Reference',
        fieldScriptName: 'reference',
        fieldType: 'Text',
        isRequired: true,
        minLength: 10,
        maxLength: 50,
      },
      relationships: { fieldIsOnType: { set: [10_010] }, fieldInGroup: { set: [] } },
    });
    expect(await screen.findByRole('cell', { name: 'Reference' })).toBeInTheDocument();
  }, 60_000);

  it('says how many records a tightened rule breaks before saving, and sends only what changed', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    server.fieldImpact.set(10_100, {
      valueCount: 12,
      broken: { count: 2, examples: ['A long text', 'Another long one'] },
      missing: 0,
      typeChanged: false,
    });
    open('/admin/schema/10010');
    render(<App client={server.api} />);
    await screen.findByRole('heading', { name: 'Account', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit the field Text' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text (Text)' });
    await user.click(within(dialog).getByRole('tab', { name: 'Validation' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum length' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('alertdialog', { name: 'Records break the new rule' });
    expect(question).toHaveTextContent(
      "2 records hold values the new rule refuses ('A long text', 'Another long one'). They keep their values until someone changes them, and must then follow the rule. Save anyway?",
    );
    expect(puts(server)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(server)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Only the changed bound is written: nothing the user did not change.
    expect((puts(server).at(-1)!.body as { entities: unknown[] }).entities[0]).toEqual({
      id: 10_100,
      fields: { maxLength: 5 },
      relationships: {},
    });
    const impact = server.requests.find((r) => r.path === '/spapi/data/v1/schema/field/10100/impact');
    expect(impact?.body).toEqual({ fields: { maxLength: 5 } });
  }, 60_000);

  it('changes a field type, showing the server’s refusal of values that do not convert', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    open('/admin/schema/10010');
    render(<App client={server.api} />);
    await screen.findByRole('heading', { name: 'Account', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit the field Text' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text (Text)' });
    await user.click(within(dialog).getByRole('button', { name: /Field type/ }));
    await user.click(await screen.findByRole('option', { name: 'Number' }));
    expect(within(dialog).getByRole('tab', { name: 'Validation' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      (puts(server).at(-1)!.body as { entities: Array<{ fields: object }> }).entities[0]!.fields,
    ).toMatchObject({
      fieldType: 'Number',
    });
  }, 60_000);

  it('refuses deleting a used field with the list, and deletes an unused one with its values', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    server.fieldUsage.set(10_100, {
      forms: [],
      pages: [],
      reports: [{ id: 10_500, name: 'Accounts by city' }],
      calculations: [],
      valueCount: 12,
    });
    open('/admin/schema/10010');
    render(<App client={server.api} />);
    await screen.findByRole('heading', { name: 'Account', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Delete the field Text' }));
    const refused = await screen.findByRole('alertdialog', { name: "'Text' cannot be deleted" });
    expect(await within(refused).findByText('Accounts by city')).toBeInTheDocument();
    await user.click(within(refused).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    server.fieldUsage.set(10_100, { forms: [], pages: [], reports: [], calculations: [], valueCount: 12 });
    await user.click(screen.getByRole('button', { name: 'Delete the field Text' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm delete' });
    expect(
      await within(confirm).findByText(
        "Are you sure that you want to delete the field 'Text'? Its values in 12 records go with it, and cannot be brought back.",
      ),
    ).toBeInTheDocument();
    await user.click(
      within(confirm).getByRole('button', { name: 'Delete the field and its values in 12 records' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const deleted = server.requests.find((r) => r.path === '/spapi/data/v1/schema/field/10100/delete');
    expect(deleted?.body).toEqual({ valueCount: 12 });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Text' })).toBeNull());
  }, 60_000);

  it('shows decimal places only for non-integers and seeds a new auto-number at 1', async () => {
    const user = userEvent.setup();
    open('/admin/schema/10010');
    render(<App client={schemaServerHarness().api} />);
    await screen.findByRole('heading', { name: 'Account', level: 1 });
    const newField = async (label: string) => {
      await user.click(screen.getByRole('button', { name: 'New field' }));
      await user.click(await screen.findByRole('menuitem', { name: label }));
      return screen.findByRole('dialog');
    };
    let dialog = await newField('Number');
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['General', 'Validation']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    dialog = await newField('Decimal');
    await user.click(within(dialog).getByRole('tab', { name: 'Format' }));
    expect(within(dialog).getByRole('textbox', { name: 'Decimal places' })).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    dialog = await newField('AutoNumber');
    expect(within(dialog).getByRole('textbox', { name: 'Seed' })).toHaveValue('1');
    expect(within(dialog).queryByRole('checkbox', { name: 'Required' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    dialog = await newField('Yes/No');
    expect(within(dialog).getByRole('textbox', { name: /Field name/ })).toHaveValue('Yes/No');
  }, 40_000);

  it('refuses deleting a used Object with the list, and deletes an unused one with its records', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    server.usage.set(10_020, {
      forms: [{ id: 1, name: 'Opportunity form' }],
      pages: [],
      reports: [{ id: 2, name: 'Pipeline' }],
      relationships: [],
      derivedTypes: [{ id: 10_021, name: 'Big Opportunity' }],
      recordCount: 40,
    });
    open('/admin/schema');
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Opportunity' }));
    let dialog = await screen.findByRole('alertdialog', { name: "'Opportunity' cannot be deleted" });
    expect(await within(dialog).findByText('Opportunity form')).toBeInTheDocument();
    expect(within(dialog).getByText('Pipeline')).toBeInTheDocument();
    expect(within(dialog).getByText('Big Opportunity')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm delete' });
    expect(
      await within(dialog).findByText(
        "Are you sure that you want to delete Object 'Account'? Its 12 records go with it, and cannot be brought back.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete the Object and 12 records' }));
    expect(await screen.findByText("Object 'Account' successfully deleted.")).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('/delete'))!.body).toEqual({ recordCount: 12 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Account' })).toBeNull());
  });

  it('adds, renames, reorders and retires choice values, shown as pickers show them', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    open('/admin/schema/10030');
    render(<App client={server.api} />);
    const panel = await screen.findByRole('region', { name: 'Choice values' });
    const names = () =>
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.pl-picker-option')?.textContent);
    await waitFor(() => expect(names()).toEqual(['Lead', 'Won']));
    expect(panel.querySelector('.pl-picker-option__colour')).toHaveStyle({ background: '#1565c0' });
    // Its base, a system Object, is named (not linked).
    expect(screen.getByText('Inherits from').nextElementSibling).toHaveTextContent('Choice Value');

    await user.click(within(panel).getByRole('button', { name: 'New choice value' }));
    await user.type(within(panel).getByRole('textbox', { name: /Choice value/ }), 'Lost');
    await user.type(within(panel).getByRole('textbox', { name: 'Colour' }), '#c62828');
    await user.click(within(panel).getByRole('button', { name: 'Save choice value' }));
    await waitFor(() => expect(names()).toEqual(['Lead', 'Won', 'Lost']));
    expect(server.choices.find((c) => c.name === 'Lost')).toMatchObject({ order: 30, colour: '#c62828' });

    await user.click(within(panel).getByRole('button', { name: 'Move Lost up' }));
    await waitFor(() => expect(names()).toEqual(['Lead', 'Lost', 'Won']));
    await user.click(within(panel).getByRole('button', { name: 'Edit Won' }));
    const name = within(panel).getByRole('textbox', { name: /Choice value/ });
    await user.clear(name);
    await user.type(name, 'Closed won');
    await user.click(within(panel).getByRole('button', { name: 'Save choice value' }));
    await waitFor(() => expect(names()).toEqual(['Lead', 'Lost', 'Closed won']));
    await user.click(within(panel).getByRole('button', { name: 'Retire Lead' }));
    expect(await within(panel).findByText('Retired')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Restore Lead' })).toBeInTheDocument();
  }, 40_000);
});
