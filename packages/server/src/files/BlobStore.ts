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

/** A blob just saved, held from removal until `release` (once the record naming it has committed). */
export interface PinnedBlob extends StoredBlob {
  /** Idempotent; never throws. */
  release(): Promise<void>;
}

/**
 * Holds a blob, once its hash is known and before its file is put in place, from every removal
 * until the answer is called (a shared pin, decision 0057).
 */
export type HoldBlob = (hash: string) => Promise<() => Promise<void>>;

/** A blob in the folder and when its file was last written (saved, or saved again). */
export interface ListedBlob {
  hash: string;
  modifiedAt: number;
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
  constructor(
    readonly dir: string,
    readonly log: BlobLog = consoleLog,
  ) {}

  /**
   * Streams content in, hashing as it goes; a failed stream, or one `check` refuses by throwing
   * once it has ended (a cut-off upload), leaves nothing behind. `hold` is called with the hash
   * before the file is put in place, and the blob comes back with its release (decision 0057).
   */
  async save(
    content: Readable,
    options: { check?: () => void | Promise<void>; hold?: HoldBlob } = {},
  ): Promise<PinnedBlob> {
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
      await options.check?.();
      const hash = hasher.digest('hex');
      const target = this.#pathOf(hash);
      const unhold = (await options.hold?.(hash)) ?? (async () => {});
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        await unhold();
      };
      try {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(tmp, target);
      } catch (error) {
        await release();
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
   * Deletes a blob's file, answering whether it is gone. The caller has made sure nothing names it
   * and nothing holds it (unreferencedBlobs.ts). Never throws: a failure is logged and the file stays.
   */
  async remove(hash: string): Promise<boolean> {
    if (!isBlobHash(hash)) return false;
    try {
      await fs.promises.rm(this.#pathOf(hash), { force: true });
      return true;
    } catch (error) {
      this.log.warn({ hash, error }, 'An unreferenced file could not be removed from the store.');
      return false;
    }
  }

  /** Every blob in the folder, one sub-folder at a time; files that are not blobs are skipped. */
  async *list(): AsyncGenerator<ListedBlob> {
    for (const prefix of await entriesOf(this.dir)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      for (const name of await entriesOf(path.join(this.dir, prefix))) {
        if (!isBlobHash(name) || !name.startsWith(prefix)) continue;
        const stat = await fs.promises.stat(path.join(this.dir, prefix, name)).catch(() => undefined);
        if (stat?.isFile()) yield { hash: name, modifiedAt: stat.mtimeMs };
      }
    }
  }

  /**
   * Deletes the partial files of saves that stopped (the process ended mid-upload) not written to
   * since `before` (ms since the epoch); a save under way keeps writing to its own.
   */
  async removeStaleParts(before: number): Promise<void> {
    const tmpDir = path.join(this.dir, 'tmp');
    for (const name of await entriesOf(tmpDir)) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(tmpDir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs < before) await fs.promises.rm(file, { force: true }).catch(() => {});
    }
  }

  /**
   * Whether the folder belongs to the database `databaseId` names: a folder not marked yet is
   * marked as its own (`database-id`); one marked by another database is not.
   */
  async belongsTo(databaseId: string): Promise<boolean> {
    const marker = path.join(this.dir, 'database-id');
    await fs.promises.mkdir(this.dir, { recursive: true });
    try {
      await fs.promises.writeFile(marker, `${databaseId}\n`, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
    return (await fs.promises.readFile(marker, 'utf8')).trim() === databaseId;
  }

  #pathOf(hash: string): string {
    return path.join(this.dir, hash.slice(0, 2), hash);
  }
}

/** The names in a folder; none when it does not exist (yet). */
async function entriesOf(dir: string): Promise<string[]> {
  try {
    return (await fs.promises.readdir(dir)).sort();
  } catch {
    return [];
  }
}

/** File storage settings: where blobs live and the largest upload accepted. */
export interface FileStorage {
  store: FolderBlobStore;
  maxUploadBytes: number;
}
