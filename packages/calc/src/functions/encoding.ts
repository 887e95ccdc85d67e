import { STRING } from '../types.js';
import type { FunctionDef } from './registry.js';

/** Escapes `& < > " '` for HTML text and attributes. */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function encodeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Lone surrogates (possible in JavaScript strings) become U+FFFD so encoders never throw. */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function utf8(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // a lone surrogate
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** Strict UTF-8 decoding; null for invalid bytes. */
function fromUtf8(bytes: number[]): string | null {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const extra = b < 0x80 ? 0 : b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 ? 2 : b >= 0xc2 && b < 0xe0 ? 1 : -1;
    if (extra < 0) return null;
    let c = extra === 0 ? b : b & (0x3f >> extra);
    for (let j = 1; j <= extra; j++) {
      const next = bytes[i + j];
      if (next === undefined || (next & 0xc0) !== 0x80) return null;
      c = (c << 6) | (next & 63);
    }
    const overlong = (extra === 2 && c < 0x800) || (extra === 3 && c < 0x10000);
    if (overlong || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return null;
    out += String.fromCodePoint(c);
    i += extra + 1;
  }
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function toBase64(bytes: number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[n >> 18]! + B64[(n >> 12) & 63]!;
    out += b === undefined ? '=' : B64[(n >> 6) & 63]!;
    out += c === undefined ? '=' : B64[n & 63]!;
  }
  return out;
}

function fromBase64(s: string): number[] | null {
  const clean = s.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  const body = clean.replace(/=+$/, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of body) {
    value = (value << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 255);
    }
  }
  return bytes;
}

const text1 = (
  name: string,
  description: string,
  [example, exampleResult]: readonly [string, string],
  impl: (s: string) => string | null,
): FunctionDef => ({
  name,
  notInSql: 'SQLite has no equivalent.',
  category: 'Encoding',
  description,
  example,
  exampleResult,
  signatures: [{ params: [{ name: 's', accepts: 'text' }], returns: STRING, impl: ([s]) => impl(String(s)) }],
});

export const encodingFunctions: FunctionDef[] = [
  text1(
    'encodeurl',
    'Percent-encodes every reserved character, for use in a URL.',
    ["encodeurl('a b&c')", "'a%20b%26c'"],
    (s) =>
      encodeURIComponent(wellFormed(s)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
  ),
  text1('encodehtml', 'Escapes & < > " and \' for HTML.', ["encodehtml('<b>')", "'&lt;b&gt;'"], encodeHtml),
  text1(
    'encodebase64',
    'The UTF-8 bytes of the text in Base64.',
    ["encodebase64('hello')", "'aGVsbG8='"],
    (s) => toBase64(utf8(s)),
  ),
  text1(
    'decodebase64',
    'Base64 of UTF-8 text back to text; null when it is not valid.',
    ["decodebase64('aGVsbG8=')", "'hello'"],
    (s) => {
      const bytes = fromBase64(s);
      return bytes ? fromUtf8(bytes) : null;
    },
  ),
];
