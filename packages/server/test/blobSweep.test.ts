import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sysField } from '@plinth/schema';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseData } from '../src/data/entityRepository.js';
import { startIdleUpkeep } from '../src/db/idleUpkeep.js';
import { type BlobLog, FolderBlobStore, type PinnedBlob } from '../src/files/BlobStore.js';
import { PIN_LIFETIME_MS, pinBlob } from '../src/files/blobPins.js';
import { blobSweepTask, SWEEP_GRACE_MS, sweepBlobStore } from '../src/files/blobSweep.js';
import { removeUnreferencedBlobs } from '../src/files/unreferencedBlobs.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';
import { filePart, upload } from './support/uploads.js';

describe.each(engines)('shared pins and the sweep of the file store (%s)', (engine) => {
  let t: TestApp;
  let filesDir: string;
  let store: FolderBlobStore;
  const warnings: string[] = [];
  const log: BlobLog = { warn: (_details, message) => warnings.push(message) };

  const pathOf = (hash: string) => path.join(filesDir, hash.slice(0, 2), hash);
  const isStored = (hash: string) => fs.existsSync(pathOf(hash));
  /** Makes a blob's file look written `ms` ago. */
  const age = (hash: string, ms = SWEEP_GRACE_MS + 60_000) => {
    const then = new Date(Date.now() - ms);
    fs.utimesSync(pathOf(hash), then, then);
  };
  /** Saves content as an upload does, pinned as of `pinnedAt`, without writing a record. */
  const saved = (content: string, pinnedAt = Date.now()): Promise<PinnedBlob> =>
    store.save(Readable.from([content]), {
      hold: (hash) => pinBlob(t.services.db, engine, hash, log, pinnedAt),
    });
  const uploaded = async (client: Client, fileName: string, content: string) => {
    const res = await upload(client, fileName, content);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const hashOf = async (id: number) => {
    const row = await t.services.db
      .selectFrom('entities')
      .select('data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return String(parseData(row.data)[String(sysField.fileDataHash)]);
  };
  const pinCount = async () =>
    Number(
      (
        await t.services.db
          .withTables<{ blob_pins: { id: string } }>()
          .selectFrom('blob_pins')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-sweep-'));
    store = new FolderBlobStore(filesDir, log);
    t.services.files = { store, maxUploadBytes: 1_048_576 };
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('keeps a blob a pin holds from a removal until the pin is released or has lapsed', async () => {
    const pinned = await saved('pinned by a save not yet committed');
    expect(await removeUnreferencedBlobs(t.services.db, engine, store, [pinned.hash])).toEqual([]);
    expect(isStored(pinned.hash)).toBe(true);
    await pinned.release();
    expect(await removeUnreferencedBlobs(t.services.db, engine, store, [pinned.hash])).toEqual([pinned.hash]);
    expect(isStored(pinned.hash)).toBe(false);

    const lapsed = await saved('pinned by a process that stopped', Date.now() - PIN_LIFETIME_MS - 1);
    expect(await removeUnreferencedBlobs(t.services.db, engine, store, [lapsed.hash])).toEqual([lapsed.hash]);
  });

  it('sweeps what a stopped process left, and keeps what is named, pinned or recent', async () => {
    // A process stopped between storing a file and committing its document: its pin lapsed.
    const leftOver = await saved('stored, never committed', Date.now() - PIN_LIFETIME_MS - 1);
    age(leftOver.hash);
    // A document and an earlier version of another name their files.
    const named = await uploaded(t.admin, 'named.txt', 'named by a document');
    const namedHash = await hashOf(named);
    age(namedHash);
    const versioned = await uploaded(t.admin, 'plan.txt', 'plan, first draft');
    const firstDraft = await hashOf(versioned);
    const etag = String((await t.admin.get(`/spapi/data/v2/document/${versioned}`)).headers.etag);
    const body = filePart('plan.txt', 'plan, second draft');
    expect(
      (
        await t.admin.request('POST', `/spapi/data/v2/document/${versioned}/replace`, body.payload, {
          ...body.headers,
          'if-match': etag,
        })
      ).status,
    ).toBe(200);
    age(firstDraft);
    // A save still under way (pinned) and one just stored (within the grace) are left alone.
    const underWay = await saved('a save still under way');
    age(underWay.hash);
    const recent = await saved('stored a moment ago');
    await recent.release();
    // A partial file of an upload that stopped.
    const part = path.join(filesDir, 'tmp', 'stopped.part');
    fs.writeFileSync(part, 'half an upload');
    const then = new Date(Date.now() - SWEEP_GRACE_MS - 60_000);
    fs.utimesSync(part, then, then);

    expect(await sweepBlobStore(t.services.db, engine, store)).toEqual([leftOver.hash]);

    expect(isStored(leftOver.hash)).toBe(false);
    for (const hash of [namedHash, firstDraft, underWay.hash, recent.hash]) expect(isStored(hash)).toBe(true);
    expect((await t.admin.get(`/spapi/data/v2/file/${named}`)).body).toBe('named by a document');
    expect((await t.admin.get(`/spapi/data/v2/file/${versioned}?version=1`)).body).toBe('plan, first draft');
    expect(fs.existsSync(part)).toBe(false);
    // The lapsed pins are gone; the live one stays until its save releases it.
    expect(await pinCount()).toBe(1);
    await underWay.release();
    expect(await pinCount()).toBe(0);
    expect(warnings).toEqual([]);
  });

  it('never sweeps a folder another database has marked as its own', async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-sweep-other-'));
    try {
      const other = new FolderBlobStore(otherDir, log);
      fs.writeFileSync(path.join(otherDir, 'database-id'), 'another database\n');
      const theirs = await other.save(Readable.from(['named in another database']));
      const then = new Date(Date.now() - SWEEP_GRACE_MS - 60_000);
      fs.utimesSync(path.join(otherDir, theirs.hash.slice(0, 2), theirs.hash), then, then);
      expect(await sweepBlobStore(t.services.db, engine, other)).toEqual([]);
      expect(fs.existsSync(path.join(otherDir, theirs.hash.slice(0, 2), theirs.hash))).toBe(true);
      expect(warnings).toEqual([
        'The file store folder belongs to another database (its database-id file says so); it is not swept.',
      ]);
      warnings.length = 0;
      // The folder this database marked at its first sweep stays its own.
      expect(fs.readFileSync(path.join(filesDir, 'database-id'), 'utf8')).toMatch(/^[0-9a-f]{32}\n$/);
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('runs in the idle upkeep a minute after the start, then every six hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const upkeep = startIdleUpkeep(t.services.db as Kysely<unknown>, engine);
    try {
      upkeep.add(blobSweepTask(t.services.db, engine, store));
      const first = await saved('left by a stopped process', Date.now() - PIN_LIFETIME_MS - 1);
      age(first.hash);
      await upkeep.runNow();
      expect(isStored(first.hash)).toBe(true);

      vi.setSystemTime(Date.now() + 61_000);
      await upkeep.runNow();
      expect(isStored(first.hash)).toBe(false);

      const second = await saved('left by another stopped process', Date.now() - PIN_LIFETIME_MS - 1);
      age(second.hash);
      vi.setSystemTime(Date.now() + 5 * 3_600_000);
      await upkeep.runNow();
      expect(isStored(second.hash)).toBe(true);
      vi.setSystemTime(Date.now() + 3_600_000 + 1);
      await upkeep.runNow();
      expect(isStored(second.hash)).toBe(false);
    } finally {
      await upkeep.stop();
    }
  });
});
