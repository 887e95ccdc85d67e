import 'fake-indexeddb/auto';
import { systemAction } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/App';
import { fakeApi } from '../../../test/fakeApi';
import { SessionProvider } from '../../auth/public';
import { watchDownloads } from '../../documentTemplates/downloadHarness';
import { createPageBus, type PageMessage } from '../../pages/public';
import { runner } from '../test/runnerServerHarness';
import { RecordActions } from './RecordActions';

/** A generate item as the server sends it for a template (decision 0129). */
const template = (id: number, name: string) =>
  systemAction({
    id,
    name,
    displayname: `Generate ${name}`,
    emptyname: `Generate ${name}`,
    multiname: `Generate ${name}`,
    method: 'generate',
    state: 'word',
    order: 80,
    eid: id,
    iscontext: true,
    isselect: true,
    data: { ReportTemplateId: id },
  });
const menu = (actions: ReturnType<typeof template>[]) => ({
  data: {
    actions,
    showNewMenu: false,
    showExportMenu: true,
    showEditInlineButton: false,
    showEditInlineMenu: false,
    showFormPanelButton: true,
    showFormPanelMenu: true,
  },
});
const file = new Uint8Array([0x50, 0x4b, 3, 4, 9]);
const answerFile = {
  status: 200,
  body: file,
  headers: { 'content-disposition': `attachment; filename*=UTF-8''Account%20summary%20-%20Acme%20Pty.docx` },
};

describe("a record's generate-document actions", () => {
  let watch: ReturnType<typeof watchDownloads>;
  beforeEach(() => {
    watch = watchDownloads();
  });
  afterEach(() => {
    watch.restore();
    window.history.pushState(null, '', '/');
  });

  it("offers the record's one template as a button that downloads its document", async () => {
    const user = userEvent.setup();
    const { api, requests } = runner('/apps/crm/_viewRecord?cid=5&formMode=view', undefined, {}, (url) => {
      if (url === '/spapi/data/v1/actions/formActions')
        return { status: 200, body: menu([template(71, 'Account summary')]) };
      if (url === '/spapi/data/v1/document/generate') return answerFile;
      return undefined;
    });
    render(<App client={api} />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Record actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'Generate Account summary' }));
    await waitFor(() => expect(watch.downloads).toHaveLength(1));
    expect(watch.downloads[0]!.fileName).toBe('Account summary - Acme Pty.docx');
    expect(requests.find((r) => r.path === '/spapi/data/v1/document/generate')?.body).toEqual({
      recordId: 5,
      templateId: 71,
    });
  });

  it('lists several templates in a Generate document menu, and a refusal shows in a toast', async () => {
    const user = userEvent.setup();
    const refusal = "The template 'Invoice' is for Opportunity records; this record is a Account.";
    const { api } = runner('/apps/crm/_viewRecord?cid=5&formMode=view', undefined, {}, (url, body) => {
      if (url === '/spapi/data/v1/actions/formActions')
        return { status: 200, body: menu([template(71, 'Account summary'), template(72, 'Invoice')]) };
      if (url === '/spapi/data/v1/document/generate')
        return (body as { templateId: number }).templateId === 72
          ? { status: 400, body: { error: { code: 'bad_request', message: refusal } } }
          : answerFile;
      return undefined;
    });
    render(<App client={api} />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Record actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'Generate document' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Invoice' }));
    expect(await screen.findByText('Failed to generate the document.')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(watch.downloads).toEqual([]);
  });

  it("posts EXPORT_DOCUMENT_COMPLETED on the form page's bus once the document is downloaded", async () => {
    const { api } = fakeApi((path) => {
      if (path === '/spapi/data/v1/actions/formActions')
        return { status: 200, body: menu([template(71, 'Account summary')]) };
      if (path === '/spapi/data/v1/document/generate') return answerFile;
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    });
    const bus = createPageBus();
    const seen: PageMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    render(
      <SessionProvider client={api}>
        <RecordActions typeId={30} recordId={5} bus={bus} />
      </SessionProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Account summary' }));
    await waitFor(() => expect(seen).toEqual([{ type: 'EXPORT_DOCUMENT_COMPLETED' }]));
    expect(watch.downloads.map((d) => d.fileName)).toEqual(['Account summary - Acme Pty.docx']);
  });

  it('offers no generate action on a new record', async () => {
    const { api, requests } = fakeApi((path) =>
      path === '/spapi/data/v1/actions/formActions'
        ? { status: 200, body: menu([template(71, 'Account summary')]) }
        : { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } },
    );
    const { container } = render(
      <SessionProvider client={api}>
        <RecordActions typeId={30} recordId={undefined} />
      </SessionProvider>,
    );
    // The actions came, and offer nothing to a record not yet saved.
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/spapi/data/v1/actions/formActions')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });
});

describe("a record's run-workflow actions", () => {
  const workflowItem = systemAction({
    id: 80,
    name: 'Mark won',
    method: 'run',
    state: 'run',
    order: 90,
    eid: 80,
    iscontext: true,
    isselect: true,
    data: { WorkflowArgument: 'Opportunity' },
  });

  it('runs a workflow on the record, tells the page and opens the task it waits for', async () => {
    const { api, requests } = fakeApi((path) => {
      if (path === '/spapi/data/v1/actions/formActions') return { status: 200, body: menu([workflowItem]) };
      if (path === '/spapi/data/v1/workflow/run/80')
        return {
          status: 200,
          body: {
            id: 900,
            name: 'Mark won',
            workflowId: 80,
            runCompletedAt: null,
            workflowRunStatus: { name: 'WaitingForTask' },
            runStepCounter: 2,
            errorLogEntry: null,
            runLog: [],
            pendingTask: {
              id: 950,
              name: 'Call',
              assignedToUser: { id: 2 },
              taskReferencesRecord: null,
              formToUse: null,
              userTaskIsComplete: false,
              openInEditMode: false,
              promptForTaskIsPopup: false,
              navigateToTaskUrl: null,
            },
          },
        };
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    });
    const bus = createPageBus();
    const seen: PageMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    const tasks: number[] = [];
    render(
      <SessionProvider client={api}>
        <RecordActions typeId={30} recordId={5} bus={bus} onTask={(id) => tasks.push(id)} />
      </SessionProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Run workflow' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark won' }));
    await waitFor(() => expect(tasks).toEqual([950]));
    expect(requests.find((r) => r.path === '/spapi/data/v1/workflow/run/80')?.body).toEqual({
      inputArguments: [{ name: 'Opportunity', value: { id: 5 } }],
      waitForTask: true,
    });
    expect(seen.map((m) => m.type)).toEqual(['WORKFLOW_STOP', 'REFRESH']);
  });
});
