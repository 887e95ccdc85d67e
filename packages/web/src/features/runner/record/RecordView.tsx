import { Button, ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { useEffect } from 'react';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { BreadcrumbBar } from '../breadcrumbs/public';
import { RecordDeleteDialog, useRecordDelete } from '../deleteRecord/public';
import type { RunnerQuery } from '../runnerQuery';
import { useTenantSettings } from '../tenantSettings/TenantSettingsProvider';
import { recordFieldRows, recordTitle } from './recordFields';
import { useRecordDetails } from './useRecordDetails';

export interface RecordViewProps {
  mode: 'create' | 'edit' | 'view';
  query: RunnerQuery;
  /** In a modal: no breadcrumbs or document title; the title goes to the modal. */
  isEmbedded?: boolean;
  onTitle?: (title: string) => void;
  /** Where to go once the record is deleted; without it the record offers no Delete. */
  onDeleted?: () => void;
}

/**
 * The record routes (spec 01 §2 `_createRecord`, `_editRecord`, `_viewRecord`) until record forms
 * come (decision 0067): the type's edit-record page is found, and the record's fields are shown
 * read-only in a generated form — a new record's fields with their defaults — with a note saying so.
 */
export function RecordView({ mode, query, isEmbedded = false, onTitle, onDeleted }: RecordViewProps) {
  const state = useRecordDetails(mode, query.cid, query.pageId);
  const recordDelete = useRecordDelete({
    onFinished: (outcome) => {
      if (outcome.outcome === 'deleted') onDeleted?.();
    },
  });
  const { settings: tenant } = useTenantSettings();
  const settings = {
    locale: tenant.locale,
    currencySymbol: tenant.currencySymbol,
    timeZone: tenant.timeZone,
  };
  const details = state.status === 'ready' ? state.details : null;
  const title = details ? recordTitle(mode, details.record?.name ?? null, details.type.type.name) : undefined;
  useDocumentTitle(isEmbedded ? undefined : title);
  useEffect(() => {
    if (title) onTitle?.(title);
  }, [title, onTitle]);
  if (state.status === 'failed') return <ErrorDisplay message={state.message} homeHref="/apps" />;
  if (!details) return <LoadingGrid columns={2} rows={6} />;
  const rows = recordFieldRows(
    details.type.fields,
    details.type.relationships,
    details.record?.values ?? null,
    settings,
  );
  const pageName = details.page?.page.name;
  const record = details.record;
  return (
    <section className="pl-record-view" aria-label={title}>
      {!isEmbedded && <BreadcrumbBar currentName={details.record?.name ?? title} />}
      {!isEmbedded && <h1>{title}</h1>}
      <p className="pl-record-view__note" role="note">
        {mode === 'create'
          ? `Creating records here comes with record forms. These are the fields a new ${details.type.type.name} starts with, read-only.`
          : 'Editing here comes with record forms. The record’s fields are shown read-only.'}
        {pageName ? ` Its page: ${pageName}.` : ''}
      </p>
      {record?.canDelete && onDeleted && (
        <div className="pl-record-view__actions">
          <Button
            variant="outline"
            onPress={() =>
              recordDelete.start({ id: record.id, name: record.name, typeName: details.type.type.name })
            }
          >
            Delete
          </Button>
        </div>
      )}
      <dl className="pl-record-view__fields">
        {rows.map((row) => (
          <div key={row.key} className="pl-record-view__field">
            <dt>{row.label}</dt>
            <dd className={row.isMultiline ? 'is-multiline' : undefined}>{row.text || '—'}</dd>
          </div>
        ))}
      </dl>
      <RecordDeleteDialog recordDelete={recordDelete} />
    </section>
  );
}
