import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { exportDownloadPath, exportResult, sysField } from '@plinth/schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBlobStore } from '../src/files/BlobStore.js';
import { keptAnswers } from '../src/reports/keptAnswers.js';
import { parseCsv, requestExport } from './exports/exportSupport.js';
import { createReport, fieldColumn } from './reports/reportSupport.js';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/** The body of an answer, decoded as its Content-Encoding says. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

const browser = 'gzip, deflate, br, zstd';

describe.each(engines)('compressed answers (%s)', (engine) => {
  let t: TestApp;
  let filesDir: string;
  let reportId: number;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: t.admin.auth.cookie!, ...headers } });
  /** Runs the report (its first page of rows with their metadata) as the browser does. */
  const runReport = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/spapi/data/v1/report/${reportId}`,
      headers: { cookie: t.admin.auth.cookie!, 'x-csrf-token': t.admin.auth.csrf!, ...headers },
      payload: {},
    });

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-compression-'));
    t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 8 * 1_048_576 };
    const type = await defineType(t.admin, 'Note', [{ name: 'Body', script: 'body', type: 'Text' }]);
    const res = await t.admin.put(
      Array.from({ length: 120 }, (_, i) => ({
        id: `new:${i}`,
        typeId: type.typeId,
        fields: { name: `note ${String(i).padStart(3, '0')}`, body: `the body of note ${i}, "quoted"` },
      })),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    reportId = await createReport(
      t.admin,
      {
        rootTypeId: type.typeId,
        columns: [fieldColumn('name', sysField.name), fieldColumn('body', type.fieldIds.body!)],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      },
      'Notes',
    );
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  /** Runs the report with nothing kept: its answer is computed, then compressed. */
  const runReportAfresh = (headers: Record<string, string> = {}) => {
    keptAnswers(t.services.db).clear();
    return runReport(headers);
  };
  /** Runs the report twice with nothing kept: the second answer is kept (decision 0148). */
  const runReportTwiceAfresh = async (headers: Record<string, string> = {}) => {
    await runReportAfresh(headers);
    return runReport(headers);
  };

  it('sends a JSON answer compressed as the browser accepts it, the same once decoded', async () => {
    const plain = await runReportAfresh();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(5000);
    for (const [accept, expected] of [
      [browser, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await runReportAfresh({ 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decoded(res).toString())).toEqual(JSON.parse(plain.body));
    }
  });

  it('sends a kept answer again as the gzip it prepared, the same once decoded (decision 0146)', async () => {
    const first = await runReportTwiceAfresh({ 'accept-encoding': browser });
    expect(first.headers['content-encoding']).toBe('br');
    const lrtless = (body: Buffer) => ({ ...JSON.parse(body.toString()), lrt: undefined });
    for (const [accept, expected] of [
      [browser, 'gzip'],
      ['gzip;q=0.5, br', 'gzip'],
      ['*', 'gzip'],
      ['br', 'br'],
      ['gzip;q=0, br', 'br'],
      ['identity', undefined],
    ] as const) {
      const res = await runReport({ 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      if (expected) expect(res.headers.vary).toContain('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(lrtless(decoded(res))).toEqual(lrtless(decoded(first)));
      expect(JSON.parse(decoded(res).toString()).lrt).toEqual(expect.any(String));
    }
    const unasked = await runReport({ 'accept-encoding': browser, 'x-no-compression': '1' });
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(lrtless(unasked.rawPayload)).toEqual(lrtless(decoded(first)));
  });

  it('compresses a page of rows in one piece, with its length, as it does a small answer', async () => {
    const plain = await runReportAfresh();
    // Over 8 kB, where the compressor's own default would stream it (decision 0134).
    expect(plain.rawPayload.length).toBeGreaterThan(8192);
    const res = await runReportAfresh({ 'accept-encoding': browser });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('streams a CSV export compressed, every row there once decoded', async () => {
    const files: Record<string, Buffer> = {};
    for (const accept of ['identity', browser, 'gzip']) {
      const started = await requestExport(t.admin, reportId, 'csv');
      expect(started.status).toBe(200);
      const res = await get(exportDownloadPath(exportResult.parse(started.body), 'Notes'), {
        'accept-encoding': accept,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(
        { identity: undefined, [browser]: 'br', gzip: 'gzip' }[accept],
      );
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('Notes.csv');
      expect(res.headers['cache-control']).toBe('no-store');
      files[accept] = decoded(res);
    }
    const rows = parseCsv(files.identity!.toString('utf8').slice(1));
    expect(rows).toHaveLength(121);
    expect(rows[1]).toEqual(['note 000', 'the body of note 0, "quoted"']);
    expect(files[browser]!.equals(files.identity!)).toBe(true);
    expect(files.gzip!.equals(files.identity!)).toBe(true);
  });

  it('sends stored files as they are: their length, their ETag, 304 when unchanged', async () => {
    const text = Buffer.from('A line of a plain note that compresses well.\n'.repeat(400));
    const forged = Buffer.from('not a PDF at all, '.repeat(200));
    for (const [fileName, content] of [
      ['notes.txt', text],
      // Served as application/octet-stream: still not compressed.
      ['forged.pdf', forged],
    ] as const) {
      const boundary = '----plinthCompression';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await t.admin.request('POST', '/spapi/data/v2/document', payload, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const url = `/spapi/data/v2/file/${up.body.id}`;
      const plain = await get(url);
      for (const accept of [browser, 'gzip']) {
        const res = await get(url, { 'accept-encoding': accept });
        expect(res.statusCode, fileName).toBe(200);
        expect(res.headers['content-encoding'], fileName).toBeUndefined();
        expect(Number(res.headers['content-length']), fileName).toBe(content.length);
        expect(res.rawPayload.equals(content), fileName).toBe(true);
        expect(res.headers.etag, fileName).toBe(plain.headers.etag);
        const again = await get(url, {
          'accept-encoding': accept,
          'if-none-match': String(res.headers.etag),
        });
        expect(again.statusCode, fileName).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
    }
  });
});
