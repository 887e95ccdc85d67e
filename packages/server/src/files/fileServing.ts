import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { fallbackMimeType } from './documentFileTypes.js';

/**
 * The policy of every file answer that may hold script-capable content (HTML, SVG, XML…): nothing
 * loads, and the document is sandboxed (an opaque origin, no scripts, forms, popups or plugins).
 */
export const sandboxedPolicy = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/**
 * The policy of a PDF shown in the browser: sandboxed like every other inline file (issue 14; an
 * opaque origin, so script the PDF may hold cannot reach the app), with the PDF itself as the only
 * thing the viewer loads (`object-src 'self'`) and only the app allowed to frame it. Chromium's PDF
 * viewer shows a PDF under `sandbox` (checked on Chromium 156, decision 0042).
 */
export const pdfPolicy =
  "default-src 'none'; object-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/** How many first bytes `servingOf` needs. */
export const headLength = 12;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Raster images a browser draws without running anything, told by their magic numbers. */
const imageSignatures: ReadonlyArray<{ mimeType: string; matches: (head: Buffer) => boolean }> = [
  { mimeType: 'image/png', matches: (h) => startsWith(h, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]) },
  { mimeType: 'image/jpeg', matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  { mimeType: 'image/gif', matches: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')) },
  { mimeType: 'image/webp', matches: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) },
];
const rasterImageTypes = new Set(imageSignatures.map((s) => s.mimeType));

/** A PDF file begins with its header `%PDF-` (ISO 32000-1 §7.5.2). */
export const isPdf = (head: Buffer): boolean => startsWith(head, ascii('%PDF-'));

/** The raster image type the bytes are, by their magic number. */
export function rasterImageTypeOf(head: Buffer): string | undefined {
  return imageSignatures.find((s) => s.matches(head))?.mimeType;
}

/** The headers that decide how the browser treats a file answer. */
export interface FileServing {
  contentType: string;
  disposition: 'attachment' | 'inline';
  contentSecurityPolicy: string;
}

/**
 * How a file is served (decision 0012). The type comes from the document's type (its extension),
 * never from what the uploading browser said; where the browser would render the file more freely,
 * the bytes must prove that type:
 * - a PDF shown inline whose bytes begin `%PDF-` is served as a PDF under `pdfPolicy` (sandboxed);
 * - a raster image (PNG, JPEG, GIF, WebP) is served as the image its bytes are, still sandboxed;
 * - a PDF or raster image whose bytes are not one is served as bytes to save
 *   (`application/octet-stream`, attachment), sandboxed;
 * - anything else (SVG, HTML, text, office files…) as its type, sandboxed, as asked.
 */
export function servingOf(mimeType: string, head: Buffer, disposition: 'attachment' | 'inline'): FileServing {
  const sandboxed = (contentType: string, as = disposition): FileServing => ({
    contentType,
    disposition: as,
    contentSecurityPolicy: sandboxedPolicy,
  });
  if (mimeType === 'application/pdf') {
    if (!isPdf(head)) return sandboxed(fallbackMimeType, 'attachment');
    return disposition === 'inline'
      ? { contentType: mimeType, disposition, contentSecurityPolicy: pdfPolicy }
      : sandboxed(mimeType);
  }
  if (rasterImageTypes.has(mimeType)) {
    const proven = rasterImageTypeOf(head);
    return proven ? sandboxed(proven) : sandboxed(fallbackMimeType, 'attachment');
  }
  return sandboxed(mimeType);
}

/**
 * Reads the first `length` bytes of a stream (fewer when it is shorter) and gives a stream of the
 * whole content, those bytes included. Destroying the new stream closes the source.
 */
export async function peekStream(
  source: Readable,
  length: number,
): Promise<{ head: Buffer; content: Readable }> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let read = 0;
  let isDone = false;
  while (read < length) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    chunks.push(next.value);
    read += next.value.length;
  }
  const first = Buffer.concat(chunks, read);
  async function* all() {
    if (read > 0) yield first;
    if (isDone) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const content = Readable.from(all(), { objectMode: false });
  content.once('close', () => source.destroy());
  return { head: first.subarray(0, length), content };
}

/**
 * The version of the rules a file answer's headers follow (its type, disposition and security
 * policy): raise it when they change, so browsers do not keep the headers of the old rules.
 */
const SERVING_RULES = 2;

/**
 * The ETag of a file answer, known before the file is opened: a digest of the stored content's
 * address (its SHA-256), the type it is served as, its name and the serving rules — what its
 * headers and body follow from — so a new version, a rename or a changed document type is a new tag.
 */
export function fileEtag(file: { hash: string; mimeType: string; fileName: string }): string {
  const digest = createHash('sha256').update(
    JSON.stringify([SERVING_RULES, file.hash, file.mimeType, file.fileName]),
  );
  return `"${digest.digest('base64url')}"`;
}

/**
 * True when an If-None-Match header names the tag (weak comparison, RFC 9110 §13.1.2). `*` ("any
 * version") is not taken: answering 304 to it would not even tell that the stored file is there.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
