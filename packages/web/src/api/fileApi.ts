import { type DocumentServices, downloadDocument, previewDocument } from '@plinth/fields';
import {
  type DocumentInfo,
  type DocumentTypeInfo,
  type DocumentVersionsResponse,
  documentInfo,
  documentTypesResponse,
  documentVersionsResponse,
  errorResponse,
  filePaths,
  type UploadDocumentQuery,
  unspecifiedUploadError,
} from '@plinth/schema';
import { type ApiClient, ApiError } from './apiClient';
import { csrfFromCookie } from './csrfCookie';

/** Reads a document: name, extension, size, type, version and whether the caller may replace it. */
export function loadDocument(client: ApiClient, id: number, signal?: AbortSignal): Promise<DocumentInfo> {
  return client.call('GET', filePaths.document(id), documentInfo, undefined, signal);
}

/** The tenant's document file types, in choice order. */
export async function listDocumentTypes(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<DocumentTypeInfo[]> {
  return (await client.call('GET', filePaths.documentTypes, documentTypesResponse, undefined, signal))
    .documentTypes;
}

/** A document's current version number and its earlier files, newest first. */
export function loadDocumentVersions(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<DocumentVersionsResponse> {
  return client.call('GET', filePaths.versions(id), documentVersionsResponse, undefined, signal);
}

/** How far an upload has got. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole. */
  percent: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Base URL; '' for the same origin (as the ApiClient's). */
  baseUrl?: string;
  /** Makes the request; tests pass a fake. */
  createRequest?: () => XMLHttpRequest;
}

/**
 * Uploads a file as a new document, optionally linked to a host record (`link`, as a related
 * documents report's relationDetail), reporting progress. Rejects with an ApiError carrying the
 * server's message (spec 01 §8's refusals), or 'Unspecified error.' when the answer has none.
 */
export function uploadDocument(
  file: File,
  options: UploadOptions & { link?: Pick<UploadDocumentQuery, 'eid' | 'relid' | 'direction'> } = {},
): Promise<DocumentInfo> {
  const link = options.link;
  const query =
    link?.eid !== undefined && link.relid !== undefined
      ? `?eid=${link.eid}&relid=${link.relid}&direction=${link.direction ?? 'fwd'}`
      : '';
  return sendFile(`${filePaths.upload}${query}`, file, options);
}

/**
 * Uploads a file as the new version of a document, sending the record version read (its
 * `recordVersion`, the ETag) as If-Match: a document changed since is refused with 412
 * (`precondition_failed`) naming it, and nothing is replaced (decision 0032).
 */
export function replaceDocument(
  documentId: number,
  recordVersion: number,
  file: File,
  options: UploadOptions = {},
): Promise<DocumentInfo> {
  return sendFile(filePaths.replace(documentId), file, { ...options, ifMatch: `"${recordVersion}"` });
}

/** Multipart with progress needs XMLHttpRequest (fetch reports no upload progress). */
function sendFile(
  path: string,
  file: File,
  options: UploadOptions & { ifMatch?: string },
): Promise<DocumentInfo> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    xhr.open('POST', `${options.baseUrl ?? ''}${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = csrfFromCookie();
    if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
    if (options.ifMatch) xhr.setRequestHeader('if-match', options.ifMatch);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !options.onProgress) return;
      const percent = event.total > 0 ? Math.floor((event.loaded / event.total) * 100) : 100;
      options.onProgress({ loaded: event.loaded, total: event.total, percent });
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled below
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = documentInfo.safeParse(json);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, 'bad_answer', 'The server answered something unexpected.'));
        return;
      }
      const failure = errorResponse.safeParse(json);
      reject(
        failure.success
          ? new ApiError(
              xhr.status,
              failure.data.error.code,
              failure.data.error.message,
              failure.data.error.details,
            )
          : new ApiError(xhr.status, 'http_error', unspecifiedUploadError),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'network_error', 'The file could not be sent. Check the connection and try again.'),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/**
 * The document calls as the document parts take them (`DocumentServices` of `@plinth/fields`:
 * ReplaceDocumentDialog, DocumentDropArea), over one ApiClient. `link` relates uploads to a record
 * (a report of its documents, a form's documents control).
 */
export function documentServicesFor(
  client: ApiClient,
  options: { baseUrl?: string; link?: Pick<UploadDocumentQuery, 'eid' | 'relid' | 'direction'> } = {},
): DocumentServices {
  const base = options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl };
  const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    loadDocument: (id, signal) => loadDocument(client, id, signal),
    listDocumentTypes: (signal) => listDocumentTypes(client, signal),
    replaceDocument: (id, recordVersion, file, onProgress, signal) =>
      replaceDocument(id, recordVersion, file, {
        ...base,
        ...withSignal(signal),
        onProgress: (p) => onProgress(p.percent),
      }),
    uploadDocument: (file, onProgress, signal) =>
      uploadDocument(file, {
        ...base,
        ...withSignal(signal),
        ...(options.link ? { link: options.link } : {}),
        onProgress: (p) => onProgress(p.percent),
      }),
  };
}

/**
 * Preview (spec 02 §7): opens the inline file in a new tab at once and titles it with the
 * document's name, read by id (same tab when embedded).
 */
export function previewFile(
  client: ApiClient,
  documentId: number,
  options: { baseUrl?: string; isEmbedded?: boolean } = {},
): Promise<void> {
  const name = loadDocument(client, documentId).then((d) => d.name);
  // Embedded previews navigate away at once; the name is then not needed.
  if (options.isEmbedded) name.catch(() => undefined);
  return previewDocument(documentId, name, {
    ...(options.baseUrl === undefined ? {} : { base: options.baseUrl }),
    ...(options.isEmbedded === undefined ? {} : { isEmbedded: options.isEmbedded }),
  });
}

/** Download (spec 02 §7): the browser navigates to base path + '/spapi/data/v2/file/{id}'. */
export function downloadFile(documentId: number, baseUrl = ''): void {
  downloadDocument(documentId, baseUrl);
}
