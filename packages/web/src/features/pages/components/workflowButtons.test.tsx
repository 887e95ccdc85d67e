import { ToastRegions, toast } from '@plinth/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageMessage } from '../pageBus';
import { pageContent, renderPage, testContext } from '../pageTestHarness';

const run = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 900,
  name: 'Mark won',
  workflowId: 70,
  runCompletedAt: status === 'Completed' ? '2026-03-15T01:30:00.000Z' : null,
  workflowRunStatus: { name: status },
  runStepCounter: 3,
  errorLogEntry: null,
  runLog: [],
  pendingTask: null,
  ...extra,
});

const opportunityPage = {
  ...testContext,
  record: { id: 42, typeId: 10_001, name: 'Acme' },
  formMode: 'view' as const,
};

describe('workflow page buttons', () => {
  beforeEach(() => {
    render(<ToastRegions />);
  });
  afterEach(() => toast.clearAll());

  it('launches a process with the page’s record, then tells the page and opens the waiting task', async () => {
    const content = pageContent([
      {
        id: 'markWon',
        typeAlias: 'core:launchProcessPageButton',
        properties: { text: 'Mark won', workflowId: 70, primaryResourceArgument: 'Opportunity' },
      },
    ]);
    const task = {
      id: 950,
      name: 'Call',
      assignedToUser: { id: 2 },
      taskReferencesRecord: { id: 43, typeId: 10_002 },
      formToUse: null,
      userTaskIsComplete: false,
      openInEditMode: true,
      promptForTaskIsPopup: false,
      navigateToTaskUrl: '_editRecord?cid=43&taskId=950',
    };
    const page = renderPage(
      content,
      (path) => {
        if (path === '/spapi/data/v1/workflow/run/70')
          return { status: 200, body: run('WaitingForTask', { pendingTask: task }) };
        return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
      },
      { context: opportunityPage },
    );
    const heard: PageMessage[] = [];
    page.bus.subscribe((m) => heard.push(m));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark won' }));
    await waitFor(() => expect(page.navigations).toEqual([{ type: 'NAVIGATE_TO_TASK', taskId: 950 }]));
    const started = page.requests.find((r) => r.path === '/spapi/data/v1/workflow/run/70');
    expect(started?.body).toEqual({
      inputArguments: [{ name: 'Opportunity', value: { id: 42 } }],
      waitForTask: true,
    });
    expect(heard.map((m) => m.type)).toEqual(['PROCESS_STOPPED', 'WORKFLOW_STOP', 'REFRESH']);
  });

  it('opens a popup task over the page, to be completed there', async () => {
    const content = pageContent([
      {
        id: 'markWon',
        typeAlias: 'core:launchProcessPageButton',
        properties: { text: 'Mark won', workflowId: 70, primaryResourceArgument: 'Opportunity' },
      },
    ]);
    const task = {
      id: 951,
      name: 'Check the order',
      assignedToUser: { id: 2 },
      taskReferencesRecord: { id: 43, typeId: 10_002 },
      formToUse: null,
      userTaskIsComplete: false,
      openInEditMode: true,
      promptForTaskIsPopup: true,
      navigateToTaskUrl: '_editRecord?cid=43&taskId=951',
    };
    const page = renderPage(
      content,
      (path) =>
        path === '/spapi/data/v1/workflow/run/70'
          ? { status: 200, body: run('WaitingForTask', { pendingTask: task }) }
          : { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } },
      { context: opportunityPage },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mark won' }));
    await waitFor(() =>
      expect(page.navigations).toEqual([{ type: 'NAVIGATE_TO_TASK', taskId: 951, openAs: 'modal' }]),
    );
  });

  it('polls a run that has not stopped yet and shows its failure', async () => {
    const content = pageContent([
      {
        id: 'run',
        typeAlias: 'core:runWorkflowPageButton',
        properties: { text: 'Recalculate', workflowId: 71 },
      },
    ]);
    let polls = 0;
    renderPage(content, (path) => {
      if (path === '/spapi/data/v1/workflow/run/71') return { status: 200, body: run('Running') };
      if (path === '/spapi/data/v1/workflow/hasrunstopped/900') {
        polls++;
        return { status: 200, body: { stopped: true, status: 'Failed' } };
      }
      if (path === '/spapi/data/v1/workflow/run/900')
        return {
          status: 200,
          body: run('Failed', { errorLogEntry: { name: 'Recalculate totals', description: 'No access.' } }),
        };
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Recalculate' }));
    await waitFor(() => expect(polls).toBe(1), { timeout: 3000 });
    await screen.findByText('No access.');
    expect(screen.getByRole('button', { name: 'Recalculate' })).toBeEnabled();
  });

  it('says so when the workflow cannot be started', async () => {
    const content = pageContent([
      { id: 'run', typeAlias: 'core:runWorkflowPageButton', properties: { text: 'Go', workflowId: 72 } },
    ]);
    renderPage(content, () => ({
      status: 403,
      body: { error: { code: 'forbidden', message: 'You may not run this workflow.' } },
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Go' }));
    await screen.findByText('Failed to get workflow');
    expect(screen.getByText('You may not run this workflow.')).toBeInTheDocument();
  });
});
