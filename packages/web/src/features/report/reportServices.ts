import {
  type HostActionRequest,
  type NavigationIntent,
  type QueryCondition,
  type ReportActorInputs,
  type ReportActorOutputs,
  reportMachine,
  type ToastRequest,
} from '@plinth/grid';
import {
  type EnumValue,
  type ReportQuery,
  type ReportRunResponse,
  sysRel,
  type TenantSettings,
} from '@plinth/schema';
import { toast } from '@plinth/ui';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/apiClient';
import { defaultFormCache } from '../../api/formApi';
import type { ReportApi } from '../../api/reportApi';
import {
  takePrefetchedPersonTypes,
  takePrefetchedQuickMenu,
  takePrefetchedReport,
  takePrefetchedReportEntity,
} from '../../api/reportPrefetch';
import { inlineEditFormFor, relatedTypeIds } from './inlineEditForm';

/** What the report needs from its host page: where intents lead and what the page does itself. */
export interface ReportHost {
  /** The tenant slug, for public reports. */
  tenant: string;
  navigate: (intent: NavigationIntent) => void;
  /** Conditions a page's master filter adds to every query, by the report's condition ids. */
  masterConditions?: readonly QueryCondition[] | undefined;
  /** Documents, the form panel and the like (actions the machine routes to the host). */
  runHostAction: (request: HostActionRequest) => void;
  /** Reset to default: column widths and the popups' stored state. */
  resetColumnState: () => void;
  /** The user chose to leave (no unsaved changes, or they were discarded or saved). */
  leave: () => void;
}

/** Spec 02 §8: a toast per request; uploads and the like choose their own position. */
export function showToast(request: ToastRequest): void {
  const options = request.text === undefined ? {} : { description: request.text };
  toast[request.kind](request.title, options);
}

/**
 * A call the app asked for while starting (api/reportPrefetch), else a call now. A prefetched
 * failure is the answer too: asking again would only make the failing call twice.
 */
const orAsk = <T>(prefetched: Promise<T> | undefined, ask: () => Promise<T>): Promise<T> =>
  prefetched ?? ask();

const withSignal = <I, O>(run: (input: I, signal: AbortSignal) => Promise<O>) =>
  fromPromise<O, I>(({ input, signal }) => run(input, signal));

/**
 * The report machine with its calls wired to the server (spec 02 §7) and its host actions to the
 * page. Failures are the machine's to handle: it ignores the ones the spec ignores.
 */
export function provideReportMachine(
  client: ApiClient,
  api: ReportApi,
  host: () => ReportHost,
  options: { isPublic?: boolean } = {},
) {
  type In = ReportActorInputs;
  type Out = ReportActorOutputs;
  // Asked once per type for the machine's life (spec 03 §4 keeps forms cached).
  const defaultForm = defaultFormCache(client);
  const machine = reportMachine.provide({
    actors: {
      fetchTenantSettings: fromPromise<TenantSettings, void>(() => client.tenantSettings()),
      fetchReportResults: withSignal<In['fetchReportResults'], Out['fetchReportResults']>(
        ({ reportId, usage, query }, signal) =>
          // Public reports are addressed by number only: an alias is not part of what they expose.
          usage === 'public'
            ? api.runPublicReport(host().tenant, Number(reportId), query, signal)
            : withMasterConditions(query, host().masterConditions, (q) =>
                orAsk(takePrefetchedReport(reportId, q), () => api.runReport(reportId, q, signal)),
              ),
      ),
      fetchQuickMenuActions: withSignal<In['fetchQuickMenuActions'], Out['fetchQuickMenuActions']>(
        ({ reportId, selectedIds }, signal) =>
          orAsk(takePrefetchedQuickMenu(reportId, selectedIds), () =>
            api.fetchQuickMenuActions({ reportId, selectedIds }, signal),
          ),
      ),
      fetchReportEntity: withSignal<In['fetchReportEntity'], Out['fetchReportEntity']>(
        ({ reportId }, signal) =>
          orAsk(takePrefetchedReportEntity(reportId), () => api.fetchReportEntity(reportId, signal)),
      ),
      // The is-of-type relationship is part of the system catalogue: no call needed.
      fetchIsOfTypeRelationshipId: fromPromise<number, void>(async () => sysRel.isOfType),
      fetchPersonDerivedTypes: fromPromise(({ signal }) =>
        orAsk(takePrefetchedPersonTypes(), () => api.fetchPersonDerivedTypeIds(signal)),
      ),
      exportReportData: withSignal<In['exportReportData'], Out['exportReportData']>(
        ({ reportId, format, query }, signal) => api.exportReport(reportId, query, format, signal),
      ),
      fetchRowEntity: withSignal<In['fetchRowEntity'], Out['fetchRowEntity']>(({ eid }, signal) =>
        api.fetchRowEntity(eid, signal),
      ),
      fetchPageAndEntityType: withSignal<In['fetchPageAndEntityType'], Out['fetchPageAndEntityType']>(
        async ({ reportId }, signal) => {
          const { meta } = await api.runReport(reportId, { pageSize: 0, metadata: 'colbasic' }, signal);
          if (!meta) return { fields: {} };
          // Without its form (not readable, say) the row type's own rules still apply; the save checks the rest.
          const [schema, form] = await Promise.all([
            api.fetchEntityTypeSchema(meta.rootTypeId, signal),
            defaultForm(meta.rootTypeId, signal).catch(() => undefined),
          ]);
          const related = await Promise.all(
            relatedTypeIds(meta, schema).map((id) => api.fetchEntityTypeSchema(id, signal)),
          );
          const choices = new Map<number, EnumValue[]>();
          await Promise.all(
            related
              .filter((r) => r.type.isChoiceType)
              .map(async (r) => choices.set(r.type.id, await client.enumValues(r.type.id, signal))),
          );
          const typeNames = new Map(related.map((r) => [r.type.id, r.type.name]));
          return {
            fields: inlineEditFormFor(meta, { schema, choices, typeNames, ...(form ? { form } : {}) }),
          };
        },
      ),
      fetchEntityForInlineEdit: withSignal<In['fetchEntityForInlineEdit'], unknown>(({ eid }, signal) =>
        api.fetchEntity(eid, undefined, signal),
      ),
      // No page behaviours run in the report yet, so nothing is ever pending.
      waitForPendingBehaviour: fromPromise<void>(async () => undefined),
      saveModifiedEntities: withSignal<In['saveModifiedEntities'], Out['saveModifiedEntities']>(
        ({ records }, signal) => api.saveModifiedEntities(records, signal),
      ),
      fetchDeleteDetails: withSignal<In['fetchDeleteDetails'], Out['fetchDeleteDetails']>(({ ids }, signal) =>
        api.fetchDeleteDetails(ids, signal),
      ),
      // The delete takes only what the confirmation showed (decision 0033).
      deleteEntities: withSignal<In['deleteEntities'], unknown>(({ ids, shown }, signal) =>
        api.deleteEntities(ids, signal, shown),
      ),
    },
    actions: {
      notify: (_, request) => showToast(request),
      navigate: (_, intent) => host().navigate(intent),
      downloadFile: (_, download) => api.downloadExport(download, download.title),
      runHostAction: (_, request) => host().runHostAction(request),
      resetColumnState: () => host().resetColumnState(),
      leave: () => host().leave(),
    },
  });
  // A public report exposes only its rows: anonymous callers get no actions and no record reads.
  return options.isPublic
    ? machine.provide({
        actors: {
          fetchQuickMenuActions: fromPromise<Out['fetchQuickMenuActions'], In['fetchQuickMenuActions']>(
            async () => emptyQuickMenu,
          ),
          fetchReportEntity: fromPromise<Out['fetchReportEntity'], In['fetchReportEntity']>(async () => ({})),
          fetchPersonDerivedTypes: fromPromise<number[], void>(async () => []),
          fetchRowEntity: fromPromise<Out['fetchRowEntity'], In['fetchRowEntity']>(async ({ input }) => ({
            id: input.eid,
          })),
        },
      })
    : machine;
}

const emptyQuickMenu: ReportActorOutputs['fetchQuickMenuActions'] = {
  actions: [],
  showNewMenu: false,
  showExportMenu: false,
  showEditInlineButton: false,
  showEditInlineMenu: false,
  showFormPanelButton: false,
  showFormPanelMenu: false,
};

/**
 * The query with a master filter's conditions (spec 03 §3): each replaces the report's own
 * condition of the same id; without any, the query is asked as it is (and may be prefetched). The
 * conditions the page's filter drives are hidden from the report's own Filter popup and chips in
 * the answer: the page's filter owns them (decision 0070).
 */
async function withMasterConditions(
  query: ReportQuery,
  master: readonly QueryCondition[] | undefined,
  ask: (query: ReportQuery) => Promise<ReportRunResponse>,
): Promise<ReportRunResponse> {
  if (!master || master.length === 0) return ask(query);
  const ids = new Set(master.map((c) => c.expid));
  const conds = [...(query.conds ?? []).filter((c) => !ids.has(c.expid)), ...master];
  const answer = await ask({ ...query, conds });
  if (!answer.meta) return answer;
  const anlcols = Object.fromEntries(
    Object.entries(answer.meta.anlcols).map(([id, c]) => [id, ids.has(id) ? { ...c, hidden: true } : c]),
  );
  return { ...answer, meta: { ...answer.meta, anlcols } };
}
