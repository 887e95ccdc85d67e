import { type ExportFormat, exportExtension } from '@plinth/schema';

export const exportContentType: Record<ExportFormat, string> = {
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The downloaded file's name: the report title with the format's extension. Characters no file
 * system accepts (and control characters) become '_'; an empty title becomes 'Report'.
 */
export function exportFileName(title: string, format: ExportFormat): string {
  const base =
    title
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, 150)
      .trim() || 'Report';
  return `${base}.${exportExtension[format]}`;
}

/**
 * A Content-Disposition header that names the file for every browser: an ASCII fallback in
 * `filename` and the exact name, percent-encoded UTF-8, in `filename*` (RFC 6266).
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
