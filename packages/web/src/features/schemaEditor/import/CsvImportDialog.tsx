import type { CsvImportTarget, CsvPreviewResponse, CsvRowProblem, CsvUploadResponse } from '@plinth/schema';
import { LoadingGrid, Modal, type ModalButton } from '@plinth/ui';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../serverErrors';
import { CsvFileStep } from './CsvFileStep';
import { CsvMappingStep } from './CsvMappingStep';
import { CsvPreviewStep } from './CsvPreviewStep';
import { type CsvImportApi, useCsvImportApi } from './csvImportApi';
import { ImportedRecords } from './ImportedRecords';
import { ImportProgress } from './ImportProgress';
import './csvImport.css';
import { useSavedToastClosed } from '../savedToast';

/** A file uploaded and mapped onto the type, where the dialog starts after a new Object is made. */
export interface MappedUpload {
  upload: CsvUploadResponse;
  targets: CsvImportTarget[];
  mapping: Array<string | null>;
}

export interface CsvImportDialogProps {
  /** The import's calls; the session's unless given (tests). */
  api?: CsvImportApi;
  typeId: number;
  typeName: string;
  start?: MappedUpload;
  onClose: () => void;
  /** Records were imported. */
  onImported?: (count: number) => void;
}

type Step =
  | { kind: 'file' }
  | { kind: 'mapping' }
  | { kind: 'preview' }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; count: number; seconds: number; isShowingRecords: boolean };

type Refusal = { message: string; badRows: CsvRowProblem[]; badRowCount: number };

/**
 * Import from CSV into an Object (decision 0103): the file, the mapping of its columns, a preview
 * with every bad row by line (each can be excluded), then the import — all or nothing — with its
 * progress, and the records it made.
 */
export function CsvImportDialog({
  api: givenApi,
  typeId,
  typeName,
  start,
  onClose,
  onImported,
}: CsvImportDialogProps) {
  useSavedToastClosed();
  const api = useCsvImportApi(givenApi);
  const [step, setStep] = useState<Step>(start ? { kind: 'mapping' } : { kind: 'file' });
  const [mapped, setMapped] = useState<MappedUpload | null>(start ?? null);
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [preview, setPreview] = useState<CsvPreviewResponse | null>(null);
  const [isPreviewing, setPreviewing] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const calls = useRef<AbortController | null>(null);
  useEffect(() => () => calls.current?.abort(), []);

  const fresh = () => {
    calls.current?.abort();
    calls.current = new AbortController();
    return calls.current.signal;
  };
  const request = (lines: ReadonlySet<number>) => ({
    uploadId: mapped!.upload.uploadId,
    typeId,
    mapping: mapped!.mapping,
    excludedLines: [...lines],
  });

  const runPreview = async (lines: ReadonlySet<number>) => {
    if (!mapped) return;
    const signal = fresh();
    setPreviewing(true);
    setError(null);
    try {
      setPreview(await api.preview(request(lines), signal));
      setStep({ kind: 'preview' });
    } catch (failure) {
      if (!signal.aborted) setError(failureMessage(failure));
    } finally {
      if (!signal.aborted) setPreviewing(false);
    }
  };

  const runImport = async () => {
    if (!mapped || !preview) return;
    const signal = fresh();
    setError(null);
    setRefused(null);
    setStep({ kind: 'importing', done: 0, total: preview.importableCount });
    try {
      const result = await api.run(
        request(excluded),
        (done, total) => setStep({ kind: 'importing', done, total }),
        signal,
      );
      if (result.kind === 'imported') {
        setStep({ kind: 'done', count: result.count, seconds: result.seconds, isShowingRecords: false });
        onImported?.(result.count);
      } else {
        setRefused(result);
        setStep({ kind: 'preview' });
      }
    } catch (failure) {
      setError(signal.aborted ? 'The import was stopped; nothing was imported.' : failureMessage(failure));
      setStep({ kind: 'preview' });
    }
  };

  const changeExcluded = (lines: Set<number>) => {
    setExcluded(lines);
    void runPreview(lines);
  };

  const importable = preview?.importableCount ?? 0;
  const canImport =
    preview !== null &&
    !isPreviewing &&
    preview.badRowCount === 0 &&
    preview.mappingProblems.length === 0 &&
    importable > 0 &&
    (refused === null || refused.badRows.every((r) => excluded.has(r.line)));
  const buttons: ModalButton[] =
    step.kind === 'mapping'
      ? [
          { kind: 'cancel', onPress: onClose },
          {
            kind: 'custom',
            label: 'Preview',
            variant: 'primary',
            isDisabled: isPreviewing,
            onPress: () => void runPreview(excluded),
          },
        ]
      : step.kind === 'preview'
        ? [
            { kind: 'custom', label: 'Back to mapping', onPress: () => setStep({ kind: 'mapping' }) },
            {
              kind: 'custom',
              label: `Import ${importable.toLocaleString()} ${importable === 1 ? 'record' : 'records'}`,
              variant: 'primary',
              isDisabled: !canImport,
              onPress: () => void runImport(),
            },
          ]
        : step.kind === 'importing'
          ? [{ kind: 'custom', label: 'Stop the import', onPress: () => calls.current?.abort() }]
          : step.kind === 'done'
            ? [
                {
                  kind: 'custom',
                  label: step.isShowingRecords ? 'Hide the records' : 'See the records',
                  onPress: () => setStep({ ...step, isShowingRecords: !step.isShowingRecords }),
                },
                { kind: 'close', onPress: onClose },
              ]
            : [{ kind: 'cancel', onPress: onClose }];

  return (
    <Modal
      title={`Import from CSV into '${typeName}'`}
      isOpen
      size="extraLarge"
      hideCloseButton={step.kind === 'importing'}
      onOpenChange={(open) => !open && step.kind !== 'importing' && onClose()}
      buttons={buttons}
    >
      <div className="pl-csv-import">
        {step.kind === 'file' && (
          <CsvFileStep
            api={api}
            typeId={typeId}
            onUploaded={(upload) => {
              setMapped({ upload, targets: upload.targets, mapping: upload.mapping });
              setStep({ kind: 'mapping' });
            }}
          />
        )}
        {step.kind === 'mapping' && mapped && (
          <CsvMappingStep
            upload={mapped.upload}
            targets={mapped.targets}
            mapping={mapped.mapping}
            onMappingChange={(mapping) => {
              setMapped({ ...mapped, mapping });
              setPreview(null);
              setRefused(null);
            }}
          />
        )}
        {step.kind === 'preview' && preview && mapped && (
          <CsvPreviewStep
            columns={mapped.upload.columns}
            preview={preview}
            refused={refused}
            excluded={excluded}
            onExcludedChange={changeExcluded}
          />
        )}
        {isPreviewing && step.kind !== 'importing' && <LoadingGrid columns={4} rows={3} />}
        {step.kind === 'importing' && (
          <ImportProgress
            label={`Importing into '${typeName}'`}
            percent={step.total > 0 ? (step.done / step.total) * 100 : 0}
            valueText={`${step.done.toLocaleString()} of ${step.total.toLocaleString()} rows`}
          />
        )}
        {step.kind === 'done' && (
          <>
            <p role="status" className="pl-csv-import__done">
              Imported {step.count.toLocaleString()} {step.count === 1 ? 'record' : 'records'} into '
              {typeName}' in {step.seconds.toLocaleString()} s.
            </p>
            {step.isShowingRecords && <ImportedRecords api={api} typeId={typeId} />}
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
