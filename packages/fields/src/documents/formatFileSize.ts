const bytesPerKb = 1024;
const bytesPerMb = 1_048_576;

/**
 * A file size as the report shows it: megabytes (bytes / 1,048,576) with 2 decimals (spec 02 §9),
 * and a size under a megabyte in kilobytes (bytes / 1024) with 2 decimals, so a small file does not
 * read '0.00 MB' (issue 12, decision 0036). Anything that is not a size (negative, not finite)
 * shows as 0.00 KB.
 *
 * @example formatFileSize(1_572_864) // '1.50 MB'
 * @example formatFileSize(5_000) // '4.88 KB'
 */
export function formatFileSize(bytes: number): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const kb = (size / bytesPerKb).toFixed(2);
  return Number(kb) < bytesPerKb ? `${kb} KB` : `${(size / bytesPerMb).toFixed(2)} MB`;
}
