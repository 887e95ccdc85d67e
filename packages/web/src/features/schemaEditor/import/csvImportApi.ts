import {
  type CsvImportEvent,
  type CsvImportRequest,
  type CsvNewTypeRequest,
  type CsvNewTypeResponse,
  type CsvPreviewResponse,
  type CsvUploadResponse,
  csvImportEvent,
  csvNewTypeResponse,
  csvPreviewResponse,
  csvUploadResponse,
  errorResponse,
  type ReportRunResponse,
  reportRunResponse,
} from '@plinth/schema';
import { useMemo } from 'react';
import { type ApiClient, ApiError } from '../../../api/apiClient';
import { csrfFromCookie } from '../../../api/csrfCookie';
import { useSession } from '../../auth/public';

const base = '/spapi/data/v1/import';

/** The CSV import's calls (decision 0103). */
export interface CsvImportApi {
  /** Uploads a file for a type (or, without one, for a new Object), reporting 0–100 as it goes. */
  upload(
    file: File,
    typeId: number | undefined,
    onProgress: (percent: number) => void,
    signal?: AbortSignal,
  ): Promise<CsvUploadResponse>;
  preview(request: CsvImportRequest, signal?: AbortSignal): Promise<CsvPreviewResponse>;
  /** Runs the import, handing each progress line on; answers the last line (imported or refused). */
  run(
    request: CsvImportRequest,
    onProgress: (done: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<Extract<CsvImportEvent, { kind: 'imported' | 'refused' }>>;
  newType(request: CsvNewTypeRequest): Promise<CsvNewTypeResponse>;
  /** The first records of a type, as its display report shows them. */
  records(typeId: number, signal?: AbortSignal): Promise<ReportRunResponse>;
}

function failureOf(status: number, json: unknown): ApiError {
  const failure = errorResponse.safeParse(json);
  return failure.success
    ? new ApiError(status, failure.data.error.code, failure.data.error.message, failure.data.error.details)
    : new ApiError(status, 'http_error', 'The server could not read the file. Try again.');
}

/** The import's calls over the app's ApiClient; the upload and the import's stream go by hand. */
export function csvImportApi(client: ApiClient, options: { baseUrl?: string } = {}): CsvImportApi {
  const origin = options.baseUrl ?? '';
  return {
    upload: (file, typeId, onProgress, signal) =>
      new Promise((resolve, reject) => {
        // Multipart with progress needs XMLHttpRequest (fetch reports no upload progress).
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${origin}${base}/upload${typeId === undefined ? '' : `?typeId=${typeId}`}`);
        xhr.setRequestHeader('accept', 'application/json');
        const csrf = csrfFromCookie();
        if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0)
            onProgress(Math.floor((event.loaded / event.total) * 100));
        };
        xhr.onload = () => {
          let json: unknown = null;
          try {
            json = JSON.parse(xhr.responseText);
          } catch {
            // not JSON: a failure below
          }
          const parsed = xhr.status === 200 ? csvUploadResponse.safeParse(json) : undefined;
          if (parsed?.success) resolve(parsed.data);
          else reject(failureOf(xhr.status, json));
        };
        xhr.onerror = () =>
          reject(
            new ApiError(
              0,
              'network_error',
              'The file could not be sent. Check the connection and try again.',
            ),
          );
        xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
        signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        const body = new FormData();
        body.append('file', file, file.name);
        xhr.send(body);
      }),
    preview: (request, signal) => client.call('POST', `${base}/preview`, csvPreviewResponse, request, signal),
    newType: (request) => client.call('POST', `${base}/newType`, csvNewTypeResponse, request),
    records: (typeId, signal) =>
      client.call(
        'POST',
        `/spapi/data/v1/report/type/${typeId}/display`,
        reportRunResponse,
        { pageSize: 50, metadata: 'full' },
        signal,
      ),
    async run(request, onProgress, signal) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/x-ndjson',
      };
      const csrf = csrfFromCookie();
      if (csrf) headers['x-csrf-token'] = csrf;
      const res = await fetch(`${origin}${base}/run`, {
        method: 'POST',
        headers,
        credentials: 'same-origin',
        body: JSON.stringify(request),
        ...(signal ? { signal } : {}),
      });
      if (!res.ok || !res.body) {
        let json: unknown = null;
        try {
          json = await res.json();
        } catch {
          // not JSON
        }
        throw failureOf(res.status, json);
      }
      let last: CsvImportEvent | undefined;
      await readLines(res.body, (line) => {
        last = csvImportEvent.parse(JSON.parse(line));
        if (last.kind === 'progress') onProgress(last.done, last.total);
      });
      if (!last || last.kind === 'progress')
        throw new ApiError(
          0,
          'network_error',
          'The import stopped before it finished; nothing was imported.',
        );
      return last;
    },
  };
}

/** Hands on each line of a streamed answer as it arrives. */
async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (line) onLine(line);
      end = buffered.indexOf('\n');
    }
    if (done) break;
  }
  if (buffered.trim()) onLine(buffered.trim());
}

/** The given calls (tests), else the signed-in session's. */
export function useCsvImportApi(given?: CsvImportApi): CsvImportApi {
  const { client } = useSession();
  return useMemo(() => given ?? csvImportApi(client), [given, client]);
}
