import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlobLog, FolderBlobStore } from './BlobStore.js';

const nothingNamed = async () => new Set<string>();

describe('FolderBlobStore.removeUnreferenced', () => {
  let dir: string;
  let store: FolderBlobStore;
  const warnings: string[] = [];
  const log: BlobLog = { warn: (_details, message) => warnings.push(message) };
  const isStored = async (hash: string) => fs.existsSync(path.join(dir, hash.slice(0, 2), hash));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-store-'));
    store = new FolderBlobStore(dir, log);
    warnings.length = 0;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('removes only the blobs the reference check does not name', async () => {
    const a = await store.save(Readable.from(['first']));
    const b = await store.save(Readable.from(['second']));
    a.release();
    b.release();
    expect(await store.removeUnreferenced([a.hash, b.hash], async () => new Set([b.hash]))).toEqual([a.hash]);
    expect(await isStored(a.hash)).toBe(false);
    expect(await isStored(b.hash)).toBe(true);
  });

  it('leaves a blob alone while a save that has not committed its reference holds it', async () => {
    const saved = await store.save(Readable.from(['just uploaded']));
    expect(await store.removeUnreferenced([saved.hash], nothingNamed)).toEqual([]);
    expect(await isStored(saved.hash)).toBe(true);
    saved.release();
    expect(await store.removeUnreferenced([saved.hash], nothingNamed)).toEqual([saved.hash]);
  });

  it('lets a save of the same content that comes during a removal wait and keep its blob', async () => {
    const old = await store.save(Readable.from(['same bytes']));
    old.release();
    let saving: Promise<{ hash: string; release(): void }> | undefined;
    const removed = await store.removeUnreferenced([old.hash], async () => {
      // The same content arrives while the removal is deciding: it must not be lost.
      let written = () => {};
      const isWritten = new Promise<void>((resolve) => {
        written = resolve;
      });
      saving = store.save(Readable.from(['same bytes']), written);
      await isWritten;
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      return new Set<string>();
    });
    expect(removed).toEqual([old.hash]);
    const again = await saving!;
    expect(again.hash).toBe(old.hash);
    expect(await isStored(again.hash)).toBe(true);
    expect(await store.removeUnreferenced([again.hash], nothingNamed)).toEqual([]);
  });

  it('logs and keeps the blobs when the reference check fails, and ignores what is not a hash', async () => {
    const saved = await store.save(Readable.from(['checked']));
    saved.release();
    const failing = async (): Promise<Set<string>> => {
      throw new Error('database unavailable');
    };
    expect(await store.removeUnreferenced([saved.hash, '../../etc/passwd'], failing)).toEqual([]);
    expect(await isStored(saved.hash)).toBe(true);
    expect(warnings).toEqual(['Unreferenced files were not removed from the store.']);
  });
});
