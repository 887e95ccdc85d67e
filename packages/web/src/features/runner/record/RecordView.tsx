import type { CellTextSettings } from '@plinth/grid';
import { ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { navigate, useLocation } from '../../../app/router';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { RecordForm, type RecordFormMode } from '../../forms/public';
import { createPageBus } from '../../pages/public';
import { BreadcrumbBar, useRecordVisit, withTrail } from '../breadcrumbs/public';
import { RecordDeleteDialog, useRecordDelete } from '../deleteRecord/public';
import { useUnsavedPageGuard } from '../page/useUnsavedPageGuard';
import type { RunnerQuery } from '../runnerQuery';
import { readRuntimeOptions } from '../runtimeOptions';
import { useTenantSettings } from '../tenantSettings/TenantSettingsProvider';
import { FormPageRecord, isFormPage } from './FormPageRecord';
import { RecordActions } from './RecordActions';
import { recordTitle } from './recordFields';
import { useRecordDetails } from './useRecordDetails';

export interface RecordViewProps {
  mode: 'create' | 'edit' | 'view';
  query: RunnerQuery;
  /** In a modal: no breadcrumbs or document title; the title goes to the modal. */
  isEmbedded?: boolean;
  onTitle?: (title: string) => void;
  /** Where to go once the record is deleted; without it the record offers no Delete. */
  onDeleted?: () => void;
  /** The address of a new record of a type; without it the record offers no New. */
  createUrl?: (typeId: number) => string;
  /** The address of a task a workflow run from the record's actions waits for (decision 0126). */
  taskUrl?: (taskId: number) => string;
  /** Whether the form has unsaved changes (a modal asks before closing). */
  onDirtyChange?: (isDirty: boolean) => void;
  /** Shown above the form, under the title: the task the record is opened for (decision 0131). */
  banner?: ReactNode;
}

const formModes: Record<RecordViewProps['mode'], RecordFormMode> = {
  create: 'new',
  edit: 'edit',
  view: 'view',
};

/** After a new record is saved its route becomes the record's edit route (the URL names the record). */
function savedRecordUrl(id: number): string | null {
  const { pathname, search } = window.location;
  if (!pathname.endsWith('/_createRecord')) return null;
  const params = new URLSearchParams(search);
  params.set('cid', String(id));
  params.set('formMode', 'edit');
  return `${pathname.slice(0, -'_createRecord'.length)}_editRecord?${params}`;
}

/**
 * The record routes (spec 01 §2 `_createRecord`, `_editRecord`, `_viewRecord`): the record in its
 * form (issue 17, decision 0076) — viewed, edited or created — with Delete when it may be deleted.
 * A type whose record page has bound components shows that form page instead (decision 0094).
 */
export function RecordView({
  mode,
  query,
  isEmbedded = false,
  onTitle,
  onDeleted,
  createUrl,
  taskUrl,
  onDirtyChange,
  banner,
}: RecordViewProps) {
  const location = useLocation();
  const state = useRecordDetails(mode, query);
  const recordDelete = useRecordDelete({
    onFinished: (outcome) => {
      if (outcome.outcome === 'deleted') onDeleted?.();
    },
  });
  const { settings: tenant } = useTenantSettings();
  const settings: CellTextSettings = useMemo(
    () => ({ locale: tenant.locale, currencySymbol: tenant.currencySymbol, timeZone: tenant.timeZone }),
    [tenant.locale, tenant.currencySymbol, tenant.timeZone],
  );
  // A form page's bus, shared with the record's actions (a generated document is posted on it).
  const bus = useMemo(() => createPageBus(), []);
  const [formTitle, setFormTitle] = useState<string | undefined>(undefined);
  const [isDirty, setDirty] = useState(false);
  useUnsavedPageGuard(isDirty);
  // Once the saved form is no longer dirty (its leave guard gone), the route names the new record.
  const [savedUrl, setSavedUrl] = useState<string | null>(null);
  useEffect(() => {
    if (savedUrl && !isDirty) navigate(savedUrl, { replace: true });
  }, [savedUrl, isDirty]);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const details = state.status === 'ready' ? state.details : null;
  const title =
    formTitle ??
    (details ? recordTitle(mode, details.record?.name ?? null, details.type.type.name) : undefined);
  useDocumentTitle(isEmbedded ? undefined : title);
  useEffect(() => {
    if (title) onTitle?.(title);
  }, [title, onTitle]);
  const showsBreadcrumbs = !isEmbedded && readRuntimeOptions(query.rtOptions).showBreadcrumbs !== false;
  // Without its bar the record is still a step of the trail the next page shows.
  useRecordVisit({
    name: !isEmbedded && !showsBreadcrumbs && details ? (details.record?.name ?? title) : undefined,
  });
  if (state.status === 'failed')
    return (
      <>
        {banner}
        <ErrorDisplay message={state.message} homeHref="/apps" />
      </>
    );
  if (!details)
    return (
      <>
        {banner}
        <LoadingGrid columns={2} rows={6} />
      </>
    );
  const record = details.record;
  return (
    <section className="pl-record-view" aria-label={title}>
      {showsBreadcrumbs && <BreadcrumbBar currentName={details.record?.name ?? title} />}
      {!isEmbedded && <h1>{title}</h1>}
      {banner}
      {record && (
        <RecordActions
          typeId={details.type.type.id}
          recordId={record.id}
          bus={isFormPage(details.page) ? bus : undefined}
          onCreate={
            createUrl &&
            ((typeId) =>
              navigate(
                withTrail(createUrl(typeId), {
                  url: `${location.pathname}${location.search}${location.hash}`,
                  name: record.name ?? title ?? '',
                }),
              ))
          }
          onTask={taskUrl && ((taskId) => navigate(taskUrl(taskId)))}
          onDelete={
            onDeleted &&
            (() => recordDelete.start({ id: record.id, name: record.name, typeName: details.type.type.name }))
          }
        />
      )}
      {isFormPage(details.page) ? (
        <FormPageRecord
          page={details.page}
          type={details.type}
          mode={mode}
          record={record}
          link={details.link}
          bus={bus}
          onDirtyChange={setDirty}
          onSaved={(id, saved) => {
            if (saved === 'new') setSavedUrl(savedRecordUrl(id));
          }}
        />
      ) : (
        <RecordForm
          mode={formModes[mode]}
          entityId={record?.id}
          typeId={mode === 'create' ? details.type.type.id : undefined}
          preset={details.link ?? undefined}
          settings={settings}
          showTitle={false}
          onTitle={setFormTitle}
          onDirtyChange={setDirty}
          onSaved={(id, saved) => {
            if (saved === 'new') setSavedUrl(savedRecordUrl(id));
          }}
        />
      )}
      <RecordDeleteDialog recordDelete={recordDelete} />
    </section>
  );
}
