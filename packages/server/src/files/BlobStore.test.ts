import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlobLog, FolderBlobStore } from './BlobStore.js';

describe('FolderBlobStore', () => {
  let dir: string;
  let store: FolderBlobStore;
  const warnings: string[] = [];
  const log: BlobLog = { warn: (_details, message) => warnings.push(message) };
  const pathOf = (hash: string) => path.join(dir, hash.slice(0, 2), hash);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-store-'));
    store = new FolderBlobStore(dir, log);
    warnings.length = 0;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds a blob before its file is in place, and releases the hold once', async () => {
    const events: string[] = [];
    const saved = await store.save(Readable.from(['held content']), {
      hold: async (hash) => {
        events.push(`hold, file in place: ${fs.existsSync(pathOf(hash))}`);
        return async () => {
          events.push('released');
        };
      },
    });
    expect(events).toEqual(['hold, file in place: false']);
    expect(fs.readFileSync(pathOf(saved.hash), 'utf8')).toBe('held content');
    await saved.release();
    await saved.release();
    expect(events).toEqual(['hold, file in place: false', 'released']);
  });

  it('keeps nothing, and holds nothing, when the check refuses the content or the hold fails', async () => {
    let held = 0;
    const hold = async () => {
      held++;
      return async () => {};
    };
    await expect(
      store.save(Readable.from(['refused']), {
        check: () => {
          throw new Error('cut off');
        },
        hold,
      }),
    ).rejects.toThrow('cut off');
    expect(held).toBe(0);
    await expect(
      store.save(Readable.from(['not pinned']), {
        hold: async () => {
          throw new Error('database unavailable');
        },
      }),
    ).rejects.toThrow('database unavailable');
    expect([...(await fromAsync(store.list()))]).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('lists its blobs with when they were written, skipping what is not a blob', async () => {
    const a = await store.save(Readable.from(['first']));
    const b = await store.save(Readable.from(['second']));
    fs.writeFileSync(path.join(dir, a.hash.slice(0, 2), 'notes.txt'), 'not a blob');
    fs.mkdirSync(path.join(dir, 'zz'));
    const listed = await fromAsync(store.list());
    expect(listed.map((l) => l.hash).sort()).toEqual([a.hash, b.hash].sort());
    for (const l of listed) expect(Math.abs(l.modifiedAt - Date.now())).toBeLessThan(60_000);
  });

  it('removes a blob, ignoring what is not a hash, and logs a removal the disk refuses', async () => {
    const saved = await store.save(Readable.from(['removed']));
    expect(await store.remove(saved.hash)).toBe(true);
    expect(fs.existsSync(pathOf(saved.hash))).toBe(false);
    expect(await store.remove('../../etc/passwd')).toBe(false);

    const kept = await store.save(Readable.from(['kept']));
    fs.rmSync(pathOf(kept.hash));
    fs.mkdirSync(pathOf(kept.hash));
    fs.writeFileSync(path.join(pathOf(kept.hash), 'inside'), 'x');
    expect(await store.remove(kept.hash)).toBe(false);
    expect(warnings).toEqual(['An unreferenced file could not be removed from the store.']);
  });

  it('removes partial files not written to since a time', async () => {
    await store.save(Readable.from(['makes the tmp folder']));
    const stale = path.join(dir, 'tmp', 'stale.part');
    const fresh = path.join(dir, 'tmp', 'fresh.part');
    fs.writeFileSync(stale, 'half an upload');
    fs.writeFileSync(fresh, 'an upload under way');
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(stale, hourAgo, hourAgo);
    await store.removeStaleParts(Date.now() - 60_000);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual(['fresh.part']);
  });
});

async function fromAsync<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
