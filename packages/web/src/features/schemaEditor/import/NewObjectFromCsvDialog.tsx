import { type CsvColumnFieldType, type CsvUploadResponse, csvColumnFieldTypes } from '@plinth/schema';
import { Modal } from '@plinth/ui';
import { useState } from 'react';
import { fieldTypeLabels } from '../fieldDraft';
import { licenceCostWarning } from '../ObjectDialog';
import { failureMessage, memberErrorsOf } from '../serverErrors';
import { CsvFileStep } from './CsvFileStep';
import { CsvImportDialog, type MappedUpload } from './CsvImportDialog';
import { type CsvImportApi, useCsvImportApi } from './csvImportApi';
import './csvImport.css';

export interface NewObjectFromCsvDialogProps {
  /** The import's calls; the session's unless given (tests). */
  api?: CsvImportApi;
  /** Closed; with the new Object's id once it was made. */
  onClose: (typeId?: number) => void;
}

interface ColumnChoice {
  isIncluded: boolean;
  name: string;
  fieldType: CsvColumnFieldType;
}

/** An Object's name from a file's: 'open-projects.csv' → 'Open projects'. */
function nameOfFile(fileName: string): string {
  const bare = fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  return bare ? bare[0]!.toUpperCase() + bare.slice(1) : 'Imported records';
}

/**
 * New Object from CSV (decision 0104): a field per column of the file's header — its name, and its
 * type as guessed from the first rows (Text unless every value reads as a number, a date or yes/no),
 * both the user's to change; one column gives the records' names. The Object is made, then the
 * file's rows are imported into it as any import is.
 */
export function NewObjectFromCsvDialog({ api: givenApi, onClose }: NewObjectFromCsvDialogProps) {
  const api = useCsvImportApi(givenApi);
  const [upload, setUpload] = useState<CsvUploadResponse | null>(null);
  const [name, setName] = useState('');
  const [columns, setColumns] = useState<ColumnChoice[]>([]);
  const [nameColumn, setNameColumn] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ typeId: number; start: MappedUpload } | null>(null);

  if (created)
    return (
      <CsvImportDialog
        api={api}
        typeId={created.typeId}
        typeName={name.trim()}
        start={created.start}
        onClose={() => onClose(created.typeId)}
      />
    );

  const uploaded = (answer: CsvUploadResponse) => {
    setUpload(answer);
    setName(nameOfFile(answer.fileName));
    setColumns(
      answer.columns.map((column, i) => ({
        isIncluded: true,
        name: column,
        fieldType: answer.guessedTypes[i] ?? 'Text',
      })),
    );
    const named = answer.columns.findIndex((c) => c.trim().toLowerCase() === 'name');
    const firstText = answer.guessedTypes.indexOf('Text');
    setNameColumn(named >= 0 ? named : firstText >= 0 ? firstText : null);
  };

  const create = async () => {
    if (!upload || isBusy) return;
    if (name.trim() === '') {
      setError('The Object needs a name.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.newType({
        uploadId: upload.uploadId,
        name: name.trim(),
        nameColumn,
        columns: columns.map((c, i) =>
          c.isIncluded && i !== nameColumn
            ? { name: c.name.trim() || upload.columns[i]!, fieldType: c.fieldType }
            : null,
        ),
      });
      setCreated({
        typeId: answer.typeId,
        start: { upload, targets: answer.targets, mapping: answer.mapping },
      });
    } catch (failure) {
      const members = memberErrorsOf(failure);
      setError(
        members && Object.keys(members).length > 0
          ? Object.values(members).join(' ')
          : failureMessage(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  const change = (i: number, patch: Partial<ColumnChoice>) =>
    setColumns(columns.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <Modal
      title="New Object from CSV"
      isOpen
      size="extraLarge"
      onOpenChange={(open) => !open && onClose()}
      buttons={
        upload
          ? [
              { kind: 'cancel', onPress: () => onClose() },
              {
                kind: 'custom',
                label: 'Create the Object',
                variant: 'primary',
                isDisabled: isBusy,
                onPress: () => void create(),
              },
            ]
          : [{ kind: 'cancel', onPress: () => onClose() }]
      }
    >
      <div className="pl-csv-import">
        {!upload && <CsvFileStep api={api} typeId={undefined} onUploaded={uploaded} />}
        {upload && (
          <>
            <p className="pl-schema__warning">{licenceCostWarning}</p>
            <label className="pl-csv-import__choose">
              <span>Object name</span>
              <input className="pl-input" value={name} onChange={(event) => setName(event.target.value)} />
            </label>
            <p>
              A field for each column of {upload.fileName}; the column chosen as Name gives each record its
              name.
            </p>
            <div className="pl-csv-import__scroll">
              <table className="pl-admin__table pl-csv-import__table pl-csv-import__columns">
                <thead>
                  <tr>
                    <th scope="col">Column</th>
                    <th scope="col">Name</th>
                    <th scope="col">Field name</th>
                    <th scope="col">Field type</th>
                    <th scope="col">First values</th>
                  </tr>
                </thead>
                <tbody>
                  {columns.map((c, i) => {
                    const header = upload.columns[i]!;
                    const isName = nameColumn === i;
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the file
                      <tr key={i}>
                        <td data-label="Column">
                          <label>
                            <input
                              type="checkbox"
                              checked={c.isIncluded || isName}
                              disabled={isName}
                              onChange={(event) => change(i, { isIncluded: event.target.checked })}
                            />{' '}
                            {header}
                          </label>
                        </td>
                        <td data-label="Name">
                          <input
                            type="radio"
                            name="csv-name-column"
                            aria-label={`${header} gives the records' names`}
                            checked={isName}
                            onChange={() => setNameColumn(i)}
                          />
                        </td>
                        <td data-label="Field name">
                          <input
                            type="text"
                            className="pl-input"
                            aria-label={`Field name of the column ${header}`}
                            value={isName ? 'Name' : c.name}
                            disabled={isName || !c.isIncluded}
                            onChange={(event) => change(i, { name: event.target.value })}
                          />
                        </td>
                        <td data-label="Field type">
                          <select
                            className="pl-input"
                            aria-label={`Field type of the column ${header}`}
                            value={isName ? 'Text' : c.fieldType}
                            disabled={isName || !c.isIncluded}
                            onChange={(event) =>
                              change(i, { fieldType: event.target.value as CsvColumnFieldType })
                            }
                          >
                            {csvColumnFieldTypes.map((t) => (
                              <option key={t} value={t}>
                                {fieldTypeLabels[t]}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td data-label="First values" className="pl-csv-import__samples">
                          {upload.sampleRows
                            .map((row) => row[i] ?? '')
                            .filter((v) => v.trim() !== '')
                            .slice(0, 3)
                            .join(', ')}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
        {error && (
          <p role="alert" className="pl-csv-import__error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
