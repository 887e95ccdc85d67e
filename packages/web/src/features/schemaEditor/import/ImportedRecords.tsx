import { type CellTextSettings, cellText, defaultCellTextSettings } from '@plinth/grid';
import type { ReportRunResponse } from '@plinth/schema';
import { LoadingGrid } from '@plinth/ui';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../auth/public';
import { failureMessage } from '../serverErrors';
import type { CsvImportApi } from './csvImportApi';

export interface ImportedRecordsProps {
  api: CsvImportApi;
  typeId: number;
}

/** The type's records as its display report lists them: the first 50, with its columns, as the grid shows values. */
export function ImportedRecords({ api, typeId }: ImportedRecordsProps) {
  const { session } = useSession();
  const settings: CellTextSettings = useMemo(
    () =>
      session.status === 'signedIn'
        ? { ...defaultCellTextSettings, ...session.settings }
        : defaultCellTextSettings,
    [session],
  );
  const [report, setReport] = useState<ReportRunResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.records(typeId, controller.signal).then(setReport, (failure) => {
      if (!controller.signal.aborted) setError(failureMessage(failure));
    });
    return () => controller.abort();
  }, [api, typeId]);
  if (error) return <p role="alert">{error}</p>;
  if (!report?.meta) return <LoadingGrid columns={4} rows={5} />;
  const columns = Object.values(report.meta.rcols)
    .filter((c) => !c.hide)
    .sort((a, b) => a.ord - b.ord);
  const rows = report.gdata.slice(0, 50);
  return (
    <div className="pl-csv-import__scroll">
      <table className="pl-admin__table pl-csv-import__table">
        <caption>
          {report.meta.title}: the first {rows.length.toLocaleString()} records
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.ord}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.eid}>
              {columns.map((c) => (
                <td data-label={c.title} key={c.ord}>
                  {cellText(
                    c.places === undefined ? { type: c.type } : { type: c.type, places: c.places },
                    row.values[c.ord],
                    settings,
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
