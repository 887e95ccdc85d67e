import { useEffect, useState } from 'react';
import { Choose, messageOf } from '../../admin/public';
import type { PropertyChoice, ReportChoices } from './propertyServices';

export interface ReportPickerProps {
  value: number | undefined;
  onChange: (reportId: number) => void;
  reports: ReportChoices;
}

/**
 * Chooses a report for a report, chart or hero counter: its Object first, then one of the reports
 * listing that Object's records. A report chosen earlier is named by its id until an Object is.
 */
export function ReportPicker({ value, onChange, reports }: ReportPickerProps) {
  const [types, setTypes] = useState<PropertyChoice[]>([]);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [choices, setChoices] = useState<PropertyChoice[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    reports
      .types(abort.signal)
      .then(setTypes, (e: unknown) => abort.signal.aborted || setError(messageOf(e)));
    return () => abort.abort();
  }, [reports]);
  useEffect(() => {
    if (typeId === null) return;
    const abort = new AbortController();
    setChoices([]);
    reports
      .reportsOf(typeId, abort.signal)
      .then(setChoices, (e: unknown) => abort.signal.aborted || setError(messageOf(e)));
    return () => abort.abort();
  }, [reports, typeId]);
  const isListed = choices.some((c) => c.id === value);
  return (
    <div className="pl-builder-panel__group">
      <Choose
        label="Report of"
        options={types}
        selected={typeId}
        onChange={setTypeId}
        placeholder="Choose an Object…"
      />
      <Choose
        label="Report"
        options={choices}
        selected={isListed && value !== undefined ? value : null}
        onChange={onChange}
        placeholder={value !== undefined && !isListed ? `Report ${value}` : 'Choose a report…'}
      />
      {error && (
        <p className="pl-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
