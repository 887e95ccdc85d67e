import { Button, ConfirmDialog, toast } from '@plinth/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../app/router';
import { toastSaved } from './savedToast';
import type { ReportChoice, SchemaApi, TypeUsage } from './schemaApi';
import { failureMessage } from './serverErrors';

/**
 * The app the Object's form and reports open in: the shared app, which every tenant has and which
 * holds the form pages (decision 0111). The runner opens any record or report in any app.
 */
const appPath = '/apps/shared';

export interface ObjectRecordsPanelProps {
  api: SchemaApi;
  typeId: number;
  /** An abstract Object has no records of its own: no form, no report of its own to make. */
  isAbstract: boolean;
  /** Changes when the records may have changed (an import): the count is read again. */
  refreshToken: number;
}

const recordsText = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'record' : 'records'}`;

/**
 * The Object's records as a builder reaches them (decision 0111): how many there are, its default
 * form to make one, and the reports listing them in the runner — made here, opened, deleted.
 */
export function ObjectRecordsPanel({ api, typeId, isAbstract, refreshToken }: ObjectRecordsPanelProps) {
  const [usage, setUsage] = useState<TypeUsage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<ReportChoice | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setUsage(await api.usage(typeId, signal));
        setError(null);
      } catch (failure) {
        if (!signal?.aborted) setError(failureMessage(failure));
      }
    },
    [api, typeId],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token asks for a fresh count
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, refreshToken]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await load();
    } catch (failure) {
      toast.error(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const createReport = () =>
    run(async () => {
      const report = await api.createReport(typeId);
      toastSaved(`Report '${report.name}' created.`);
    });
  const deleteReport = (report: ReportChoice) =>
    run(async () => {
      await api.put([], [report.id]);
      toastSaved(`Report '${report.name}' successfully deleted.`);
    });

  return (
    <section className="pl-admin__panel pl-schema__records" aria-labelledby="records-title">
      <div className="pl-admin__panel-head">
        <h2 id="records-title">Records</h2>
        {!isAbstract && (
          <div className="pl-admin__actions">
            <Link
              to={`${appPath}/_createRecord?cid=${typeId}`}
              className="pl-button pl-button--outline pl-button--standard"
            >
              New record
            </Link>
            <Button variant="outline" isDisabled={isBusy} onPress={() => void createReport()}>
              New report
            </Button>
          </div>
        )}
      </div>
      {error && <p role="alert">{error}</p>}
      {usage && (
        <>
          <p className="pl-schema__record-count">{recordsText(usage.recordCount)}</p>
          {usage.reports.length === 0 ? (
            <p className="pl-admin__muted">
              No report lists them yet. A new report shows every field; it opens in the app runner.
            </p>
          ) : (
            <>
              <h3 id="object-reports" className="pl-schema__reports-label">
                Reports
              </h3>
              <ul className="pl-schema__reports" aria-labelledby="object-reports">
                {usage.reports.map((report) => (
                  <li key={report.id}>
                    <Link to={`${appPath}/_report/${report.id}`}>{report.name}</Link>
                    <Button
                      size="small"
                      variant="outline"
                      aria-label={`Delete the report ${report.name}`}
                      isDisabled={isBusy}
                      onPress={() => setDeleting(report)}
                    >
                      Delete
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title="Confirm delete"
          message={`Are you sure that you want to delete Report '${deleting.name}'?`}
          isOpen
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const report = deleting;
            setDeleting(null);
            void deleteReport(report);
          }}
        />
      )}
    </section>
  );
}
