import { editorText, replaceEditorText, typeInEditor } from '@plinth/expression-editor/testing';
import { unsavedChangesQuestion } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { workflowServerHarness } from './workflowServerHarness';

/** The steps' headings in the order the list shows them. */
const stepTitles = () =>
  within(screen.getByRole('list', { name: 'Steps' }))
    .getAllByRole('region')
    .map((region) => region.getAttribute('aria-label'));

/** The workflow's own Name box (arguments have one too). */
const workflowName = () =>
  within(screen.getByRole('region', { name: 'Workflow' })).getByRole('textbox', { name: /^Name/ });

/** The breadcrumb's way back to the list. */
const backToList = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Workflows' });

/** The last workflow put the editor sent, its definition read. */
function lastPut(server: ReturnType<typeof workflowServerHarness>) {
  const put = server.requests.filter((r) => r.path === '/spapi/data/v1/entity/put').pop();
  // biome-ignore lint/suspicious/noExplicitAny: the request body as sent.
  const entity = (put?.body as any)?.entities?.[0];
  return { entity, definition: entity ? JSON.parse(entity.fields.workflowDefinition) : null };
}

/** A saved workflow "Mark won": an Opportunity argument and a step setting the Close Date. */
function withMarkWon(server: ReturnType<typeof workflowServerHarness>) {
  server.workflows.push({
    id: 30_500,
    version: 3,
    name: 'Mark won',
    description: null,
    runnableBy: [10_050],
    workflowDefinition: JSON.stringify({
      arguments: [
        { name: 'Opportunity', type: 'core:resourceArgument', entityTypeId: 10_020, required: true },
      ],
      steps: [
        {
          id: 'sclose',
          name: 'Set close date',
          kind: 'setFields',
          record: '[Opportunity]',
          values: [{ memberId: 10_202, expression: 'today()' }],
        },
      ],
    }),
  });
}

describe('the Workflows screen', () => {
  beforeEach(() => window.history.pushState(null, '', '/admin/workflows'));
  afterEach(() => {
    window.history.pushState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('creates a workflow with two steps, reorders them by keyboard and saves it', async () => {
    const user = userEvent.setup();
    const server = workflowServerHarness();
    render(<App client={server.api} />);
    expect(await screen.findByText('No workflows yet. Create the first one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New workflow' }));
    await screen.findByRole('region', { name: 'Workflow' });
    await user.type(workflowName(), 'Mark won');

    // An Opportunity argument: a record of Opportunity.
    await user.click(screen.getByRole('button', { name: 'Add an argument' }));
    const argument = screen.getByRole('listitem', { name: 'Argument 1' });
    await user.type(within(argument).getByRole('textbox', { name: /Name/ }), 'Opportunity');
    await user.click(within(argument).getByRole('button', { name: /Object/ }));
    await user.click(await screen.findByRole('option', { name: 'Opportunity' }));

    // Step 1 sets the close date of the argument's record: its fields come from the record's type.
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Set fields' }));
    // The new step opens, its name ready to be typed.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Step name/ })).toHaveFocus());
    await screen.findByRole('textbox', { name: 'Step 1: Record' });
    typeInEditor('[Opportunity]', 'Step 1: Record');
    const addValue = screen.getByRole('button', { name: 'Add a value' });
    await waitFor(() => expect(addValue).toBeEnabled());
    await user.click(addValue);
    const step1 = screen.getByRole('region', { name: 'Step 1: Set fields' });
    await user.click(within(step1).getByRole('button', { name: /Set$/ }));
    await user.click(await screen.findByRole('option', { name: 'Close Date' }));
    await screen.findByRole('textbox', { name: 'Step 1: value of Close Date' });
    typeInEditor('today()', 'Step 1: value of Close Date');

    // Step 2 notifies the account's owner.
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send a notification' }));
    await screen.findByRole('textbox', { name: 'Step 2: Recipient' });
    typeInEditor('[Opportunity].[Account].[Owner]', 'Step 2: Recipient');
    typeInEditor("'Deal won'", 'Step 2: Subject');
    typeInEditor("'Well done.'", 'Step 2: Message');
    expect(stepTitles()).toEqual(['Step 1: Set fields', 'Step 2: Send a notification']);

    // Moved up with the keyboard: focus stays with the moved step (now first, so on its Down).
    screen.getByRole('button', { name: 'Move step 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(stepTitles()).toEqual(['Step 1: Send a notification', 'Step 2: Set fields']);
    expect(screen.getByRole('button', { name: 'Move step 1 down' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();
    expect(
      await screen.findByText("Step 'Send a notification' moved to position 1 of 2."),
    ).toBeInTheDocument();
    // The editors follow their step, named by its new number, their text kept.
    expect(editorText('Step 2: Record')).toBe('[Opportunity]');
    expect(editorText('Step 1: Recipient')).toBe('[Opportunity].[Account].[Owner]');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("'Mark won' was saved.")).toBeInTheDocument();
    const { entity, definition } = lastPut(server);
    expect(entity).toMatchObject({
      id: 'new:workflow',
      typeId: 19,
      fields: { name: 'Mark won', description: null },
      relationships: { workflowRunnableBy: { set: [] } },
    });
    expect(definition.arguments).toEqual([
      { name: 'Opportunity', type: 'core:resourceArgument', entityTypeId: 10_020, required: true },
    ]);
    expect(definition.steps.map((s: { kind: string }) => s.kind)).toEqual(['notify', 'setFields']);
    expect(definition.steps[0]).toMatchObject({
      recipient: '[Opportunity].[Account].[Owner]',
      subject: "'Deal won'",
    });
    expect(definition.steps[1]).toMatchObject({
      record: '[Opportunity]',
      values: [{ memberId: 10_202, expression: 'today()' }],
    });
    // Saved, the workflow has its own address and nothing is left unsaved.
    await waitFor(() => expect(window.location.pathname).toBe('/admin/workflows/30000'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    await user.click(backToList());
    const row = (await screen.findByRole('link', { name: 'Mark won' })).closest('tr')!;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('Everyone')).toBeInTheDocument();
  }, 40_000);

  it('shows the server’s refusal on the step it names, keeping the edits', async () => {
    const user = userEvent.setup();
    const server = workflowServerHarness();
    withMarkWon(server);
    window.history.pushState(null, '', '/admin/workflows/30500');
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'Edit step 1' }));
    await screen.findByRole('textbox', { name: 'Step 1: value of Close Date' });
    replaceEditorText('[Stage]', 'Step 1: value of Close Date');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const step = screen.getByRole('region', { name: /Step 1: Set close date/ });
    expect(await within(step).findByText(/^Step 1 'Set close date', Close Date: /)).toHaveTextContent(
      'Attempted to access a field or relationship, when no starting entity-type has been provided.',
    );
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(editorText('Step 1: value of Close Date')).toBe('[Stage]');
    expect(server.workflows[0]!.version).toBe(3);

    // Corrected, it saves, and the refusal goes.
    replaceEditorText('today() + 7', 'Step 1: value of Close Date');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("'Mark won' was saved.")).toBeInTheDocument();
    expect(within(step).queryByText(/^Step 1 'Set close date'/)).toBeNull();
    expect(lastPut(server).entity.version).toBe(3);
    expect(server.workflows[0]!.version).toBe(4);
  });

  it('renames the references to an argument when its name is changed', async () => {
    const user = userEvent.setup();
    const server = workflowServerHarness();
    withMarkWon(server);
    window.history.pushState(null, '', '/admin/workflows/30500');
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'Edit step 1' }));
    expect(await screen.findByRole('textbox', { name: 'Step 1: Record' })).toHaveTextContent('[Opportunity]');
    const name = within(screen.getByRole('listitem', { name: 'Argument 1' })).getByRole('textbox', {
      name: /Name/,
    });
    await user.clear(name);
    await user.type(name, 'Deal');
    await user.tab();
    expect(await screen.findByText('The steps that used [Opportunity] now use [Deal].')).toBeInTheDocument();
    await waitFor(() => expect(editorText('Step 1: Record')).toBe('[Deal]'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("'Mark won' was saved.")).toBeInTheDocument();
    expect(lastPut(server).definition.steps[0].record).toBe('[Deal]');
  });

  it('refuses a save over a version someone saved since, losing nothing', async () => {
    const user = userEvent.setup();
    const server = workflowServerHarness();
    withMarkWon(server);
    window.history.pushState(null, '', '/admin/workflows/30500');
    render(<App client={server.api} />);
    await screen.findByRole('region', { name: 'Workflow' });
    const name = workflowName();
    await user.clear(name);
    await user.type(name, 'Mark won and tell');
    // Someone else saves it meanwhile.
    server.workflows[0]!.version = 4;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        "'Mark won' was changed by someone else after it was read. Read it again and retry.",
      ),
    ).toBeInTheDocument();
    expect(name).toHaveValue('Mark won and tell');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(server.workflows[0]!.name).toBe('Mark won');

    // Reloading (after asking) shows the saved one.
    await user.click(screen.getByRole('button', { name: 'Reload the saved workflow' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Reload the workflow' });
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(workflowName()).toHaveValue('Mark won'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('checks the definition before sending it, showing each message at its value', async () => {
    const user = userEvent.setup();
    const server = workflowServerHarness();
    window.history.pushState(null, '', '/admin/workflows/new');
    render(<App client={server.api} />);
    await screen.findByRole('region', { name: 'Workflow' });
    await user.click(screen.getByRole('button', { name: 'Add an argument' }));
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create a record' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The workflow was not saved. Correct what is marked.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Workflow' })).getByText('A name is required.'),
    ).toBeInTheDocument();
    const argument = screen.getByRole('listitem', { name: 'Argument 1' });
    expect(within(argument).getByText('A name is required.')).toBeInTheDocument();
    expect(within(argument).getByText('Choose an Object.')).toBeInTheDocument();
    const step = screen.getByRole('region', { name: /Step 1: Create a record/ });
    expect(within(step).getByText('Choose an Object.')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/spapi/data/v1/entity/put')).toBe(false);

    // Removed after asking, the step goes and focus moves on to Add a step.
    await user.click(within(step).getByRole('button', { name: 'Remove step 1' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove step' });
    expect(ask).toHaveTextContent("Remove step 1, 'Create a record'?");
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('No steps yet. Add the first one: a run does them in order.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a step' })).toHaveFocus());
  });

  it('asks before leaving unsaved changes, and deletes a workflow after asking by name', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const server = workflowServerHarness();
    withMarkWon(server);
    render(<App client={server.api} />);
    const row = (await screen.findByRole('link', { name: 'Mark won' })).closest('tr')!;
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByText('Sales')).toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: 'Mark won' }));
    await user.type(await screen.findByRole('textbox', { name: 'Description' }), 'Closes a deal');
    await user.click(backToList());
    expect(confirm).toHaveBeenCalledWith(unsavedChangesQuestion);
    expect(window.location.pathname).toBe('/admin/workflows/30500');
    confirm.mockReturnValue(true);
    await user.click(backToList());
    await waitFor(() => expect(window.location.pathname).toBe('/admin/workflows'));

    await user.click(await screen.findByRole('button', { name: 'Delete Mark won' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete workflow' });
    expect(ask).toHaveTextContent("Delete the workflow 'Mark won'?");
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No workflows yet. Create the first one.')).toBeInTheDocument();
    expect(server.workflows).toEqual([]);
  });
});
