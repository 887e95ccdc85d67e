import { type CsvImportTarget, type CsvUploadResponse, type FieldType, sysField } from '@plinth/schema';
import { fieldTypeLabels } from '../fieldDraft';

export interface CsvMappingStepProps {
  upload: CsvUploadResponse;
  targets: readonly CsvImportTarget[];
  mapping: ReadonlyArray<string | null>;
  onMappingChange: (mapping: Array<string | null>) => void;
}

const kindLabel = (t: CsvImportTarget) =>
  t.kind === 'field'
    ? (fieldTypeLabels[t.detail as FieldType] ?? t.detail)
    : `${t.kind === 'choice' ? 'Choice of' : 'Lookup to'} ${t.detail}, by name`;

/** The Name's key among the targets: records without it show in reports and pickers as blanks. */
const nameKey = `#${sysField.name}`;

/** Each column of the file and the field it fills (proposed by name), with its first values. */
export function CsvMappingStep({ upload, targets, mapping, onMappingChange }: CsvMappingStepProps) {
  const isNameUnfilled = targets.some((t) => t.key === nameKey) && !mapping.includes(nameKey);
  const samples = (i: number) =>
    upload.sampleRows
      .map((row) => row[i] ?? '')
      .filter((cell) => cell.trim() !== '')
      .slice(0, 3)
      .join(', ');
  return (
    <div className="pl-csv-import__mapping">
      <p>
        {upload.fileName}: {upload.rowCount.toLocaleString()} {upload.rowCount === 1 ? 'row' : 'rows'}. Choose
        the field each column fills; lookups and choices are matched by the related record's name.
      </p>
      <table className="pl-admin__table pl-csv-import__table">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">First values</th>
            <th scope="col">Field</th>
          </tr>
        </thead>
        <tbody>
          {upload.columns.map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the file; headers may repeat
            <tr key={i}>
              <td data-label="Column">{column}</td>
              <td data-label="First values" className="pl-csv-import__samples">
                {samples(i)}
              </td>
              <td data-label="Field">
                <select
                  className="pl-input"
                  aria-label={`Field for the column ${column}`}
                  value={mapping[i] ?? ''}
                  onChange={(event) => {
                    const next = [...mapping];
                    next[i] = event.target.value === '' ? null : event.target.value;
                    onMappingChange(next);
                  }}
                >
                  <option value="">Do not import</option>
                  {targets.map((t) => (
                    <option key={t.key} value={t.key}>
                      {t.label}
                      {t.isRequired ? ' *' : ''} ({kindLabel(t)})
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {isNameUnfilled && (
        <p className="pl-schema__warning" role="note">
          No column fills the Name: the records will be imported without names. Choose Name for the column
          that names them.
        </p>
      )}
    </div>
  );
}
