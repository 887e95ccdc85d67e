/**
 * The upload refusals of spec 01 §8, shared by the server that refuses and the browser that shows
 * them. The spec gives the format and content messages' first sentence and elides the rest ("...");
 * what follows it here says what would be accepted (decision 0036).
 */

/** When nothing better is known about a failed upload. */
export const unspecifiedUploadError = 'Unspecified error.';

/** The largest upload, in megabytes as configured (whole numbers; fractions keep two places at most). */
export function fileTooLargeMessage(maxBytes: number): string {
  const mb = Math.round((maxBytes / 1_048_576) * 100) / 100;
  return `File size too large. Max file size: ${mb}MB.`;
}

/** A file whose extension matches no document type; `extensions` are the ones that do. */
export function fileFormatNotAllowedMessage(extensions: readonly string[]): string {
  const allowed = [...new Set(extensions.map((e) => e.toLowerCase()))];
  const rest =
    allowed.length > 0 ? ` Allowed formats: ${allowed.join(', ')}.` : ' No file formats are set up.';
  return `Upload failed because the file format is not allowed.${rest}`;
}

/** A file whose bytes are a program, whatever it is named. */
export const fileContentNotAllowedMessage =
  'Upload failed because the file content is not allowed. Programs cannot be uploaded as documents.';
