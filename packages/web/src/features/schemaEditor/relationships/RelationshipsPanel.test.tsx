import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/App';
import { schemaServerHarness } from '../schemaServerHarness';

const open = (path: string) => window.history.pushState(null, '', path);
type User = ReturnType<typeof userEvent.setup>;
/** The puts the screens sent, as the entity put's body. */
const puts = (server: ReturnType<typeof schemaServerHarness>) =>
  server.requests
    .filter((r) => r.path === '/spapi/data/v1/entity/put')
    .map((r) => r as { body: { entities: Array<Record<string, Record<string, unknown>>> } });

/** Picks an option of one of the dialog's choices, found by its label (the button reads value, label). */
async function choose(user: User, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('button', { name: new RegExp(` ${label}$`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openObject(path: string, server = schemaServerHarness()) {
  open(path);
  render(<App client={server.api} />);
  const panel = await screen.findByRole('region', { name: 'Relationships' });
  return { server, panel };
}

describe('relationships in the schema editor', () => {
  afterEach(() => open('/'));

  it('creates a lookup to another Object, names following, and lists it from both sides', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openObject('/admin/schema/10020');
    expect(within(panel).getByText('No relationships of its own yet.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'New relationship' }));
    const dialog = await screen.findByRole('dialog', { name: 'New relationship on Opportunity' });
    expect(within(dialog).getByText('Many to one')).toBeInTheDocument();
    await choose(user, dialog, 'Related Object', 'Account');
    expect(within(dialog).getByRole('textbox', { name: /^Name on Opportunity/ })).toHaveValue('Account');
    expect(within(dialog).getByRole('textbox', { name: /^Script name on Opportunity/ })).toHaveValue(
      'Account',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Name on Account/ })).toHaveValue('Opportunities');

    await user.click(within(dialog).getByRole('tab', { name: 'Relationship details' }));
    expect(within(dialog).getAllByText('This field is optional')).toHaveLength(2);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Required on Opportunity' }));
    await waitFor(() => expect(server.requests.some((r) => r.path.endsWith('/10010/reports'))).toBe(true));
    await choose(user, dialog, 'Picker report on Opportunity', 'Accounts by city');
    // "Use current" is offered only where an end reaches users.
    expect(within(dialog).queryByRole('checkbox', { name: /Use current/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The toast of an earlier save in this file may still show: any one will do.
    expect((await screen.findAllByText('Properties saved')).length).toBeGreaterThan(0);
    expect(puts(server)[0]!.body.entities[0]).toEqual({
      id: 'new:relationship',
      typeId: 'core:relationship',
      fields: {
        name: 'Account',
        relType: 'lookup',
        cardinality: null,
        toName: 'Account',
        fromName: 'Opportunities',
        toScriptName: 'Account',
        fromScriptName: 'Opportunities',
        description: null,
        relationshipIsMandatory: true,
        revRelationshipIsMandatory: false,
        securesTo: false,
        securesFrom: false,
        defaultToUseCurrent: false,
        defaultFromUseCurrent: false,
      },
      relationships: {
        fromType: { set: [10_020] },
        toType: { set: [10_010] },
        toDisplayReport: { set: [] },
        toPickerReport: { set: [10_500] },
        fromDisplayReport: { set: [] },
        fromPickerReport: { set: [] },
      },
    });
    const row = (await within(panel).findAllByRole('cell', { name: 'Account' }))[0]!.closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Account', 'Account', 'Account', 'Lookup', 'Many to one', 'Yes', 'EditDelete']);
  }, 60_000);

  it('shows the other end on the related Object, read the other way', async () => {
    const server = schemaServerHarness();
    server.relationships.push({
      id: 30_000,
      fromTypeId: 10_020,
      toTypeId: 10_010,
      fields: {
        relType: 'lookup',
        toName: 'Account',
        fromName: 'Opportunities',
        toScriptName: 'account',
        fromScriptName: 'opportunities',
        revRelationshipIsMandatory: false,
      },
      reports: {},
    });
    const { panel } = await openObject('/admin/schema/10010', server);
    const row = (await within(panel).findByRole('cell', { name: 'Opportunities' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Opportunities',
      'opportunities',
      'Opportunity',
      'Lookup (other end)',
      'One to many',
      'No',
      'EditDelete',
    ]);
    // The derived Object inherits the end, listed but edited where it comes from.
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit the relationship Opportunities' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account (Lookup)' });
    expect(
      within(dialog).getByText('Field schema changes can affect Forms, Pages and Reports.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Opportunity → Account/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name on Account/ })).toHaveValue('Opportunities');
  }, 30_000);

  it('refuses clashing names, unusable script names and a choice field to a plain Object before saving', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openObject('/admin/schema/10010');
    await user.click(within(panel).getByRole('button', { name: 'New relationship' }));
    const dialog = await screen.findByRole('dialog', { name: 'New relationship on Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Nothing chosen or named yet: the related Object and both ends' names and script names.
    expect(within(dialog).getAllByText('A value is required.')).toHaveLength(5);

    await choose(user, dialog, 'Related Object', 'Opportunity');
    const name = within(dialog).getByRole('textbox', { name: /^Name on Account/ });
    await user.clear(name);
    await user.type(name, 'TEXT');
    const script = within(dialog).getByRole('textbox', { name: /^Script name on Account/ });
    await user.clear(script);
    await user.type(script, 'my deals');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        "There is another field or Object with the same 'Field name/Object name'.",
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'A script name must start with a letter and hold only letters, digits and underscores.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByRole('alert').at(-1)).toHaveTextContent('Correct errors before saving');

    await user.clear(name);
    await user.type(name, 'Deals');
    await user.clear(script);
    await user.type(script, 'deals');
    await choose(user, dialog, 'Kind', 'Choice field');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("A choice field relates to a choice Object; 'Opportunity' is not one."),
    ).toBeInTheDocument();
    expect(puts(server)).toHaveLength(0);
    // Only choice Objects are offered to a choice field.
    await user.click(within(dialog).getByRole('button', { name: / Related choice Object$/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Choose an Object', 'Stage']);
    await user.click(screen.getByRole('option', { name: 'Stage' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The toast of an earlier save in this file may still show: any one will do.
    expect((await screen.findAllByText('Properties saved')).length).toBeGreaterThan(0);
    expect(puts(server)[0]!.body.entities[0]!.relationships!.toType).toEqual({ set: [10_030] });
  }, 60_000);

  it('says which related Object went when another administrator deleted it meanwhile', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openObject('/admin/schema/10010');
    await user.click(within(panel).getByRole('button', { name: 'New relationship' }));
    const dialog = await screen.findByRole('dialog');
    await choose(user, dialog, 'Related Object', 'Big Opportunity');
    server.types.splice(
      server.types.findIndex((t) => t.name === 'Big Opportunity'),
      1,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This Object has been deleted. Choose another.'),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByRole('alert').at(-1)).toHaveTextContent('Correct errors before saving');
  }, 30_000);

  it('offers "use current" for an end reaching people, and shows the server’s refusal at its property', async () => {
    const user = userEvent.setup();
    const { server, panel } = await openObject('/admin/schema/10010');
    await user.click(within(panel).getByRole('button', { name: 'New relationship' }));
    const dialog = await screen.findByRole('dialog');
    await choose(user, dialog, 'Related Object', 'Person');
    await user.click(within(dialog).getByRole('tab', { name: 'Relationship details' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Use current: a new Account/ }));
    await user.click(within(dialog).getByRole('tab', { name: 'Security' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Secures to/ }));
    // The server holds a rule the browser cannot check: the fake refuses the name the way it would.
    server.fields.push({
      id: 10_101,
      typeId: 8,
      name: 'Accounts',
      scriptName: 'Accounts',
      type: 'Text',
      isRequired: false,
      values: {},
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        "There is another field or Object with the same 'Field name/Object name'.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: /General/ })).toHaveAttribute('aria-selected', 'true');
    expect(puts(server)[0]!.body.entities[0]!.fields).toMatchObject({
      defaultToUseCurrent: true,
      securesTo: true,
    });
  }, 60_000);

  it('refuses deleting a used relationship with the list, and deletes an unused one with its links', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    const rel = (id: number, toName: string) => ({
      id,
      fromTypeId: 10_020,
      toTypeId: 10_010,
      fields: {
        relType: 'lookup',
        toName,
        fromName: `${toName}s of`,
        toScriptName: toName,
        fromScriptName: `${toName}sOf`,
      },
      reports: {},
    });
    server.relationships.push(rel(30_001, 'Payer'), rel(30_002, 'Partner'));
    server.relationshipUsage.set(30_001, {
      forms: [{ id: 1, name: 'Opportunity form' }],
      pages: [],
      reports: [{ id: 2, name: 'Pipeline' }],
      linkCount: 5,
    });
    server.relationshipUsage.set(30_002, { forms: [], pages: [], reports: [], linkCount: 7 });
    const { panel } = await openObject('/admin/schema/10020', server);
    await user.click(await within(panel).findByRole('button', { name: 'Delete the relationship Payer' }));
    let dialog = await screen.findByRole('alertdialog', { name: "'Payer' cannot be deleted" });
    expect(await within(dialog).findByText('Opportunity form')).toBeInTheDocument();
    expect(within(dialog).getByText('Pipeline')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await user.click(within(panel).getByRole('button', { name: 'Delete the relationship Partner' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm delete' });
    expect(
      await within(dialog).findByText(
        "Are you sure that you want to delete the relationship 'Partner'? Its 7 links between records go with it, and cannot be brought back. The records stay.",
      ),
    ).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete the relationship and 7 links between records' }),
    );
    expect(await screen.findByText("Relationship 'Partner' successfully deleted.")).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('/30002/delete'))!.body).toEqual({ linkCount: 7 });
    await waitFor(() => expect(within(panel).queryByRole('cell', { name: 'Partner' })).toBeNull());
  }, 40_000);
});
