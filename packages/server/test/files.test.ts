import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { FolderBlobStore } from '../src/files/BlobStore.js';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { createRole, type Grant } from './support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

interface Part {
  name: string;
  fileName?: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = '----plinthTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName === undefined ? '' : `; filename="${p.fileName}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          `${p.fileName === undefined ? '' : `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`}\r\n`,
      ),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (client: Client, fileName: string, content: Buffer | string, query = '') => {
  const body = multipart([{ name: 'file', fileName, content }]);
  return client.request('POST', `/spapi/data/v2/document${query}`, body.payload, body.headers);
};
/**
 * Replaces a document's file as the browser does: sending the version of the record it read (the
 * document's ETag, read first unless `ifMatch` is given; null sends none).
 */
const replace = async (
  client: Client,
  id: number,
  fileName: string,
  content: Buffer | string,
  ifMatch?: string | null,
) => {
  const tag =
    ifMatch === undefined ? (await client.get(`/spapi/data/v2/document/${id}`)).headers.etag : ifMatch;
  const body = multipart([{ name: 'file', fileName, content }]);
  const headers = typeof tag === 'string' ? { ...body.headers, 'if-match': tag } : body.headers;
  return client.request('POST', `/spapi/data/v2/document/${id}/replace`, body.payload, headers);
};

describe.each(engines)('documents and files (%s)', (engine) => {
  let t: TestApp;
  let filesDir: string;

  const documentCount = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('entities')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', t.tenantId)
          .where('type_id', '=', sysType.document)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const role = (name: string, grants: Grant[]) => createRole(t.admin, name, grants);

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-files-'));
    t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 8 * 1_048_576 };
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('gives a new tenant the common document types with their mime types', async () => {
    const res = await t.admin.get('/spapi/data/v2/document/types');
    expect(res.status).toBe(200);
    const byExt = (ext: string) => res.body.documentTypes.find((d: any) => d.extensions.includes(ext));
    expect(byExt('pdf')).toMatchObject({
      name: 'PDF document',
      mimeType: 'application/pdf',
      extension: 'pdf',
    });
    expect(byExt('jpeg')).toMatchObject({ extension: 'jpg', mimeType: 'image/jpeg' });
    for (const ext of ['docx', 'xlsx', 'csv', 'txt', 'png', 'gif']) expect(byExt(ext)).toBeDefined();
  });

  it("keeps a document's file description to the server: a put cannot write its hash, extension or size", async () => {
    const res = await upload(t.admin, 'Kept.pdf', Buffer.from('%PDF-1.4 kept'));
    expect(res.status).toBe(200);
    const before = (await t.admin.read(res.body.id, 'fileDataHash, fileExtension, size')).body;
    const other = 'a'.repeat(64);
    const changed = await t.admin.put([{ id: res.body.id, fields: { fileDataHash: other, size: 1 } }]);
    expect(changed.status).toBe(400);
    expect(changed.body.error.details.errors).toEqual([
      { id: res.body.id, member: 'fileDataHash', message: "'File Data Hash' is read-only." },
      { id: res.body.id, member: 'size', message: "'Size' is read-only." },
    ]);
    const created = await t.admin.put([
      {
        id: 'new:d',
        typeId: 'core:document',
        fields: { name: 'Forged.pdf', fileDataHash: before.fileDataHash },
      },
    ]);
    expect(created.status).toBe(400);
    expect((await t.admin.read(res.body.id, 'fileDataHash, fileExtension, size')).body).toEqual(before);
  });

  it('uploads a file as a document and downloads it as an attachment with nosniff and a sandbox CSP', async () => {
    const content = Buffer.from('%PDF-1.4 quarterly report');
    const res = await upload(t.admin, 'Quarterly report.pdf', content);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Quarterly report.pdf',
      fileExtension: 'pdf',
      size: content.length,
      version: 1,
      canModify: true,
      documentType: { name: 'PDF document', mimeType: 'application/pdf' },
    });
    const read = await t.admin.read(res.body.id, 'fileDataHash, size');
    expect(read.body.fileDataHash).toMatch(/^[0-9a-f]{64}$/);

    const file = await t.app.inject({
      method: 'GET',
      url: `/spapi/data/v2/file/${res.body.id}`,
      headers: { cookie: (t.admin as any).auth.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Quarterly report.pdf"; filename*=UTF-8''Quarterly%20report.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');

    const inline = await t.admin.get(`/spapi/data/v2/file/${res.body.id}?inline=1`);
    expect(inline.status).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="Quarterly report.pdf"/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    // A PDF shown in the browser is sandboxed too (issue 14).
    expect(inline.headers['content-security-policy']).toMatch(/; sandbox$/);
  });

  it('keeps only the last segment of a path in the file name and stores nothing outside the store', async () => {
    for (const [sent, kept] of [
      ['../../../etc/passwd.txt', 'passwd.txt'],
      ['..\\..\\windows\\boot.csv', 'boot.csv'],
    ]) {
      const res = await upload(t.admin, sent!, 'a,b\n');
      expect(res.status).toBe(200);
      expect(res.body.name).toBe(kept);
    }
    expect(fs.existsSync(path.join(filesDir, '..', 'etc'))).toBe(false);
    const res = await upload(t.admin, '../..', 'x');
    expect(res.status).toBe(400);
  });

  it('refuses a file whose extension matches no document type, and stores no record', async () => {
    const before = await documentCount();
    for (const name of ['setup.exe', 'README']) {
      const res = await upload(t.admin, name, 'MZ');
      expect(res.status).toBe(400);
      // Spec 01 §8's sentence, then the formats that are allowed.
      expect(res.body.error.message).toBe(
        'Upload failed because the file format is not allowed. Allowed formats: pdf, docx, doc, xlsx, xls, ' +
          'pptx, ppt, csv, txt, png, jpg, jpeg, gif, webp, svg, zip.',
      );
    }
    expect(await documentCount()).toBe(before);
  });

  it('refuses a program whatever it is named, on upload and replace, and stores nothing', async () => {
    const before = await documentCount();
    // A Windows program: 'MZ', and at the offset in bytes 60–63 the PE signature.
    const windows = Buffer.alloc(300);
    windows.write('MZ', 0, 'latin1');
    windows.writeUInt32LE(128, 60);
    windows.write('PE\0\0', 128, 'latin1');
    const programs = [
      ['invoice.pdf', windows],
      ['notes.txt', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)])],
      ['app.zip', Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(64)])],
    ] as const;
    for (const [name, content] of programs) {
      const res = await upload(t.admin, name, content);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        'Upload failed because the file content is not allowed. Programs cannot be uploaded as documents.',
      );
    }
    expect(await documentCount()).toBe(before);
    expect(fs.readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
    const doc = await upload(t.admin, 'plain.txt', 'MZ is how this note begins, in words');
    expect(doc.status).toBe(200);
    const res = await replace(t.admin, doc.body.id, 'plain.txt', programs[0][1]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^Upload failed because the file content is not allowed\./);
    expect((await t.admin.get(`/spapi/data/v2/document/${doc.body.id}`)).body.version).toBe(1);
  });

  it('refuses an upload without a file part, or not sent as multipart', async () => {
    const noFile = multipart([{ name: 'note', content: 'hello' }]);
    const res = await t.admin.request('POST', '/spapi/data/v2/document', noFile.payload, noFile.headers);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Attach a file to upload.');
    const json = await t.admin.post('/spapi/data/v2/document', { file: 'x.pdf' });
    expect(json.status).toBe(415);
    expect(json.body.error.message).toBe('Send the file as multipart/form-data.');
  });

  it('refuses more than one file in an upload', async () => {
    const before = await documentCount();
    const two = multipart([
      { name: 'file', fileName: 'a.txt', content: 'a' },
      { name: 'file', fileName: 'b.txt', content: 'b' },
    ]);
    const res = await t.admin.request('POST', '/spapi/data/v2/document', two.payload, two.headers);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Upload one file at a time.');
    expect(await documentCount()).toBe(before);
  });

  it('takes files larger than the JSON body limit but refuses one over the upload limit with 413', async () => {
    const six = await upload(t.admin, 'big.txt', Buffer.alloc(6 * 1_048_576, 'a'));
    expect(six.status).toBe(200);
    expect(six.body.size).toBe(6 * 1_048_576);
    const before = await documentCount();
    const huge = await upload(t.admin, 'huge.txt', Buffer.alloc(9 * 1_048_576, 'a'));
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe('File size too large. Max file size: 8MB.');
    expect(await documentCount()).toBe(before);
    expect(fs.readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
  });

  it("answers 404 for another tenant's document and for a document the caller may not read", async () => {
    const res = await upload(t.admin, 'secret.txt', 'top secret');
    const id = res.body.id as number;
    const other = await t.addTenant(`other${engine}`);
    for (const url of [
      `/spapi/data/v2/file/${id}`,
      `/spapi/data/v2/document/${id}`,
      `/spapi/data/v2/image/${id}`,
    ])
      expect((await other.admin.get(url)).status).toBe(404);
    expect((await replace(other.admin, id, 'x.txt', 'overwritten')).status).toBe(404);

    await t.addUser(`nobody${engine}`, []);
    const nobody = await t.login(`nobody${engine}`);
    expect((await nobody.get(`/spapi/data/v2/file/${id}`)).status).toBe(404);
    expect((await upload(nobody, 'mine.txt', 'x')).status).toBe(403);
    expect((await t.admin.get('/spapi/data/v2/file/999999999')).status).toBe(404);
    expect((await t.admin.get('/spapi/data/v2/file/abc')).status).toBe(400);
  });

  it('replaces a document with a new version, keeping the earlier file', async () => {
    const first = await upload(t.admin, 'contract.pdf', 'version one');
    const id = first.body.id as number;
    const res = await replace(t.admin, id, 'contract v2.docx', 'version two');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: 'contract v2.docx',
      fileExtension: 'docx',
      size: 11,
      version: 2,
      documentType: { name: 'Word document' },
    });
    const now = await t.admin.get(`/spapi/data/v2/file/${id}`);
    expect(now.body).toBe('version two');
    expect(now.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const versions = await t.admin.get(`/spapi/data/v2/document/${id}/versions`);
    expect(versions.body).toMatchObject({
      current: 2,
      versions: [{ version: 1, name: 'contract.pdf', fileExtension: 'pdf', size: 11 }],
    });
    const old = await t.admin.get(`/spapi/data/v2/file/${id}?version=1`);
    expect(old.body).toBe('version one');
    expect(old.headers['content-disposition']).toMatch(/filename="contract.pdf"/);
    expect((await t.admin.get(`/spapi/data/v2/file/${id}?version=7`)).status).toBe(404);

    const bad = await replace(t.admin, id, 'contract.exe', 'MZ');
    expect(bad.status).toBe(400);
    expect((await t.admin.get(`/spapi/data/v2/document/${id}`)).body.version).toBe(2);
  });

  it('numbers the versions of two replaces at once in turn', async () => {
    const first = await upload(t.admin, 'minutes.txt', 'v1');
    const id = first.body.id as number;
    // `*`: each replaces whatever file is there, so both go ahead, one after the other.
    const [a, b] = await Promise.all([
      replace(t.admin, id, 'minutes a.txt', 'v2a', '*'),
      replace(t.admin, id, 'minutes b.txt', 'v2b', '*'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const versions = await t.admin.get(`/spapi/data/v2/document/${id}/versions`);
    expect(versions.body.current).toBe(3);
    expect(versions.body.versions.map((v: any) => v.version)).toEqual([2, 1]);
    expect(versions.body.versions[1].name).toBe('minutes.txt');
  });

  it('answers the record version of a document as its ETag and in its info', async () => {
    const doc = await upload(t.admin, 'brief.txt', 'one');
    expect(doc.body.recordVersion).toBe(1);
    const read = await t.admin.get(`/spapi/data/v2/document/${doc.body.id}`);
    expect(read.headers.etag).toBe('"1"');
    expect(read.body).toMatchObject({ version: 1, recordVersion: 1 });
    const replaced = await replace(t.admin, doc.body.id, 'brief.txt', 'two', '"1"');
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.headers.etag).toBe('"2"');
    expect(replaced.body).toMatchObject({ version: 2, recordVersion: 2 });
    expect((await t.admin.get(`/spapi/data/v2/document/${doc.body.id}`)).headers.etag).toBe('"2"');
  });

  it('refuses a replace without the version read (428) or with a stale one (412), keeping nothing', async () => {
    const doc = await upload(t.admin, 'terms.txt', 'terms one');
    const id = doc.body.id as number;
    // Someone else renames the document after it was read: the record is now at version 2.
    expect((await t.admin.put([{ id, fields: { name: 'terms (signed).txt' } }])).status).toBe(200);

    const blind = await replace(t.admin, id, 'terms.txt', 'blind overwrite', null);
    expect(blind.status).toBe(428);
    expect(blind.body.error).toMatchObject({
      code: 'precondition_required',
      message: 'Send the version you read as If-Match (the ETag of the record) to change it.',
    });
    const stale = await replace(t.admin, id, 'terms.txt', 'stale overwrite', '"1"');
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      error: {
        code: 'precondition_failed',
        message:
          "'terms (signed).txt' was changed by someone else after it was read. Read it again and retry.",
        details: { id, version: 2 },
      },
    });
    const now = await t.admin.get(`/spapi/data/v2/document/${id}`);
    expect(now.body).toMatchObject({ name: 'terms (signed).txt', version: 1, recordVersion: 2 });
    expect((await t.admin.get(`/spapi/data/v2/file/${id}`)).body).toBe('terms one');
    expect((await t.admin.get(`/spapi/data/v2/document/${id}/versions`)).body.versions).toEqual([]);
    // Neither refused file is kept in the store.
    expect(fs.readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
    const stored = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory()
            ? stored(path.join(dir, e.name))
            : [fs.readFileSync(path.join(dir, e.name), 'utf8')],
        );
    expect(stored(filesDir)).not.toContain('blind overwrite');
    expect(stored(filesDir)).not.toContain('stale overwrite');
  });

  it('lets only one of two replaces made from the same read go ahead', async () => {
    const doc = await upload(t.admin, 'agenda.txt', 'agenda v1');
    const id = doc.body.id as number;
    const [a, b] = await Promise.all([
      replace(t.admin, id, 'agenda a.txt', 'agenda a', '"1"'),
      replace(t.admin, id, 'agenda b.txt', 'agenda b', '"1"'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const won = a.status === 200 ? 'agenda a' : 'agenda b';
    expect((await t.admin.get(`/spapi/data/v2/file/${id}`)).body).toBe(won);
    const versions = await t.admin.get(`/spapi/data/v2/document/${id}/versions`);
    expect(versions.body).toMatchObject({ current: 2, versions: [{ version: 1, name: 'agenda.txt' }] });
  });

  it('lets a reader download but not replace a document', async () => {
    const doc = await upload(t.admin, 'policy.txt', 'policy');
    const readers = await role(`Doc readers ${engine}`, [{ typeId: sysType.document, canRead: true }]);
    await t.addUser(`reader${engine}`, [readers]);
    const reader = await t.login(`reader${engine}`);
    expect((await reader.get(`/spapi/data/v2/file/${doc.body.id}`)).body).toBe('policy');
    expect((await reader.get(`/spapi/data/v2/document/${doc.body.id}`)).body.canModify).toBe(false);
    expect((await replace(reader, doc.body.id, 'policy.txt', 'changed')).status).toBe(403);
    expect((await t.admin.get(`/spapi/data/v2/file/${doc.body.id}`)).body).toBe('policy');
  });

  it('lets a rule with a calculation allow replacing only the documents it accepts', async () => {
    const open = await upload(t.admin, 'open notes.txt', 'open');
    const closed = await upload(t.admin, 'closed notes.txt', 'closed');
    const editors = await role(`Doc editors ${engine}`, [
      { typeId: sysType.document, canRead: true },
      { typeId: sysType.document, canModify: true, accessRuleCalculation: "[name] = 'open notes.txt'" },
    ]);
    await t.addUser(`editor${engine}`, [editors]);
    const editor = await t.login(`editor${engine}`);
    expect((await editor.get(`/spapi/data/v2/document/${open.body.id}`)).body.canModify).toBe(true);
    expect((await editor.get(`/spapi/data/v2/document/${closed.body.id}`)).body.canModify).toBe(false);
    expect((await replace(editor, open.body.id, 'open notes.txt', 'open v2')).status).toBe(200);
    expect((await replace(editor, closed.body.id, 'closed notes.txt', 'closed v2')).status).toBe(403);
    expect((await t.admin.get(`/spapi/data/v2/file/${open.body.id}`)).body).toBe('open v2');
    expect((await t.admin.get(`/spapi/data/v2/file/${closed.body.id}`)).body).toBe('closed');
  });

  it('serves image documents for thumbnails and refuses other documents there', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const image = await upload(t.admin, 'avatar.png', png);
    for (const size of ['small', 'full']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/spapi/data/v2/image/${image.body.id}?size=${size}`,
        headers: { cookie: (t.admin as any).auth.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(png)).toBe(true);
    }
    const pdf = await upload(t.admin, 'not-an-image.pdf', '%PDF');
    expect((await t.admin.get(`/spapi/data/v2/image/${pdf.body.id}`)).status).toBe(404);
  });

  describe('what a preview may render (decision 0012)', () => {
    const fileAnswer = (id: number, query = '?inline=1') =>
      t.app.inject({
        method: 'GET',
        url: `/spapi/data/v2/file/${id}${query}`,
        headers: { cookie: (t.admin as any).auth.cookie },
      });
    const uploaded = async (name: string, content: Buffer | string) => {
      const res = await upload(t.admin, name, content);
      expect(res.status).toBe(200);
      return res.body.id as number;
    };
    const sandboxed = /^default-src 'none';.*; sandbox$/;

    it('shows a PDF inline under the sandbox, with nothing loaded but the PDF itself', async () => {
      const content = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
      const id = await uploaded('Board minutes.pdf', content);
      const res = await fileAnswer(id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(content)).toBe(true);
      expect(res.headers['content-length']).toBe(String(content.length));
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="Board minutes.pdf"/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; object-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
      );
      // Downloaded, the same PDF keeps the sandbox: nothing is rendered then.
      const download = await fileAnswer(id, '');
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['content-security-policy']).toMatch(sandboxed);
    });

    it('answers a revalidation of the file the browser has with 304, without reading the stored file', async () => {
      const revalidate = (id: number, etag: string, query = '?inline=1') =>
        t.app.inject({
          method: 'GET',
          url: `/spapi/data/v2/file/${id}${query}`,
          headers: { cookie: (t.admin as any).auth.cookie, 'if-none-match': etag },
        });
      const first = Buffer.from('%PDF-1.7\nfirst\n%%EOF\n');
      const id = await uploaded('Contract.pdf', first);
      const res = await fileAnswer(id);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);

      const opened = vi.spyOn(t.services.files!.store, 'open');
      try {
        for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
          const again = await revalidate(id, ifNoneMatch);
          expect(again.statusCode, ifNoneMatch).toBe(304);
          expect(again.rawPayload.length, ifNoneMatch).toBe(0);
          expect(again.headers.etag, ifNoneMatch).toBe(etag);
          expect(again.headers['cache-control'], ifNoneMatch).toBe('private, no-cache');
        }
        expect(opened).not.toHaveBeenCalled();

        // Another tag is answered in full, as is `*` (it would not tell the file is still there),
        // and a caller who may not read the document gets 404.
        expect((await revalidate(id, '"something else"')).statusCode).toBe(200);
        expect((await revalidate(id, '*')).statusCode).toBe(200);
        expect(opened).toHaveBeenCalledTimes(2);
        expect((await revalidate(id + 1_000_000, etag)).statusCode).toBe(404);
      } finally {
        opened.mockRestore();
      }

      // A new version is a new tag: the old one gets the new file in full, the earlier version still matches its own.
      const second = Buffer.from('%PDF-1.7\nsecond\n%%EOF\n');
      expect((await replace(t.admin, id, 'Contract.pdf', second)).status).toBe(200);
      const changed = await revalidate(id, etag);
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.equals(second)).toBe(true);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.headers['content-type']).toBe('application/pdf');
      expect((await revalidate(id, etag, '?inline=1&version=1')).statusCode).toBe(304);

      // The same bytes under another name are another answer (its Content-Disposition differs).
      expect((await replace(t.admin, id, 'Signed contract.pdf', second)).status).toBe(200);
      const renamed = await revalidate(id, String(changed.headers.etag));
      expect(renamed.statusCode).toBe(200);
      expect(renamed.headers['content-disposition']).toMatch(/^inline; filename="Signed contract.pdf"/);
    });

    it('serves a file named .pdf that is not a PDF as bytes to save, sandboxed', async () => {
      for (const [name, content] of [
        ['fake.pdf', '<!doctype html><script>alert(document.domain)</script>'],
        ['late header.pdf', ' %PDF-1.4 header not at the start'],
        ['empty.pdf', ''],
      ] as const) {
        const res = await fileAnswer(await uploaded(name, content));
        expect(res.statusCode, name).toBe(200);
        expect(res.body, name).toBe(content);
        expect(res.headers['content-type'], name).toBe('application/octet-stream');
        expect(res.headers['content-disposition'], name).toMatch(
          new RegExp(`^attachment; filename="${name}"`),
        );
        expect(res.headers['x-content-type-options'], name).toBe('nosniff');
        expect(res.headers['content-security-policy'], name).toMatch(sandboxed);
      }
    });

    it('keeps SVG, HTML and text sandboxed even when their bytes begin like a PDF', async () => {
      const html = await t.admin.put([
        {
          id: 'new:html',
          typeId: 'core:documentFileType',
          fields: { name: 'Web page', fileTypeExtensions: 'html' },
        },
      ]);
      expect(html.status).toBe(200);
      for (const [name, content, type] of [
        [
          'logo.svg',
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          'image/svg+xml',
        ],
        ['page.html', '<!doctype html><script>alert(1)</script>', 'text/html'],
        ['pdf-like.html', '%PDF-1.4 <script>alert(1)</script>', 'text/html'],
        ['notes.txt', '%PDF-1.4 plain notes', 'text/plain'],
      ] as const) {
        const res = await fileAnswer(await uploaded(name, content));
        expect(res.statusCode, name).toBe(200);
        expect(res.headers['content-type'], name).toBe(type);
        expect(res.headers['x-content-type-options'], name).toBe('nosniff');
        expect(res.headers['content-security-policy'], name).toMatch(sandboxed);
      }
    });

    it('shows images whose bytes are images, by their own type, and not other bytes named as images', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const jpeg = Buffer.from('ffd8ffe000104a4649460001', 'hex');
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
      const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
      for (const [name, content, type] of [
        ['photo.png', png, 'image/png'],
        ['photo.jpg', jpeg, 'image/jpeg'],
        ['anim.gif', gif, 'image/gif'],
        ['pic.webp', webp, 'image/webp'],
        // A JPEG named .png is shown as the JPEG it is.
        ['misnamed.png', jpeg, 'image/jpeg'],
      ] as const) {
        const id = await uploaded(name, content);
        for (const url of [`/spapi/data/v2/file/${id}?inline=1`, `/spapi/data/v2/image/${id}?size=full`]) {
          const res = await t.app.inject({
            method: 'GET',
            url,
            headers: { cookie: (t.admin as any).auth.cookie },
          });
          expect(res.statusCode, `${name} ${url}`).toBe(200);
          expect(res.rawPayload.equals(content), name).toBe(true);
          expect(res.headers['content-type'], name).toBe(type);
          expect(res.headers['content-disposition'], name).toMatch(/^inline;/);
          expect(res.headers['content-security-policy'], name).toMatch(sandboxed);
        }
      }
      const fake = await uploaded('fake.png', '<svg xmlns="http://www.w3.org/2000/svg"/>');
      for (const url of [`/spapi/data/v2/file/${fake}?inline=1`, `/spapi/data/v2/image/${fake}`]) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: (t.admin as any).auth.cookie },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('application/octet-stream');
        expect(res.headers['content-disposition'], url).toMatch(/^attachment;/);
        expect(res.headers['content-security-policy'], url).toMatch(sandboxed);
      }
    });
  });

  it('describes the file calls in the API document', async () => {
    const res = await t.admin.get('/api/docs');
    expect(res.status).toBe(200);
    for (const path of [
      '/spapi/data/v2/document',
      '/spapi/data/v2/document/{id}/replace',
      '/spapi/data/v2/document/types',
      '/spapi/data/v2/file/{id}',
      '/spapi/data/v2/image/{id}',
    ])
      expect(Object.keys(res.body.paths)).toContain(path);
  });

  it('links an uploaded document to a record through a relationship', async () => {
    const { typeId: project } = await defineType(t.admin, `Project${engine}`, []);
    const relId = await defineRelationship(
      t.admin,
      'manyToMany',
      project,
      sysType.document,
      'files',
      'projects',
    );
    const p = await t.admin.put([{ id: 'new:p', typeId: project, fields: { name: 'Apollo' } }]);
    const projectId = p.body.ids['new:p'] as number;
    const res = await upload(
      t.admin,
      'plan.pdf',
      '%PDF plan',
      `?eid=${projectId}&relid=${relId}&direction=fwd`,
    );
    expect(res.status).toBe(200);
    const read = await t.admin.read(projectId, 'files.name');
    expect(read.body.files.map((f: any) => f.name)).toEqual(['plan.pdf']);

    expect((await upload(t.admin, 'x.pdf', '%PDF', `?eid=999999999&relid=${relId}`)).status).toBe(404);
    expect(
      (await upload(t.admin, 'x.pdf', '%PDF', `?eid=${projectId}&relid=${relId}&direction=rev`)).status,
    ).toBe(400);
  });
});

describe('file storage settings', () => {
  it('keeps files under the data folder and takes uploads up to 25 MB unless configured', () => {
    const config = loadConfig({ DATA_DIR: '/srv/plinth' });
    expect(config.filesDir).toBe(path.resolve('/srv/plinth/files'));
    expect(config.maxUploadBytes).toBe(25 * 1_048_576);
    const custom = loadConfig({
      DATA_DIR: '/srv/plinth',
      PLINTH_FILES_DIR: '/mnt/blobs',
      PLINTH_MAX_UPLOAD_MB: '100',
    });
    expect(custom.filesDir).toBe(path.resolve('/mnt/blobs'));
    expect(custom.maxUploadBytes).toBe(100 * 1_048_576);
  });

  it('refuses an upload limit that is not a whole number of megabytes', () => {
    for (const value of ['0', '-1', '2.5', '1e3', 'lots', '99999'])
      expect(() => loadConfig({ PLINTH_MAX_UPLOAD_MB: value })).toThrow(
        'PLINTH_MAX_UPLOAD_MB must be a whole number of megabytes from 1 to 10240.',
      );
  });
});
