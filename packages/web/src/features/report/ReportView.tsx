import { DocumentDropArea, imageUrl, ReplaceDocumentDialog } from '@plinth/fields';
import {
  type Breakpoint,
  canUseGrid,
  countText,
  DataGrid,
  deleteConfirmation,
  FilterChips,
  type HostActionRequest,
  hasUnsavedChanges,
  isFetchingRows,
  isPleaseWaitShown,
  isSameDeleteConfirmation,
  type NavigationIntent,
  openDialog,
  pagerSlots,
  type QueryCondition,
  type ReportUsage,
  useContainerWidth,
  useToolbarState,
} from '@plinth/grid';
import type { IdOrAlias } from '@plinth/schema';
import { breakpoints, ContextMenu, ErrorDisplay } from '@plinth/ui';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { documentServicesFor, downloadFile, previewFile } from '../../api/fileApi';
import { reportApi } from '../../api/reportApi';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from '../auth/public';
import { generateDocument } from '../documentTemplates/public';
import { keptViewKey } from '../keptReportViews/public';
import { pickerSource } from '../pickerData/public';
import { runAndAnnounce } from '../workflowRuns/public';
import { ConfirmResetDialog, DeleteConfirmDialog, UnsavedChangesDialog } from './ReportDialogs';
import { PleaseWaitOverlay, ReportPlaceholder } from './ReportOverlays';
import { ReportPager } from './ReportPager';
import { ReportToolbar } from './ReportToolbar';
import { readOnlyActions, readOnlyIntent } from './readOnlyReport';
import { provideReportMachine, type ReportHost } from './reportServices';
import { actionKey, actionLabel, toolbarActions } from './toolbarActions';
import { useGridSort, useKeepReportView, useKeptReportView } from './useKeptReportView';
import { useMasterConditions, useSelectionReport } from './useMasterConditions';
import { useRecordHistory } from './useRecordHistory';
import { useReportRows } from './useReportRows';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

export interface ReportViewProps {
  reportId: IdOrAlias;
  usage?: ReportUsage;
  onNavigate: (intent: NavigationIntent) => void;
  /** The user chose to leave after the unsaved-changes question. */
  onLeave?: () => void;
  /** Opens the same report in the full-view modal (with its title); absent inside it. */
  onFullView?: (title: string) => void;
  /** Whether inline edits are waiting to be saved changed (the full view asks before closing). */
  onUnsavedChangesChange?: (hasUnsavedChanges: boolean) => void;
  /** The tenant of a public report (anonymous callers have no session). */
  tenant?: string;
  /** Rows the grid shows before it scrolls (the full view is taller). */
  height?: number | string;
  /** The header with the report's title; off where the host shows the title (the full view). */
  showHeader?: boolean;
  /** Hears the report's title once read (a host that frames the report names its frame by it). */
  onTitle?: (title: string) => void;
  /** A page's master filter conditions (spec 03 §3); a change reads the report again. */
  masterConditions?: readonly QueryCondition[];
  /** A page's refresh count: each change reads the report again. */
  refreshToken?: number;
  /** The selected records changed (a page publishes them as a variable). */
  onSelectionChange?: (selectedIds: readonly number[]) => void;
  /**
   * Read-only (a page's read-only behaviour): nothing that creates, changes or deletes records is
   * offered, and records open in view mode (decision 0109).
   */
  isReadOnly?: boolean;
  /** A document generated from a template was downloaded (a page posts EXPORT_DOCUMENT_COMPLETED). */
  onDocumentGenerated?: () => void;
}

function breakpointOf(width: number): Breakpoint {
  return width >= breakpoints.lg ? 'lg' : width >= breakpoints.md ? 'md' : 'sm';
}

/**
 * The report (data-table) component of spec 02: header, toolbar, grid, footer and dialogs over
 * the report machine. The machine owns the state; this view reads it with selectors and sends
 * events.
 */
export function ReportView({
  reportId,
  usage = 'run',
  onNavigate,
  onLeave,
  onFullView,
  onUnsavedChangesChange,
  tenant,
  height,
  showHeader = true,
  onTitle,
  masterConditions,
  refreshToken,
  onSelectionChange,
  isReadOnly = false,
  onDocumentGenerated,
}: ReportViewProps) {
  const { client, session } = useSession();
  const api = useMemo(() => reportApi(client), [client]);
  const [replaceId, setReplaceId] = useState<number | null>(null);
  // The view the user changed is kept per tenant, user and report (decision 0035).
  const me = session.status === 'signedIn' ? session.me : undefined;
  const keptView = useKeptReportView(
    usage === 'run' && me ? keptViewKey(me.tenantId, me.userId, reportId) : undefined,
  );
  const [columnWidths, setColumnWidths] = useState<Record<string, number>>(
    () => keptView.initial?.widths ?? {},
  );
  const host = useRef<ReportHost>(null as unknown as ReportHost);
  const heldMove = useRef<(() => void) | null>(null);
  host.current = {
    tenant: tenant ?? (session.status === 'signedIn' ? session.tenant : ''),
    navigate: (intent) => {
      // A generate-document action runs here, on the report's selected record (decision 0129).
      if (intent.kind === 'documentExport') {
        const request = { recordId: intent.recordId, templateId: intent.templateId };
        void generateDocument(client, request, { onCompleted: () => onDocumentGenerated?.() });
        return;
      }
      // A run-workflow action runs here, on the report's selected record (decision 0126).
      if (intent.kind === 'workflowRun') {
        const recordId = intent.resourceIds?.[0];
        const inputs =
          intent.argumentName && recordId !== undefined
            ? [{ name: intent.argumentName, value: { id: Number(recordId) } }]
            : [];
        void runAndAnnounce(client, intent.workflowId, inputs).then((ran) => {
          if (!ran) return;
          actor.send({ type: 'REFRESH' });
          if (ran.pendingTask && !isReadOnly) onNavigate({ kind: 'task', taskId: ran.pendingTask.id });
        });
        return;
      }
      const allowed = isReadOnly ? readOnlyIntent(intent) : intent;
      if (allowed) onNavigate(allowed);
    },
    masterConditions,
    runHostAction: (request) => runDocumentAction(request),
    resetColumnState: () => {
      setColumnWidths({});
      keptView.clear();
    },
    leave: () => {
      // The user left after the 'Unsaved changes' question: make the move that was held.
      const proceed = heldMove.current;
      heldMove.current = null;
      proceed?.();
      onLeave?.();
    },
  };
  const isPublic = usage === 'public';
  const machine = useMemo(
    () => provideReportMachine(client, api, () => host.current, { isPublic }),
    [client, api, isPublic],
  );
  const actor = useActorRef(machine, {
    input: { reportId, usage, ...(keptView.initial ? { view: keptView.initial } : {}) },
  });
  const send = actor.send;

  const runDocumentAction = ({ action, selectedIds }: HostActionRequest) => {
    const id = selectedIds[0];
    if (id === undefined) return;
    if (action.state === 'downloadDocument') downloadFile(id);
    else if (action.state === 'previewFile') void previewFile(client, id);
    else if (action.state === 'replaceDocument' && !isReadOnly) setReplaceId(id);
    else if (action.state === 'viewInFormPanel') onNavigate({ kind: 'viewForm', recordId: id });
  };

  const meta = useSelector(actor, (s) => s.context.meta);
  const errorText = useSelector(actor, (s) => s.context.errorText);
  const isUsable = useSelector(actor, canUseGrid);
  const isLoading = useSelector(actor, isFetchingRows);
  const isBusy = useSelector(actor, isPleaseWaitShown);
  const dialog = useSelector(actor, openDialog);
  const deleteConfirm = useSelector(actor, deleteConfirmation, isSameDeleteConfirmation);
  const footerText = useSelector(actor, countText);
  const page = useSelector(actor, (s) => s.context.page);
  const pages = useSelector(actor, (s) => s.context.availablePagesCount);
  const slots = useSelector(actor, pagerSlots, (a, b) => a.join() === b.join());
  const isDocumentReport = useSelector(actor, (s) => s.context.reportEntity?.typeAlias === 'core:document');
  const grid = useReportRows(actor);
  useMasterConditions(actor, masterConditions, refreshToken);
  useSelectionReport(grid.selectedIds, onSelectionChange);
  const isDirty = useSelector(actor, hasUnsavedChanges);
  // The page's own report names the page; one inside the full view leaves that to its page.
  useDocumentTitle(showHeader ? (meta?.title ?? 'Report') : undefined);
  const title = meta?.title;
  useEffect(() => {
    if (title) onTitle?.(title);
  }, [title, onTitle]);
  useUnsavedChangesGuard(isDirty, onUnsavedChangesChange, (proceed) => {
    heldMove.current = proceed;
    send({ type: 'REQUEST_LEAVE' });
  });

  const containerRef = useRef<HTMLElement>(null);
  const width = useContainerWidth(containerRef) || breakpoints.lg;
  const breakpoint = breakpointOf(width);
  const toolbar = useToolbarState(
    meta,
    { currencySymbol: grid.textSettings.currencySymbol },
    keptView.restore,
  );
  useKeepReportView(keptView, actor, { meta, toolbar, widths: columnWidths });
  const gridSort = useGridSort(toolbar, send, grid.mode === 'inlineEditing');
  const pickers = useMemo(() => pickerSource(client), [client]);
  const documents = useMemo(() => documentServicesFor(client), [client]);
  const actions = isReadOnly ? readOnlyActions(grid.actions) : grid.actions;
  const contextItems = toolbarActions(actions, grid.mode).context.map((a) => ({
    id: actionKey(a),
    label: actionLabel(a, grid.selectedIds.length),
    isDisabled: !grid.isEnabled(a),
    onAction: () => send({ type: 'RUN_ACTION', action: a }),
  }));
  const history = useRecordHistory(client, grid.selectedIds, !isPublic && grid.mode !== 'inlineEditing');

  if (usage === 'build') return <ReportPlaceholder kind="build" />;
  // A report that could not be read at all (missing, not allowed) has nothing to search, page or act
  // on: only its error shows. A later failure keeps the toolbar, so the user can refresh.
  if (errorText && !meta) {
    return (
      <section className="pl-report" aria-label="Report" ref={containerRef}>
        {/* Its heading is what the document title says of a report it cannot read. */}
        {showHeader && (
          <header className="pl-report__header">
            <h1 className="pl-report__title">Report</h1>
          </header>
        )}
        <ErrorDisplay message={errorText} homeHref="/apps" />
      </section>
    );
  }
  return (
    <section className="pl-report" aria-label={meta?.title ?? 'Report'} ref={containerRef}>
      {showHeader && (
        <header className="pl-report__header">
          {meta?.title ? <h1 className="pl-report__title">{meta.title}</h1> : null}
        </header>
      )}
      <ReportToolbar
        actor={actor}
        toolbar={toolbar}
        breakpoint={breakpoint}
        pickerDataSource={pickers}
        moreItems={history.menuItems}
        isReadOnly={isReadOnly}
        {...(onFullView ? { onFullView: () => onFullView(meta?.title ?? '') } : {})}
      />
      {/* The applied filters as chips; a chip's clear button applies the rest (spec 02 §2). */}
      <FilterChips
        state={toolbar.filterState}
        onApply={(query, next) => {
          toolbar.setFilterState(next);
          send({ type: 'APPLY_FILTERS', conds: query.conds, limitValue: query.limitValue });
        }}
      />
      {isDocumentReport && usage === 'run' && !isReadOnly && (
        <DocumentDropArea
          uploadDocument={documents.uploadDocument}
          onUploaded={() => send({ type: 'REFRESH' })}
        />
      )}
      {errorText ? (
        <ErrorDisplay message={errorText} homeHref="/apps" />
      ) : !isLoading && !meta ? (
        <ReportPlaceholder kind="notConfigured" />
      ) : (
        <ContextMenu items={[...contextItems, ...history.menuItems]} aria-label="Record actions">
          <DataGrid
            label={meta?.title ?? 'Report'}
            meta={meta}
            rows={grid.rows}
            groups={grid.groups}
            groupsWithMore={grid.groupsWithMore}
            {...(grid.total ? { total: grid.total } : {})}
            mode={grid.mode}
            selectedIds={grid.selectedIds}
            isLoading={!isUsable && isLoading}
            columnOptions={grid.columnOptions}
            textSettings={grid.textSettings}
            imageUrl={(id, size) => imageUrl(Number(id), size)}
            columnWidths={columnWidths}
            onColumnWidthsChange={setColumnWidths}
            onSelectionChange={(ids) => send({ type: 'SELECT_ROWS', ids })}
            onRowDoubleClick={(row) => send({ type: 'OPEN_ROW', eid: row.eid })}
            onRowContextMenu={(row) => {
              if (!grid.selectedIds.includes(row.eid)) send({ type: 'SELECT_ROWS', ids: [row.eid] });
            }}
            onNearEnd={() => send({ type: 'LOAD_NEXT_PAGE' })}
            onGroupLoadMore={(group) => send({ type: 'LOAD_MORE_IN_GROUP', groupKey: group.key })}
            {...gridSort}
            onPreviewFile={(row) => void previewFile(client, row.eid)}
            inlineEdit={grid.inlineEdit(pickers)}
            emptyState={<p className="pl-report__empty">No records to show.</p>}
            {...(height !== undefined ? { height } : {})}
          />
        </ContextMenu>
      )}
      <footer className="pl-report__footer">
        <span className="pl-report__count" aria-live="polite">
          {/* No count for a report that failed to load ('0 of many' would be a guess). */}
          {errorText ? '' : footerText}
        </span>
        <ReportPager
          page={page}
          availablePagesCount={pages}
          slots={slots}
          containerWidth={width}
          breakpoint={breakpoint}
          isDisabled={!isUsable}
          onGotoPage={(p) => send({ type: 'GOTO_PAGE', page: p })}
          onPrevious={() => send({ type: 'PREVIOUS_PAGE' })}
          onNext={() => send({ type: 'NEXT_PAGE' })}
        />
      </footer>
      {isBusy && <PleaseWaitOverlay />}
      <DeleteConfirmDialog
        confirmation={deleteConfirm}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
      <ConfirmResetDialog
        isOpen={dialog === 'confirmReset'}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
      <UnsavedChangesDialog
        isOpen={dialog === 'unsavedChanges'}
        onLeaveAndSave={() => send({ type: 'LEAVE_AND_SAVE' })}
        onLeave={() => send({ type: 'LEAVE' })}
        onStay={() => send({ type: 'STAY' })}
      />
      {history.dialog}
      {replaceId !== null && (
        <ReplaceDocumentDialog
          documentId={replaceId}
          services={documents}
          onClose={() => setReplaceId(null)}
          onReplaced={() => send({ type: 'REFRESH' })}
        />
      )}
    </section>
  );
}
