import type { CsvUploadResponse } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../serverErrors';
import type { CsvImportApi } from './csvImportApi';
import { ImportProgress } from './ImportProgress';

export interface CsvFileStepProps {
  api: CsvImportApi;
  /** The type the rows go to; undefined for a new Object made from the file. */
  typeId: number | undefined;
  onUploaded: (upload: CsvUploadResponse) => void;
}

/** Choosing a CSV file and uploading it, with the upload's progress and the server's refusal. */
export function CsvFileStep({ api, typeId, onUploaded }: CsvFileStepProps) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = async () => {
    if (!file) return;
    controller.current = new AbortController();
    setError(null);
    setPercent(0);
    try {
      onUploaded(await api.upload(file, typeId, setPercent, controller.current.signal));
    } catch (failure) {
      if (!controller.current.signal.aborted) setError(failureMessage(failure));
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className="pl-csv-import__file">
      <p>
        Choose a CSV file whose first line names its columns. Numbers and dates are read as your tenant writes
        them.
      </p>
      <label className="pl-csv-import__choose">
        <span>CSV file</span>
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          disabled={percent !== null}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </label>
      {percent !== null && file && <ImportProgress label={`Uploading ${file.name}`} percent={percent} />}
      {error && (
        <p role="alert" className="pl-csv-import__error">
          {error}
        </p>
      )}
      <Button variant="primary" isDisabled={!file || percent !== null} onPress={() => void send()}>
        Upload
      </Button>
    </div>
  );
}
