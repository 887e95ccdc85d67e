import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sysField } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import type { RequestContext } from '../../src/context.js';
import { downloadExport, startExport } from '../../src/exports/exportService.js';
import { createReport, fieldColumn } from '../reports/reportSupport.js';
import { defineType } from '../support/crmSchema.js';
import { insertRecordsDirectly } from '../support/directRecords.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import { docxTableRows, exportAndDownload, parseCsv, readXlsx, unzipEntry } from './exportSupport.js';

const ROWS = 5_000;
/** Row i's text: every fifth starts with '=' and must come out neutralised. */
const textOf = (i: number) => (i % 5 === 0 ? `=cmd|' /C calc'!A${i}` : `row ${i}, "quoted"`);
const nameOf = (i: number) => `n${String(i).padStart(5, '0')}`;
/** Text that does not compress much, so the files are large enough to fill the streams' buffers. */
const noiseOf = (i: number) =>
  [1, 2, 3].map((k) => createHash('sha256').update(`${i}:${k}`).digest('hex')).join('');

describe.each(engines)('large report export on %s', (engine) => {
  let t: TestApp;
  let reportId: number;
  let ctx: RequestContext;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const type = await defineType(t.admin, 'Bulk', [
      { name: 'Txt', script: 'txt', type: 'Text' },
      { name: 'N', script: 'n', type: 'Number' },
      { name: 'Noise', script: 'noise', type: 'Text' },
    ]);
    // Inserted below the entity service: 5,000 puts through HTTP would only slow the test.
    await insertRecordsDirectly(t, type.typeId, ROWS, (i) => ({
      name: nameOf(i),
      data: {
        [type.fieldIds.txt!]: textOf(i),
        [type.fieldIds.n!]: i - 2_500,
        [type.fieldIds.noise!]: noiseOf(i),
      },
    }));
    reportId = await createReport(
      t.admin,
      {
        rootTypeId: type.typeId,
        columns: [
          fieldColumn('name', sysField.name),
          fieldColumn('txt', type.fieldIds.txt!),
          fieldColumn('n', type.fieldIds.n!),
          fieldColumn('noise', type.fieldIds.noise!),
        ],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      },
      'Bulk',
    );
    ctx = await contextFor(t.services, t.tenantId, t.adminId);
  }, 120_000);
  afterAll(() => t.close());

  const expectedRow = (i: number) => [
    nameOf(i),
    i % 5 === 0 ? `'${textOf(i)}` : textOf(i),
    i - 2_500,
    noiseOf(i),
  ];

  it('exports 5,000 rows to CSV over HTTP, every row once, in order', async () => {
    const file = await exportAndDownload(t, t.admin, reportId, 'csv');
    const rows = parseCsv(file.body.toString('utf8').slice(1));
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows[0]).toEqual(['Name', 'Txt', 'N', 'Noise']);
    for (let i = 0; i < ROWS; i++) {
      const want = expectedRow(i);
      expect(rows[i + 1]).toEqual(want.map(String));
    }
  });

  it('exports 5,000 rows to Excel over HTTP', async () => {
    const file = await exportAndDownload(t, t.admin, reportId, 'excel');
    const { rows } = await readXlsx(file.body);
    expect(rows).toHaveLength(ROWS + 1);
    for (let i = 0; i < ROWS; i++) expect(rows[i + 1]).toEqual(expectedRow(i));
  }, 60_000);

  it('stops reading the report while nobody reads the file, and reads it to the end when someone does', async () => {
    for (const format of ['csv', 'excel'] as const) {
      const pages: number[] = [];
      const { fileHash } = await startExport(ctx, reportId, format, {});
      const file = await downloadExport(ctx, fileHash, format, {
        pageSize: 100,
        onPage: (index) => pages.push(index),
      });
      const body = file.body as Readable;
      // Nobody reads: the writer stops after the pages that fill the stream's buffers (CSV reads
      // none until asked; Excel fills its buffers first).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pages.length, format).toBeLessThan(ROWS / 100 / 2);
      let bytes = 0;
      let pagesAtFirstChunk = -1;
      for await (const chunk of body) {
        if (pagesAtFirstChunk < 0) pagesAtFirstChunk = pages.length;
        bytes += (chunk as Buffer).length;
      }
      expect(pagesAtFirstChunk, format).toBeLessThan(ROWS / 100 / 2);
      expect(bytes, format).toBeGreaterThan(0);
      expect(pages.length, format).toBe(ROWS / 100 + 1); // the last page is the empty one
    }
  }, 60_000);

  it('caps a Word export and says so under the table', async () => {
    const { fileHash } = await startExport(ctx, reportId, 'word', {});
    const file = await downloadExport(ctx, fileHash, 'word', { maxRows: 120, pageSize: 50 });
    const xml = unzipEntry(file.body as Buffer, 'word/document.xml');
    const rows = docxTableRows(xml);
    expect(rows).toHaveLength(121);
    expect(rows[120]).toEqual(expectedRow(119).map(String));
    expect(xml).toContain('Only the first 10,000 rows are included.');
    // Under the cap, no such line.
    const small = await exportAndDownload(t, t.admin, reportId, 'word', {
      limitOperator: 'ResultLimit',
      limitValue: 3,
    });
    const smallXml = unzipEntry(small.body, 'word/document.xml');
    expect(docxTableRows(smallXml)).toHaveLength(4);
    expect(smallXml).not.toContain('Only the first');
  }, 60_000);
});
