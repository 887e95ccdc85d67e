import { constants, crc32, deflateRawSync } from 'node:zlib';

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The most a stored deflate block holds (RFC 1951 §3.2.4). */
const maxStored = 0xffff;

/**
 * Gzip members of a text compressed once followed by a short tail that changes per answer (a kept
 * report answer and its refresh time, decision 0146). The head is deflated once, ending on a sync
 * flush so it stops on a byte boundary with nothing pending; each `with(tail)` appends the tail as
 * one final stored block, the trailer's CRC-32 continued from the head's and the total length:
 * a few microseconds where compressing the whole answer again took about a third of its cost.
 */
export class GzipJoin {
  readonly #head: Buffer;
  readonly #crc: number;
  readonly #length: number;

  constructor(head: string) {
    const bytes = Buffer.from(head, 'utf8');
    this.#head = deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
    this.#crc = crc32(bytes);
    this.#length = bytes.length;
  }

  /** One gzip member whose content is the head followed by `tail` (at most 65,535 bytes). */
  with(tail: string): Buffer {
    const bytes = Buffer.from(tail, 'utf8');
    if (bytes.length > maxStored) throw new RangeError(`A gzip tail holds at most ${maxStored} bytes`);
    const out = Buffer.allocUnsafe(gzipHeader.length + this.#head.length + 5 + bytes.length + 8);
    let at = gzipHeader.copy(out, 0);
    at += this.#head.copy(out, at);
    // A final stored block: BFINAL 1, BTYPE 00, then LEN and its ones' complement.
    out[at++] = 1;
    at = out.writeUInt16LE(bytes.length, at);
    at = out.writeUInt16LE(~bytes.length & 0xffff, at);
    at += bytes.copy(out, at);
    at = out.writeUInt32LE(crc32(bytes, this.#crc), at);
    out.writeUInt32LE((this.#length + bytes.length) >>> 0, at);
    return out;
  }
}
