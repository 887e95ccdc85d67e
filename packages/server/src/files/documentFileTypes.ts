/** A document file type seeded into every tenant: its name, icon and the extensions it covers. */
export interface DefaultFileType {
  name: string;
  /** Lower-case, without the dot; the first is the type's own extension. */
  extensions: string[];
  icon: string;
}

/** The document file types a new tenant starts with (decision 0012). */
export const defaultDocumentFileTypes: readonly DefaultFileType[] = [
  { name: 'PDF document', extensions: ['pdf'], icon: 'file-pdf' },
  { name: 'Word document', extensions: ['docx', 'doc'], icon: 'file-word' },
  { name: 'Excel workbook', extensions: ['xlsx', 'xls'], icon: 'file-excel' },
  { name: 'PowerPoint presentation', extensions: ['pptx', 'ppt'], icon: 'file-powerpoint' },
  { name: 'CSV file', extensions: ['csv'], icon: 'file-csv' },
  { name: 'Text file', extensions: ['txt'], icon: 'file-text' },
  { name: 'PNG image', extensions: ['png'], icon: 'file-image' },
  { name: 'JPEG image', extensions: ['jpg', 'jpeg'], icon: 'file-image' },
  { name: 'GIF image', extensions: ['gif'], icon: 'file-image' },
  { name: 'WebP image', extensions: ['webp'], icon: 'file-image' },
  { name: 'SVG image', extensions: ['svg'], icon: 'file-image' },
  { name: 'ZIP archive', extensions: ['zip'], icon: 'file-archive' },
];

/**
 * Content types by extension. A document type's mime type is that of its first extension, so a
 * type an administrator adds for an extension listed here is served with the right type too;
 * anything else is served as application/octet-stream.
 */
const mimeTypes: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  md: 'text/markdown',
  rtf: 'application/rtf',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

export const fallbackMimeType = 'application/octet-stream';

export function mimeTypeOf(extension: string | undefined): string {
  return (extension && mimeTypes[extension.toLowerCase()]) || fallbackMimeType;
}

/** The extensions a type's `fileTypeExtensions` text lists ("jpg, jpeg", ".png;.gif"), lower-case and without dots. */
export function parseExtensions(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/[\s,;|]+/)
    .map((e) => e.trim().replace(/^\.+/, '').toLowerCase())
    .filter((e) => /^[a-z0-9][a-z0-9_+-]{0,19}$/.test(e));
}
