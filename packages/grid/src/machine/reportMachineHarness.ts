import type { ReportRunResponse } from '@plinth/schema';
import { vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, waitFor } from 'xstate';
import type { NavigationIntent, QuickMenu, QuickMenuAction, ToastRequest } from '../types.js';
import { reportMachine } from './reportMachine.js';
import type {
  ExportDownload,
  HostActionRequest,
  ReportActorInputs,
  ReportActorOutputs,
  ReportMachineInput,
} from './reportMachineTypes.js';
import type { ReportSnapshot } from './reportSelectors.js';

/**
 * Test harness of the report machine: every actor stubbed with `.provide()` over a report of
 * `recordCount` records, and the host actions recorded. Used by the reportMachine.*.test.ts files.
 */

type ActorName = keyof ReportActorOutputs;
type Stub<K extends ActorName> = (
  input: K extends keyof ReportActorInputs ? ReportActorInputs[K] : undefined,
) => Promise<ReportActorOutputs[K]>;
export type ActorStubs = { [K in ActorName]?: Stub<K> };

export function action(
  partial: Partial<QuickMenuAction> & Pick<QuickMenuAction, 'id' | 'method' | 'state'>,
): QuickMenuAction {
  return {
    alias: `core:${partial.state}`,
    name: partial.state,
    displayname: partial.state,
    emptyname: partial.state,
    multiname: partial.state,
    icon: '',
    eid: 0,
    order: 0,
    isbutton: false,
    ismenu: true,
    iscontext: true,
    isenabled: true,
    isnew: false,
    isselect: false,
    ismultiselect: false,
    issystem: true,
    ...partial,
  };
}

export const viewAction = action({ id: -10, method: 'navigate', state: 'viewForm', isselect: true });
export const editAction = action({ id: -11, method: 'navigate', state: 'editForm', isselect: true });
export const deleteAction = action({
  id: -12,
  method: 'delete',
  state: 'delete',
  isselect: true,
  ismultiselect: true,
});

export function quickMenu(actions: QuickMenuAction[] = [viewAction, editAction, deleteAction]): QuickMenu {
  return {
    actions,
    showNewMenu: true,
    showExportMenu: true,
    showEditInlineButton: true,
    showEditInlineMenu: true,
    showFormPanelButton: true,
    showFormPanelMenu: true,
  };
}

export const reportTitle = 'Open deals';

/** A report of `recordCount` records named 'Deal {n}' with ids 1..n; the answer honours startIndex and pageSize. */
export function reportAnswer(
  query: ReportActorInputs['fetchReportResults']['query'],
  recordCount: number,
): ReportRunResponse {
  const end = Math.min(recordCount, query.startIndex + query.pageSize);
  const gdata = [];
  for (let i = query.startIndex; i < end; i++) gdata.push({ eid: i + 1, values: [{ val: `Deal ${i + 1}` }] });
  return {
    ...(query.metadata === 'none'
      ? {}
      : {
          meta: {
            title: reportTitle,
            rootTypeId: 10_001,
            rcols: {
              name: { title: 'Name', type: 'String' as const, ord: 0, hide: false, entityname: true },
            },
            sort: [{ colid: 'name', order: 'Ascending' as const }],
            anlcols: {},
          },
        }),
    gdata,
    pageSize: query.pageSize,
    lrt: '2026-11-22T03:00:00.000Z',
  };
}

export function startReport(
  options: { input?: Partial<ReportMachineInput>; stubs?: ActorStubs; recordCount?: number } = {},
) {
  const recordCount = options.recordCount ?? 450;
  const defaults: ActorStubs = {
    fetchTenantSettings: async () => ({
      tenantName: 'Acme',
      currencySymbol: '€',
      nameFieldLabel: 'Title',
      timeZone: 'Europe/Paris',
      locale: 'fr-FR',
      financialYearStartMonth: 1,
      confirmExternalLinks: true,
    }),
    fetchReportResults: async ({ query }) => reportAnswer(query, recordCount),
    fetchQuickMenuActions: async () => quickMenu(),
    fetchReportEntity: async () => ({ typeAlias: 'test:deal', typeName: 'Deal', inheritedTypeAliases: [] }),
    fetchIsOfTypeRelationshipId: async () => 77,
    fetchPersonDerivedTypes: async () => [8, 9],
    // Deals depend on nothing unless a test says so.
    fetchDeleteDetails: async ({ ids }) => ({
      entities: ids.map((id) => ({ id, name: `Deal ${id}`, typeName: 'Deal' })),
      dependents: [],
      related: [],
    }),
    deleteEntities: async ({ ids }) => ({ deleted: ids }),
  };
  const stubs = { ...defaults, ...options.stubs };
  const calls = Object.fromEntries(Object.keys(stubs).map((name) => [name, [] as unknown[]])) as Record<
    ActorName,
    unknown[]
  >;
  const actors: Record<string, AnyActorLogic> = {};
  for (const [name, stub] of Object.entries(stubs)) {
    actors[name] = fromPromise(async ({ input }: { input: unknown }) => {
      calls[name as ActorName].push(input);
      return (stub as (input: unknown) => Promise<unknown>)(input);
    });
  }
  const toasts: ToastRequest[] = [];
  const intents: NavigationIntent[] = [];
  const downloads: ExportDownload[] = [];
  const hostActions: HostActionRequest[] = [];
  const reportedSelections: number[][] = [];
  const resetColumnState = vi.fn();
  const leave = vi.fn();
  const machine = reportMachine.provide({
    actors: actors as never,
    actions: {
      notify: (_, toast) => toasts.push(toast),
      navigate: (_, intent) => intents.push(intent),
      downloadFile: (_, file) => downloads.push(file),
      runHostAction: (_, request) => hostActions.push(request),
      resetColumnState,
      reportSelection: (_, ids) => reportedSelections.push(ids),
      leave,
    },
  });
  const actor = createActor(machine, { input: { reportId: 501, ...options.input } });
  actor.start();
  const snapshot = () => actor.getSnapshot() as ReportSnapshot;
  /** Waits until the machine is ready and idle (no fetch running). */
  const settled = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  const queries = () =>
    (calls.fetchReportResults as ReportActorInputs['fetchReportResults'][]).map((c) => c.query);
  return {
    actor,
    snapshot,
    settled,
    calls,
    queries,
    toasts,
    intents,
    downloads,
    hostActions,
    reportedSelections,
    resetColumnState,
    leave,
  };
}

/** A promise resolved or rejected from the test. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run. */
export async function flush() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
