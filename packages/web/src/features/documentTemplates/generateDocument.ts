import type { GenerateDocumentRequest } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { type ApiClient, ApiError } from '../../api/apiClient';
import { documentTemplateApi, type GeneratedFile } from './documentTemplateApi';

/** What the generate action says (decision 0129). */
export const generateMessages = {
  failed: 'Failed to generate the document.',
  unknownFields: (names: readonly string[]) =>
    `The template names ${names.length === 1 ? 'a field' : 'fields'} this record does not have: ${names.join(', ')}.`,
  unreachable: 'The server could not be reached.',
} as const;

export interface GenerateDocumentOptions {
  /** Told once the file is saved (the page posts EXPORT_DOCUMENT_COMPLETED on its bus). */
  onCompleted?: ((file: GeneratedFile) => void) | undefined;
  /** Saves the file; the browser's download by default. */
  save?: (file: GeneratedFile) => void;
  signal?: AbortSignal;
}

/** Saves a file through the browser's download, under its name. */
export function downloadFile({ blob, fileName }: Pick<GeneratedFile, 'blob' | 'fileName'>): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The download has its own copy once it starts: the object URL goes soon after.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * Runs a generate-document action (spec 02 §7 "Export document from template"): asks the server
 * for the template filled from the record, downloads it under its name and tells `onCompleted`;
 * a failure shows a toast with the server's message. Answers whether a file was saved.
 */
export async function generateDocument(
  client: ApiClient,
  request: GenerateDocumentRequest,
  { onCompleted, save = downloadFile, signal }: GenerateDocumentOptions = {},
): Promise<boolean> {
  let file: GeneratedFile;
  try {
    file = await documentTemplateApi(client).generate(request, signal);
  } catch (failure) {
    if (signal?.aborted) return false;
    const description =
      failure instanceof ApiError ? failure.message : failure instanceof Error ? failure.message : undefined;
    toast.error(generateMessages.failed, { description: description ?? generateMessages.unreachable });
    return false;
  }
  save(file);
  if (file.unknownFields.length > 0) toast.warning(generateMessages.unknownFields(file.unknownFields));
  onCompleted?.(file);
  return true;
}
