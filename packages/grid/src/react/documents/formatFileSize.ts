const bytesPerMb = 1_048_576;

/**
 * A file size as the report shows it (spec 02 §9): megabytes (bytes / 1,048,576) with 2 decimals.
 * Anything that is not a size (negative, not finite) shows as 0.00 MB.
 *
 * @example formatFileSize(1_572_864) // '1.50 MB'
 */
export function formatFileSize(bytes: number): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  return `${(size / bytesPerMb).toFixed(2)} MB`;
}
