import type { CsvPreviewResponse, CsvRowProblem } from '@plinth/schema';
import { Button } from '@plinth/ui';

export interface CsvPreviewStepProps {
  columns: readonly string[];
  preview: CsvPreviewResponse;
  /** The bad rows the import itself found (the put's refusals), when it was refused. */
  refused: { message: string; badRows: CsvRowProblem[]; badRowCount: number } | null;
  excluded: ReadonlySet<number>;
  onExcludedChange: (lines: Set<number>) => void;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function problemText(messages: CsvRowProblem['messages']): string {
  return messages.map((m) => (m.column ? `${m.column}: ${m.message}` : m.message)).join(' ');
}

/** The first rows as they would be imported, every bad row by its line, and excluding rows. */
export function CsvPreviewStep({
  columns,
  preview,
  refused,
  excluded,
  onExcludedChange,
}: CsvPreviewStepProps) {
  const badRows = refused && refused.badRows.length > 0 ? refused.badRows : preview.badRows;
  const badCount = refused && refused.badRows.length > 0 ? refused.badRowCount : preview.badRowCount;
  const toggle = (line: number, isExcluded: boolean) => {
    const next = new Set(excluded);
    if (isExcluded) next.add(line);
    else next.delete(line);
    onExcludedChange(next);
  };
  return (
    <div className="pl-csv-import__preview">
      <p aria-live="polite">
        {plural(preview.rowCount, 'row', 'rows')}: {plural(preview.importableCount, 'is ready', 'are ready')}{' '}
        to import, {plural(badCount, 'has problems', 'have problems')},{' '}
        {plural(preview.excludedCount, 'is', 'are')} excluded.
      </p>
      {refused && (
        <p role="alert" className="pl-csv-import__error">
          {refused.message}
        </p>
      )}
      {preview.mappingProblems.length > 0 && (
        <ul role="alert" className="pl-csv-import__error">
          {preview.mappingProblems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {badRows.length > 0 && (
        <section aria-labelledby="csv-bad-rows" className="pl-csv-import__bad">
          <div className="pl-csv-import__bad-head">
            <h3 id="csv-bad-rows">Rows with problems</h3>
            <Button
              size="small"
              variant="outline"
              onPress={() => onExcludedChange(new Set([...excluded, ...badRows.map((r) => r.line)]))}
            >
              Exclude {badRows.length === 1 ? 'this row' : `these ${badRows.length.toLocaleString()} rows`}
            </Button>
          </div>
          {badCount > badRows.length && (
            <p>
              The first {badRows.length.toLocaleString()} of {badCount.toLocaleString()} are listed.
            </p>
          )}
          <ul className="pl-csv-import__bad-list">
            {badRows.map((row) => (
              <li key={row.line}>
                <label>
                  <input
                    type="checkbox"
                    checked={excluded.has(row.line)}
                    onChange={(event) => toggle(row.line, event.target.checked)}
                  />{' '}
                  Exclude
                </label>{' '}
                <strong>Line {row.line}</strong>: {problemText(row.messages)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* A heading, not a caption: the table's sticky header would sit above a caption. */}
      <h3 id="csv-first-rows" className="pl-csv-import__caption">
        The first rows
      </h3>
      <div className="pl-csv-import__scroll">
        <table className="pl-admin__table pl-csv-import__table" aria-labelledby="csv-first-rows">
          <thead>
            <tr>
              <th scope="col">Line</th>
              {columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the file
                <th scope="col" key={i}>
                  {c}
                </th>
              ))}
              <th scope="col">Messages</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr
                key={row.line}
                className={row.messages.length > 0 && !row.isExcluded ? 'pl-csv-import__row--bad' : undefined}
              >
                <td data-label="Line">{row.line}</td>
                {columns.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions of the row
                  <td data-label={c} key={i}>
                    {row.cells[i] ?? ''}
                  </td>
                ))}
                <td data-label="Messages">
                  {row.isExcluded ? 'Excluded' : problemText(row.messages) || 'OK'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
