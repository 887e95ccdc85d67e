import type { DocumentTypeInfo } from '@plinth/schema';

/** The message when a file's extension matches no document type (spec 02 §5, decision 0012). */
export const unknownExtensionMessage = 'The file extension must match a known document type.';

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
