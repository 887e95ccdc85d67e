/** The 'Please wait...' overlay shown over the grid while exporting or saving (spec 02 §2). */
export function PleaseWaitOverlay() {
  return (
    <div className="pl-report__overlay" role="status" aria-live="polite">
      Please wait...
    </div>
  );
}

/** The placeholders of spec 02 §2: no records in the builder, or a report not configured yet. */
export const reportPlaceholders = {
  build: 'Records not available in builder',
  notConfigured: 'Data table not configured',
} as const;

export function ReportPlaceholder({ kind }: { kind: keyof typeof reportPlaceholders }) {
  return <div className="pl-report__placeholder">{reportPlaceholders[kind]}</div>;
}
