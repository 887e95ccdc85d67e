import { Label, ProgressBar } from 'react-aria-components';

export interface ImportProgressProps {
  label: string;
  /** 0–100. */
  percent: number;
  /** What the bar stands for in words, e.g. '2,000 of 100,000 rows'. */
  valueText?: string;
}

/** A labelled progress bar: the upload's bytes, the import's rows. */
export function ImportProgress({ label, percent, valueText }: ImportProgressProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <ProgressBar
      value={value}
      className="pl-csv-import__progress"
      {...(valueText ? { valueLabel: valueText } : {})}
    >
      {({ valueText: shown }) => (
        <>
          <Label>{label}</Label>
          <span className="pl-csv-import__percent">{shown}</span>
          <div className="pl-csv-import__bar">
            <div className="pl-csv-import__fill" style={{ width: `${value}%` }} />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
