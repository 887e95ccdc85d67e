/**
 * The name a document keeps for an uploaded file: only its last path segment (a name such as
 * `../../etc/passwd` or `C:\x\y.pdf` keeps `passwd` or `y.pdf`), without control characters,
 * trimmed and at most 200 characters. Undefined when nothing is left.
 */
export function documentNameOf(fileName: string | undefined): string | undefined {
  if (typeof fileName !== 'string') return undefined;
  const last = fileName.split(/[/\\]/).pop() ?? '';
  const clean = last
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (clean === '' || /^\.+$/.test(clean)) return undefined;
  if (clean.length <= 200) return clean;
  // Keep the extension of a long name.
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 21 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - ext.length) + ext;
}

/** The lower-case extension of a file name without the dot, or undefined when it has none. */
export function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined;
  return name.slice(dot + 1).toLowerCase();
}

/** The name a downloaded document is saved under: its name, with its extension when the name lacks it. */
export function downloadNameOf(name: string | null, extension: string | null): string {
  const base = documentNameOf(name ?? undefined) ?? 'document';
  if (!extension || extensionOf(base) === extension.toLowerCase()) return base;
  return `${base}.${extension}`;
}

/**
 * A Content-Disposition header naming the file for every browser: an ASCII fallback in `filename`
 * and the exact name, percent-encoded UTF-8, in `filename*` (RFC 6266).
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
