import { useEffect, useState } from 'react';
import { messageOf, PropertySelect } from '../../admin/public';
import type { ColumnChoice, ReportChoices } from './propertyServices';

export interface ReportColumnPickerProps {
  label: string;
  /** The component's report; its columns are the choices. */
  reportId: number | undefined;
  value: string | undefined;
  /** A column's id, or undefined for none. */
  onChange: (columnId: string | undefined) => void;
  reports: ReportChoices;
}

/** The choice of no column (a collection key cannot be empty). */
const none = '-';

/**
 * Chooses a column of the component's report (a chart's category, a chart's or counter's value).
 * Until a report is chosen there is nothing to choose; a column the report no longer has is shown
 * by its id, so it can be seen and replaced.
 */
export function ReportColumnPicker({ label, reportId, value, onChange, reports }: ReportColumnPickerProps) {
  const [columns, setColumns] = useState<ColumnChoice[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setColumns([]);
    setError(null);
    if (reportId === undefined) return;
    const abort = new AbortController();
    reports
      .columnsOf(reportId, abort.signal)
      .then(setColumns, (e: unknown) => abort.signal.aborted || setError(messageOf(e)));
    return () => abort.abort();
  }, [reports, reportId]);
  if (reportId === undefined) return <p className="pl-field__hint">{label}: choose the report first.</p>;
  const isListed = value === undefined || columns.some((c) => c.id === value);
  const options = [
    { id: none, name: 'None' },
    ...columns,
    ...(isListed ? [] : [{ id: value, name: `Column ${value} (not in the report)` }]),
  ];
  return (
    <>
      <PropertySelect
        label={label}
        options={options}
        value={value ?? none}
        onChange={(id) => onChange(id === none ? undefined : id)}
      />
      {error && (
        <p className="pl-field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
