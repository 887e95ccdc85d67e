import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBlobStore } from '../src/files/BlobStore.js';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { createRole } from './support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/** One file as a browser's multipart/form-data upload. */
function filePart(fileName: string, content: string) {
  const boundary = '----plinthRelatedDocs';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (client: Client, fileName: string, content: string, query = '') => {
  const body = filePart(fileName, content);
  return client.request('POST', `/spapi/data/v2/document${query}`, body.payload, body.headers);
};

/** The documents control's list call: a record's documents through one relationship end. */
describe.each(engines)("a record's related documents (%s)", (engine) => {
  let t: TestApp;
  let filesDir: string;
  let project: number;
  let relId: number;
  let apollo: number;
  let gemini: number;

  const related = (client: Client, eid: number, direction = 'fwd', rel = relId) =>
    client.get(`/spapi/data/v2/document/related?eid=${eid}&relid=${rel}&direction=${direction}`);

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-related-'));
    t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 1_048_576 };
    project = (await defineType(t.admin, `Venture${engine}`, [])).typeId;
    relId = await defineRelationship(t.admin, 'manyToMany', project, sysType.document, 'papers', 'ventures');
    const put = await t.admin.put([
      { id: 'new:a', typeId: project, fields: { name: 'Apollo' } },
      { id: 'new:g', typeId: project, fields: { name: 'Gemini' } },
    ]);
    apollo = put.body.ids['new:a'];
    gemini = put.body.ids['new:g'];
    const link = `?eid=${apollo}&relid=${relId}&direction=fwd`;
    expect((await upload(t.admin, 'budget.csv', 'a,b\n1,2', link)).status).toBe(200);
    expect((await upload(t.admin, 'Agenda.txt', 'agenda', link)).status).toBe(200);
    expect((await upload(t.admin, 'unrelated.txt', 'other')).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('lists the documents of a record by name, with their type, size and version', async () => {
    const res = await related(t.admin, apollo);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.canUpload).toBe(true);
    expect(res.body.documents).toMatchObject([
      { name: 'Agenda.txt', fileExtension: 'txt', size: 6, version: 1, canModify: true },
      { name: 'budget.csv', fileExtension: 'csv', size: 7, version: 1 },
    ]);
    expect(res.body.documents[1].documentType).toMatchObject({ extension: 'csv' });
    expect((await related(t.admin, gemini)).body).toEqual({ documents: [], total: 0, canUpload: true });
  });

  it("marks the ends that reach documents in the type's schema, so forms show them as documents", async () => {
    const ends = async (typeId: number) =>
      (await t.admin.get(`/spapi/data/v1/schema/type/${typeId}`)).body.relationships.filter(
        (r: { id: number }) => r.id === relId,
      );
    expect(await ends(project)).toMatchObject([{ direction: 'fwd', endIsDocument: true }]);
    expect(await ends(sysType.document)).toMatchObject([{ direction: 'rev', endIsDocument: false }]);
  });

  it('lists the record from the document side too', async () => {
    const [doc] = (await related(t.admin, apollo)).body.documents;
    const back = await t.admin.read(doc.id, 'ventures.name');
    expect(back.body.ventures.map((v: { name: string }) => v.name)).toEqual(['Apollo']);
  });

  it('drops a document once it is unlinked from the record', async () => {
    const link = `?eid=${gemini}&relid=${relId}&direction=fwd`;
    const doc = (await upload(t.admin, 'draft.txt', 'draft', link)).body;
    expect((await related(t.admin, gemini)).body.total).toBe(1);
    const unlinked = await t.admin.put([
      { id: doc.id, relationships: { [`#${relId}:rev`]: { remove: [gemini] } } },
    ]);
    expect(unlinked.status).toBe(200);
    expect((await related(t.admin, gemini)).body.total).toBe(0);
    // The document itself is kept.
    expect((await t.admin.get(`/spapi/data/v2/document/${doc.id}`)).status).toBe(200);
  });

  it('refuses what is not a record, a relationship to documents or the right end', async () => {
    expect((await related(t.admin, 999_999_999)).status).toBe(404);
    expect((await related(t.admin, apollo, 'rev')).status).toBe(400);
    expect((await related(t.admin, apollo, 'fwd', 999_999_999)).status).toBe(400);
    const doc = (await related(t.admin, apollo)).body.documents[0];
    // A document is not the relationship's from side: the record's type must be.
    const wrongHost = await related(t.admin, doc.id);
    expect(wrongHost.status).toBe(400);
    expect(wrongHost.body.error.message).toBe(
      "The relationship does not link the record's type to documents.",
    );
    for (const query of ['', '?eid=abc&relid=1', `?eid=${apollo}`, `?eid=${apollo}&relid=${relId}&x=1`])
      expect((await t.admin.get(`/spapi/data/v2/document/related${query}`)).status).toBe(400);
  });

  it('refuses a user who may not read the record, without telling whether it exists', async () => {
    const docsOnly = await createRole(t.admin, `Docs only ${engine}`, [
      { typeId: sysType.document, canRead: true },
    ]);
    await t.addUser(`docsonly${engine}`, [docsOnly]);
    const outsider = await t.login(`docsonly${engine}`);
    const refused = await related(outsider, apollo);
    const missing = await related(outsider, 999_999_998);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(missing.body);
    expect(JSON.stringify(refused.body)).not.toContain('Agenda');
  });

  it('lists only the documents a user may read, and says whether they may upload', async () => {
    const readers = await createRole(t.admin, `Venture readers ${engine}`, [
      { typeId: project, canRead: true },
      { typeId: sysType.document, canRead: true, accessRuleCalculation: "[name] = 'Agenda.txt'" },
    ]);
    await t.addUser(`venturereader${engine}`, [readers]);
    const reader = await t.login(`venturereader${engine}`);
    const res = await related(reader, apollo);
    expect(res.status).toBe(200);
    expect(res.body.documents.map((d: { name: string }) => d.name)).toEqual(['Agenda.txt']);
    expect(res.body.total).toBe(1);
    expect(res.body.canUpload).toBe(false);
    expect(res.body.documents[0].canModify).toBe(false);
  });

  it('lets only those who may change the record attach a document to it', async () => {
    const uploaders = await createRole(t.admin, `Uploaders ${engine}`, [
      { typeId: project, canRead: true },
      { typeId: sysType.document, canRead: true, canCreate: true },
    ]);
    await t.addUser(`uploader${engine}`, [uploaders]);
    const uploader = await t.login(`uploader${engine}`);
    expect((await related(uploader, apollo)).body.canUpload).toBe(false);
    const link = `?eid=${apollo}&relid=${relId}&direction=fwd`;
    const refused = await upload(uploader, 'sneaky.txt', 'sneaky', link);
    expect(refused.status).toBe(403);
    expect(
      (await related(t.admin, apollo)).body.documents.map((d: { name: string }) => d.name),
    ).not.toContain('sneaky.txt');
    // Unlinked, the same user may still upload a document of their own.
    expect((await upload(uploader, 'mine.txt', 'mine')).status).toBe(200);

    const editors = await createRole(t.admin, `Venture editors ${engine}`, [
      { typeId: project, canRead: true, canModify: true },
      { typeId: sysType.document, canRead: true, canCreate: true },
    ]);
    await t.addUser(`ventureeditor${engine}`, [editors]);
    const editor = await t.login(`ventureeditor${engine}`);
    expect((await related(editor, gemini)).body.canUpload).toBe(true);
    expect((await upload(editor, 'minutes.txt', 'minutes', `?eid=${gemini}&relid=${relId}`)).status).toBe(
      200,
    );
    expect((await related(editor, gemini)).body.documents.map((d: { name: string }) => d.name)).toContain(
      'minutes.txt',
    );
  });

  it('lists an end to a type derived from documents, where a plain upload cannot go', async () => {
    const contract = (await defineType(t.admin, `Contract${engine}`, [], sysType.document)).typeId;
    const contractsRel = await defineRelationship(
      t.admin,
      'manyToMany',
      project,
      contract,
      'contracts',
      'ofVenture',
    );
    const res = await related(t.admin, apollo, 'fwd', contractsRel);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ documents: [], total: 0, canUpload: false });
  });

  it('is described in the API document', async () => {
    const res = await t.admin.get('/api/docs');
    expect(Object.keys(res.body.paths)).toContain('/spapi/data/v2/document/related');
  });
});
