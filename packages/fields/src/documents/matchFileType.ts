import { type DocumentTypeInfo, fileFormatNotAllowedMessage, unspecifiedUploadError } from '@plinth/schema';

/** The message when a file's extension matches no document type: spec 01 §8's, as the server's. */
export const unknownExtensionMessage = (types: readonly DocumentTypeInfo[]): string =>
  fileFormatNotAllowedMessage(types.flatMap((t) => t.extensions));

/** What an upload's failure says: its own message, else spec 01 §8's 'Unspecified error.'. */
export const uploadErrorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : unspecifiedUploadError;

/** The document type a file name's extension belongs to, as the server matches it. */
export function matchFileType(
  types: readonly DocumentTypeInfo[],
  fileName: string,
): DocumentTypeInfo | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return types.find((t) => t.extensions.includes(extension));
}
