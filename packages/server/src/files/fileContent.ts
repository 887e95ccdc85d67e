import { pipeline, type Readable, Transform } from 'node:stream';

/** How many first bytes `isProgram` reads: enough to find a Windows program's PE header. */
const headLength = 1024;

const startsWith = (head: Buffer, bytes: readonly number[]) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

/**
 * A Windows program or library: 'MZ', and at the offset its header gives (bytes 60–63) the PE
 * signature. Two letters alone would refuse a note that begins "MZ".
 */
function isWindowsProgram(head: Buffer): boolean {
  if (head.length < 64 || !startsWith(head, [0x4d, 0x5a])) return false;
  const pe = head.readUInt32LE(60);
  return pe + 4 <= head.length && startsWith(head.subarray(pe), [0x50, 0x45, 0, 0]);
}

/** Magic numbers of programs a computer runs directly (decision 0036). */
const programSignatures: readonly (readonly number[])[] = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF (Linux and most Unix)
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32-bit (macOS), either byte order
  [0xce, 0xfa, 0xed, 0xfe],
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O 64-bit
  [0xcf, 0xfa, 0xed, 0xfe],
];

/** True when the file's first bytes are a program's: its content is not allowed as a document. */
export const isProgram = (head: Buffer): boolean =>
  isWindowsProgram(head) || programSignatures.some((s) => startsWith(head, s));

/**
 * The content passed through unchanged, with its first bytes kept for a check once it has been
 * read; a failure of the content (a cut-off upload) fails the stream that comes back.
 */
export function keepingHead(content: Readable): { stream: Readable; head: () => Buffer } {
  let head = Buffer.alloc(0);
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < headLength) head = Buffer.concat([head, chunk.subarray(0, headLength - head.length)]);
      done(null, chunk);
    },
  });
  return { stream: pipeline(content, watch, () => {}), head: () => head };
}
