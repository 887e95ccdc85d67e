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

const hashPattern = /^[0-9a-f]{64}$/;

/** True for a well-formed blob address; anything else (a path, `..`) never reaches the disk. */
export const isBlobHash = (hash: string): boolean => hashPattern.test(hash);

/**
 * Files in a folder, addressed by the SHA-256 of their content (design.md: "Files go to a blob
 * store addressed by SHA-256"): `<dir>/ab/abcdef…`. The same content is stored once; a write goes
 * to a temporary file first and is renamed into place, so a reader never sees half a file.
 */
export class FolderBlobStore {
  constructor(readonly dir: string) {}

  /**
   * Streams content in, hashing as it goes; a failed stream, or one `check` refuses by throwing
   * once it has ended (a cut-off upload), leaves nothing behind.
   */
  async save(content: Readable, check?: () => void | Promise<void>): Promise<StoredBlob> {
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
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tmp, target);
      return { hash, size };
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

  #pathOf(hash: string): string {
    return path.join(this.dir, hash.slice(0, 2), hash);
  }
}

/** File storage settings: where blobs live and the largest upload accepted. */
export interface FileStorage {
  store: FolderBlobStore;
  maxUploadBytes: number;
}
