import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBlobStore, type PinnedBlob } from '../src/files/BlobStore.js';
import { startTwoApps, type TwoApps } from './coherence/twoApps.js';
import { QueryGate, waitFor } from './support/gates.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';
import { upload } from './support/uploads.js';

/** A store whose next save, once asked, waits after the file is in place until it is let go. */
class GatedStore extends FolderBlobStore {
  #next: { reached: () => void; opened: Promise<void> } | undefined;

  /** The next save stops once its blob is stored, before the record naming it is written. */
  pauseNextSave(): { reached: Promise<void>; open: () => void } {
    let reached = () => {};
    let open = () => {};
    const reachedAt = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    this.#next = { reached, opened };
    return { reached: reachedAt, open };
  }

  override async save(...args: Parameters<FolderBlobStore['save']>): Promise<PinnedBlob> {
    const blob = await super.save(...args);
    const gate = this.#next;
    this.#next = undefined;
    if (gate) {
      gate.reached();
      await gate.opened;
    }
    return blob;
  }
}

/**
 * Two server processes sharing one blob folder and one database (decision 0052; on SQLite, one
 * process serves both sides): A deletes the last document naming some content while B stores the
 * same content for a new document that has not committed yet. Whatever the order, B's document
 * keeps its file (decision 0057).
 */
interface Sides {
  /** The first tenant's administrator, through A and through B. */
  a: Client;
  b: Client;
  /** The store B saves into (A's own on SQLite). */
  storeB: GatedStore;
  /** On A's and B's database handles. */
  gateA: QueryGate;
  gateB: QueryGate;
  /** Another tenant's administrator, through B (blobs are shared across tenants). */
  otherOnB: Client;
  t: TestApp;
}

const download = async (client: Client, id: number) => {
  const res = await client.get(`/spapi/data/v2/file/${id}`);
  return { status: res.status, body: res.body };
};

const uploaded = async (client: Client, fileName: string, content: string) => {
  const res = await upload(client, fileName, content);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
};

describe.each(engines)('a file stored by one process while another removes it (%s)', (engine) => {
  let sides: Sides;
  let two: TwoApps | undefined;
  let single: TestApp | undefined;
  let filesDir: string;

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-shared-blobs-'));
    const gateA = new QueryGate();
    const gateB = new QueryGate();
    if (engine === 'postgres') {
      two = await startTwoApps({ pluginB: gateB });
      const { t } = two;
      t.services.db = t.services.db.withPlugin(gateA);
      // Two processes: two stores, each with only what it keeps in memory, on one folder.
      t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 1_048_576 };
      const storeB = new GatedStore(filesDir);
      two.servicesB.files = { store: storeB, maxUploadBytes: 1_048_576 };
      const other = await t.addTenant('other');
      sides = { a: t.admin, b: two.onB(t.admin), storeB, gateA, gateB, otherOnB: two.onB(other.admin), t };
    } else {
      single = await startTestApp(engine);
      const t = single;
      t.services.db = t.services.db.withPlugin(gateA);
      const storeB = new GatedStore(filesDir);
      t.services.files = { store: storeB, maxUploadBytes: 1_048_576 };
      const other = await t.addTenant('other');
      sides = { a: t.admin, b: t.admin, storeB, gateA, gateB, otherOnB: other.admin, t };
    }
  });
  afterAll(async () => {
    await two?.close();
    await single?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('keeps the file B stored when A deletes the last other document naming it before B commits', async () => {
    const { a, b, storeB } = sides;
    const content = 'minutes stored twice, deleted once';
    const old = await uploaded(a, 'old minutes.txt', content);

    const paused = storeB.pauseNextSave();
    const saving = upload(b, 'new minutes.txt', content);
    await paused.reached;
    // B's file is in place and its document not yet written: A deletes the only document naming it.
    expect((await a.put([], [old])).status).toBe(200);
    paused.open();
    const saved = await saving;
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    expect(await download(a, saved.body.id)).toEqual({ status: 200, body: content });
  });

  it.runIf(engine === 'postgres')(
    'keeps the file B stored when A deletes and sweeps while B’s document is written, not committed',
    async () => {
      const { a, otherOnB, gateB } = sides;
      const content = 'a contract both tenants hold';
      const old = await uploaded(a, 'contract.txt', content);

      // B stops right after inserting its document row, inside its transaction.
      const paused = gateB.pause(
        (query) => query.includes('"InsertQueryNode"') && query.includes('"name":"entities"'),
      );
      const saving = upload(otherOnB, 'contract copy.txt', content);
      await paused.reached;
      expect((await a.put([], [old])).status).toBe(200);
      paused.open();
      const saved = await saving;
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      expect(await download(otherOnB, saved.body.id)).toEqual({ status: 200, body: content });
    },
  );

  it.runIf(engine === 'postgres')(
    'keeps the file B stores after A has found nothing naming it and before A removes it',
    async () => {
      const { a, otherOnB, gateA, t } = sides;
      const content = 'an invoice uploaded as its twin is deleted';
      const old = await uploaded(a, 'invoice.txt', content);

      // A stops between asking what still names the file and removing it.
      const paused = gateA.pause(
        (query) =>
          query.startsWith('{"kind":"SelectQueryNode"') &&
          query.includes('document_versions') &&
          query.includes('"operator":"in"'),
      );
      const deleting = a.put([], [old]);
      await paused.reached;
      const saving = upload(otherOnB, 'invoice copy.txt', content);
      // B either waits for A (a lock) or, unprotected, gets all the way to its commit.
      const waitingOnLock = async () => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted`.execute(t.services.db);
        return rows[0]!.n > 0;
      };
      let settled = false;
      void saving.finally(() => {
        settled = true;
      });
      await waitFor(async () => settled || (await waitingOnLock()));
      paused.open();
      expect((await deleting).status).toBe(200);
      const saved = await saving;
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      expect(await download(otherOnB, saved.body.id)).toEqual({ status: 200, body: content });
    },
  );
});
