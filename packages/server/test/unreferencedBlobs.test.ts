import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '../src/auth/contextFor.js';
import { deleteWithDependents } from '../src/entities/putEntities.js';
import { inTransaction } from '../src/entities/transaction.js';
import { FolderBlobStore } from '../src/files/BlobStore.js';
import { createRole } from './support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';
import { filePart, upload } from './support/uploads.js';

/** Replaces a document's file, sending the version read as the browser does (decision 0032). */
const replace = async (client: Client, id: number, fileName: string, content: string) => {
  const etag = String((await client.get(`/spapi/data/v2/document/${id}`)).headers.etag);
  const body = filePart(fileName, content);
  return client.request('POST', `/spapi/data/v2/document/${id}/replace`, body.payload, {
    ...body.headers,
    'if-match': etag,
  });
};

describe.each(engines)('files nothing names leave the store (%s)', (engine) => {
  let t: TestApp;
  let filesDir: string;

  /** Whether the store still holds the file of this content. */
  const isStored = (content: string) => {
    const hash = createHash('sha256').update(content).digest('hex');
    return fs.existsSync(path.join(filesDir, hash.slice(0, 2), hash));
  };
  const uploaded = async (client: Client, fileName: string, content: string) => {
    const res = await upload(client, fileName, content);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(isStored(content)).toBe(true);
    return res.body.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-blobs-'));
    t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 1_048_576 };
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('removes a deleted document’s file when no other document names it', async () => {
    const id = await uploaded(t.admin, 'minutes.txt', 'minutes of the only meeting');
    expect((await t.admin.put([], [id])).status).toBe(200);
    expect(isStored('minutes of the only meeting')).toBe(false);
  });

  it('removes the file through the delete call too', async () => {
    const id = await uploaded(t.admin, 'memo.txt', 'a memo deleted by the delete call');
    expect((await t.admin.request('DELETE', `/spapi/data/v1/entity/${id}`)).status).toBe(200);
    expect(isStored('a memo deleted by the delete call')).toBe(false);
  });

  it('keeps a file two documents share, in one tenant or two, until the last is deleted', async () => {
    const content = 'the same content uploaded three times';
    const first = await uploaded(t.admin, 'one.txt', content);
    const second = await uploaded(t.admin, 'two.txt', content);
    const other = await t.addTenant(`blobs-${engine}`);
    const theirs = await uploaded(other.admin, 'three.txt', content);

    expect((await t.admin.put([], [first])).status).toBe(200);
    expect(isStored(content)).toBe(true);
    expect((await t.admin.get(`/spapi/data/v2/file/${second}`)).body).toBe(content);
    expect((await t.admin.put([], [second])).status).toBe(200);
    expect(isStored(content)).toBe(true);
    expect((await other.admin.get(`/spapi/data/v2/file/${theirs}`)).body).toBe(content);
    expect((await other.admin.put([], [theirs])).status).toBe(200);
    expect(isStored(content)).toBe(false);
  });

  it('keeps the file when the delete rolls back', async () => {
    const id = await uploaded(t.admin, 'kept.txt', 'kept by a rollback');
    const ctx = await contextFor(t.services, t.tenantId, t.adminId);
    await expect(
      inTransaction(ctx, async (tx) => {
        await deleteWithDependents(tx, [id]);
        throw new Error('a later check of the batch failed');
      }),
    ).rejects.toThrow('a later check of the batch failed');
    expect(isStored('kept by a rollback')).toBe(true);
    expect((await t.admin.get(`/spapi/data/v2/file/${id}`)).body).toBe('kept by a rollback');
  });

  it('keeps the file when the caller may not delete the document', async () => {
    const id = await uploaded(t.admin, 'guarded.txt', 'guarded content');
    const readers = await createRole(t.admin, `Blob readers ${engine}`, [
      { typeId: sysType.document, canRead: true },
    ]);
    await t.addUser(`blobreader${engine}`, [readers]);
    const reader = await t.login(`blobreader${engine}`);
    expect((await reader.put([], [id])).status).toBe(403);
    expect(isStored('guarded content')).toBe(true);
  });

  it('keeps an earlier version’s file while the version is kept, and removes both with the document', async () => {
    const id = await uploaded(t.admin, 'plan.txt', 'plan, first draft');
    expect((await replace(t.admin, id, 'plan.txt', 'plan, second draft')).status).toBe(200);
    expect(isStored('plan, first draft')).toBe(true);
    expect((await t.admin.get(`/spapi/data/v2/file/${id}?version=1`)).body).toBe('plan, first draft');

    expect((await t.admin.put([], [id])).status).toBe(200);
    expect(isStored('plan, first draft')).toBe(false);
    expect(isStored('plan, second draft')).toBe(false);
  });

  it('removes an uploaded file whose document is refused, unless another document names it', async () => {
    const uploaders = await createRole(t.admin, `Blob uploaders ${engine}`, [
      { typeId: sysType.document, canRead: true },
      { typeId: sysType.document, canCreate: true, accessRuleCalculation: "[name] = 'allowed.txt'" },
    ]);
    await t.addUser(`blobuploader${engine}`, [uploaders]);
    const uploader = await t.login(`blobuploader${engine}`);
    expect((await upload(uploader, 'refused.txt', 'refused content')).status).toBe(403);
    expect(isStored('refused content')).toBe(false);

    await uploaded(t.admin, 'shared.txt', 'content someone has');
    expect((await upload(uploader, 'refused.txt', 'content someone has')).status).toBe(403);
    expect(isStored('content someone has')).toBe(true);
  });
});
