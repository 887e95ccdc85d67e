import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file's address (lower-case hex SHA-256 of its bytes) and size. */
export interface StoredBlob {
  hash: string;
  size: number;
}

/** A blob just saved, kept from removal until `release` (once the record naming it has committed). */
export interface PinnedBlob extends StoredBlob {
  release(): void;
}

/** Where the store reports what it could not do (the app's pino logger fits). */
export interface BlobLog {
  warn(details: object, message: string): void;
}

const consoleLog: BlobLog = { warn: (details, message) => console.warn(message, details) };

const hashPattern = /^[0-9a-f]{64}$/;

/** True for a well-formed blob address; anything else (a path, `..`) never reaches the disk. */
export const isBlobHash = (hash: string): boolean => hashPattern.test(hash);

/**
 * Files in a folder, addressed by the SHA-256 of their content (design.md: "Files go to a blob
 * store addressed by SHA-256"): `<dir>/ab/abcdef…`. The same content is stored once; a write goes
 * to a temporary file first and is renamed into place, so a reader never sees half a file.
 */
export class FolderBlobStore {
  /** Saved blobs whose reference may not have committed yet, with how many saves hold each. */
  readonly #pins = new Map<string, number>();
  /** Blobs a removal is checking or deleting; a save of the same content waits for it. */
  readonly #removals = new Map<string, Promise<void>>();

  constructor(
    readonly dir: string,
    readonly log: BlobLog = consoleLog,
  ) {}

  /**
   * Streams content in, hashing as it goes; a failed stream, or one `check` refuses by throwing
   * once it has ended (a cut-off upload), leaves nothing behind. The blob comes back pinned:
   * removeUnreferenced leaves it alone until `release` (decision 0029).
   */
  async save(content: Readable, check?: () => void | Promise<void>): Promise<PinnedBlob> {
    const tmpDir = path.join(this.dir, 'tmp');
    await fs.promises.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
    const hasher = createHash('sha256');
    let size = 0;
    content.on('data', (chunk: Buffer) => {
      hasher.update(chunk);
      size += chunk.length;
    });
    try {
      await pipeline(content, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      await check?.();
      const hash = hasher.digest('hex');
      const target = this.#pathOf(hash);
      // A removal of this content that is under way finishes first; the pin then keeps it off.
      while (this.#removals.has(hash)) await this.#removals.get(hash);
      const release = this.#pin(hash);
      try {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(tmp, target);
      } catch (error) {
        release();
        throw error;
      }
      return { hash, size, release };
    } catch (error) {
      await fs.promises.rm(tmp, { force: true });
      throw error;
    }
  }

  /** The content and size of a blob, or undefined when it is not stored. */
  async open(hash: string): Promise<{ stream: fs.ReadStream; size: number } | undefined> {
    if (!isBlobHash(hash)) return undefined;
    const file = this.#pathOf(hash);
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return undefined;
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch {
      return undefined;
    }
  }

  /**
   * Deletes the blobs among `hashes` that `referenced` (asked at the time of the removal, after the
   * deletes that freed them have committed) does not name, skipping pinned ones and ones another
   * removal holds. Never throws: a failure is logged and the blob stays. Answers the removed hashes.
   */
  async removeUnreferenced(
    hashes: Iterable<string>,
    referenced: (hashes: string[]) => Promise<ReadonlySet<string>>,
  ): Promise<string[]> {
    const candidates = [...new Set(hashes)].filter(
      (h) => isBlobHash(h) && !this.#pins.has(h) && !this.#removals.has(h),
    );
    if (candidates.length === 0) return [];
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    for (const h of candidates) this.#removals.set(h, held);
    const removed: string[] = [];
    try {
      const kept = await referenced(candidates);
      for (const hash of candidates.filter((h) => !kept.has(h))) {
        try {
          await fs.promises.rm(this.#pathOf(hash), { force: true });
          removed.push(hash);
        } catch (error) {
          this.log.warn({ hash, error }, 'An unreferenced file could not be removed from the store.');
        }
      }
    } catch (error) {
      this.log.warn({ hashes: candidates, error }, 'Unreferenced files were not removed from the store.');
    } finally {
      for (const h of candidates) this.#removals.delete(h);
      finish();
    }
    return removed;
  }

  #pin(hash: string): () => void {
    this.#pins.set(hash, (this.#pins.get(hash) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#pins.get(hash) ?? 1) - 1;
      if (left > 0) this.#pins.set(hash, left);
      else this.#pins.delete(hash);
    };
  }

  #pathOf(hash: string): string {
    return path.join(this.dir, hash.slice(0, 2), hash);
  }
}

/** File storage settings: where blobs live and the largest upload accepted. */
export interface FileStorage {
  store: FolderBlobStore;
  maxUploadBytes: number;
}
