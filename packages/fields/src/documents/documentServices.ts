import type { DocumentInfo, DocumentTypeInfo } from '@plinth/schema';

/**
 * The calls the document parts make; the web app passes its file API (`@plinth/web` fileApi), so
 * the grid knows no HTTP. `onProgress` gets whole percents 0–100.
 */
export interface DocumentServices {
  loadDocument(documentId: number, signal?: AbortSignal): Promise<DocumentInfo>;
  listDocumentTypes(signal?: AbortSignal): Promise<DocumentTypeInfo[]>;
  /** `recordVersion`: the document record's version as read (`DocumentInfo.recordVersion`). */
  replaceDocument(
    documentId: number,
    recordVersion: number,
    file: File,
    onProgress: (percent: number) => void,
    signal?: AbortSignal,
  ): Promise<DocumentInfo>;
  uploadDocument(
    file: File,
    onProgress: (percent: number) => void,
    signal?: AbortSignal,
  ): Promise<DocumentInfo>;
}
