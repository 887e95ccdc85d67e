import { sysField, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReport,
  createRole,
  fieldColumn,
  putRecords,
  relColumn,
  setTenantSettings,
  writeRawField,
} from '../reports/reportSupport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  docxTableRows,
  download,
  downloadUrl,
  exportAndDownload,
  parseCsv,
  readXlsx,
  requestExport,
  unzipEntry,
  zipEntries,
} from './exportSupport.js';

/** The text values the export must neutralise or carry unchanged, by record key. */
const texts: Record<string, string> = {
  r1: '=SUM(A1)',
  r2: '+1',
  r3: '-cmd',
  r4: '@x',
  r5: '\tTab',
  r6: '\rCR',
  r7: 'a, "quoted", b\nsecond line',
  r8: 'Ünïcödé 日本語 😀',
  r9: 'plain',
};
/** What each text becomes in a file: a leading apostrophe for the six formula starts. */
const expectedText: Record<string, string> = {
  r1: "'=SUM(A1)",
  r2: "'+1",
  r3: "'-cmd",
  r4: "'@x",
  r5: "'\tTab",
  r6: "'\rCR",
  r7: 'a, "quoted", b\nsecond line',
  r8: 'Ünïcödé 日本語 😀',
  r9: 'plain',
};
const keys = Object.keys(texts);
/** Quantities: distinct, so the report's sort by quantity fixes the row order (r1 first). */
const qty = (i: number) => (i === 0 ? -5 : i * 10);

describe.each(engines)('report export on %s', (engine) => {
  let t: TestApp;
  let item: { typeId: number; fieldIds: Record<string, number> };
  let reportId: number;
  let ids: Record<string, number>;
  let cats: Record<string, number>;
  let categoryRel: number;
  const title = 'Items — ünï';
  const header = ['Name', 'Txt', 'Qty', 'Price', 'Due', 'At', 'Open', 'category'];

  beforeAll(async () => {
    t = await startTestApp(engine);
    await setTenantSettings(t, { timeZone: 'Australia/Sydney' });
    const category = await defineType(t.admin, 'Category', []);
    item = await defineType(t.admin, 'Item', [
      { name: 'Txt', script: 'txt', type: 'MultilineText' },
      { name: 'Qty', script: 'qty', type: 'Number' },
      { name: 'Price', script: 'price', type: 'Currency' },
      { name: 'Due', script: 'due', type: 'Date' },
      { name: 'At', script: 'at', type: 'DateTime' },
      { name: 'Open', script: 'open', type: 'Boolean' },
      { name: 'Secret', script: 'secret', type: 'Text' },
    ]);
    categoryRel = await defineRelationship(
      t.admin,
      'lookup',
      item.typeId,
      category.typeId,
      'category',
      'items',
    );
    cats = await putRecords(t.admin, [
      { id: 'new:c1', typeId: category.typeId, fields: { name: '@cat' } },
      { id: 'new:c2', typeId: category.typeId, fields: { name: 'Tools' } },
    ]);
    ids = await putRecords(
      t.admin,
      keys.map((k, i) => ({
        id: `new:${k}`,
        typeId: item.typeId,
        fields: {
          name: k === 'r1' ? '=HYPERLINK("http://evil.test","x")' : k,
          txt: texts[k],
          qty: qty(i),
          price: i === 0 ? '-12.50' : `${i}.25`,
          due: '2026-03-01',
          at: '2026-03-15T01:30:00.000Z',
          open: i % 2 === 0,
          secret: 'hidden column',
        },
        relationships: { category: { set: [i === 0 ? cats.c1! : cats.c2!] } },
      })),
    );
    const f = item.fieldIds;
    reportId = await createReport(
      t.admin,
      {
        rootTypeId: item.typeId,
        columns: [
          fieldColumn('name', sysField.name),
          fieldColumn('txt', f.txt!),
          fieldColumn('qty', f.qty!),
          fieldColumn('price', f.price!),
          fieldColumn('due', f.due!),
          fieldColumn('at', f.at!),
          fieldColumn('open', f.open!),
          { ...fieldColumn('secret', f.secret!), hidden: true },
          relColumn('category', categoryRel),
        ],
        sorts: [{ columnId: 'qty', order: 'Ascending' }],
        conditions: [{ id: 'q', columnId: 'qty', oper: 'GreaterThan', value: -1000 }],
      },
      title,
    );
  }, 60_000);
  afterAll(() => t.close());

  it('exports CSV: RFC 4180, a header row, numbers as numbers and every formula start neutralised', async () => {
    const file = await exportAndDownload(t, t.admin, reportId, 'csv');
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Items _ _n_.csv"; filename*=UTF-8''${encodeURIComponent(`${title}.csv`)}`,
    );
    const text = file.body.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(header);
    expect(rows).toHaveLength(keys.length + 1);
    expect(rows.slice(1).map((r) => r[1])).toEqual(keys.map((k) => expectedText[k]));
    const [first, second] = [rows[1]!, rows[2]!];
    expect(first).toEqual([
      `'=HYPERLINK("http://evil.test","x")`,
      "'=SUM(A1)",
      '-5',
      '-12.5',
      '2026-03-01',
      '2026-03-15T01:30:00.000Z',
      'true',
      "'@cat",
    ]);
    expect(second).toEqual([
      'r2',
      "'+1",
      '10',
      '1.25',
      '2026-03-01',
      '2026-03-15T01:30:00.000Z',
      'false',
      'Tools',
    ]);
    // The hidden column is not in the file.
    expect(text).not.toContain('hidden column');
    expect(text).not.toContain('Secret');
  });

  it('exports Excel: string cells stay strings, numbers numbers, dates dates, no formulas', async () => {
    const file = await exportAndDownload(t, t.admin, reportId, 'excel');
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`,
    );
    expect(zipEntries(file.body)).toContain('xl/worksheets/sheet1.xml');
    const sheetXml = unzipEntry(file.body, 'xl/worksheets/sheet1.xml');
    expect(sheetXml).not.toMatch(/<f[ >]/);
    expect(sheetXml).not.toContain('hidden column');

    const { rows, sheet } = await readXlsx(file.body);
    expect(sheet.name).toBe(title);
    expect(rows[0]).toEqual(header);
    expect(rows).toHaveLength(keys.length + 1);
    // XML reads a CR in text back as a line feed; the cell stays neutralised.
    expect(rows.slice(1).map((r) => r[1])).toEqual(keys.map((k) => expectedText[k]!.replace(/\r/g, '\n')));
    const first = rows[1]!;
    expect(first[0]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(first[2]).toBe(-5);
    expect(first[3]).toBe(-12.5);
    expect(first[4]).toEqual(new Date(Date.UTC(2026, 2, 1)));
    // 01:30 UTC is 12:30 in Sydney (daylight time, +11): Excel shows the tenant's wall clock.
    expect(first[5]).toEqual(new Date(Date.UTC(2026, 2, 15, 12, 30, 0)));
    expect(first[6]).toBe(true);
    expect(first[7]).toBe("'@cat");
    for (const row of rows.slice(1)) {
      expect(typeof row[1]).toBe('string');
      expect(typeof row[2]).toBe('number');
    }
    expect(sheet.getCell('E2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('B2').type).toBe(ExcelValueType.String);
  });

  it('exports Word: a table with a header row, the same neutralised text, numbers as they are', async () => {
    const file = await exportAndDownload(t, t.admin, reportId, 'word');
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${title}.docx`)}`,
    );
    const xml = unzipEntry(file.body, 'word/document.xml');
    expect(xml).toContain('<w:tblHeader/>');
    expect(xml).not.toContain('hidden column');
    const rows = docxTableRows(xml);
    expect(rows[0]).toEqual(header);
    expect(rows).toHaveLength(keys.length + 1);
    // Word keeps line breaks as breaks; a CR in text is a break too.
    const asWord = (s: string) => s.replace(/\r\n|\r|\n/g, '\n');
    expect(rows.slice(1).map((r) => r[1])).toEqual(keys.map((k) => asWord(expectedText[k]!)));
    expect(rows[1]).toEqual([
      `'=HYPERLINK("http://evil.test","x")`,
      "'=SUM(A1)",
      '-5',
      '-12.5',
      '2026-03-01',
      '2026-03-15T01:30:00.000Z',
      'Yes',
      "'@cat",
    ]);
  });

  it('neutralises text that a numeric column holds, and keeps genuine negative numbers', async () => {
    const type = await defineType(t.admin, 'Legacy', [{ name: 'Amount', script: 'amount', type: 'Number' }]);
    const recs = await putRecords(t.admin, [
      { id: 'new:a', typeId: type.typeId, fields: { name: 'a', amount: -7 } },
      { id: 'new:b', typeId: type.typeId, fields: { name: 'b', amount: 1 } },
      { id: 'new:c', typeId: type.typeId, fields: { name: 'c', amount: 2 } },
    ]);
    // A plain decimal stored as text, as an import may leave it, is still a number.
    await writeRawField(t, recs.c!, type.fieldIds.amount!, '-2.5');
    // On PostgreSQL the numeric expression index refuses non-numeric text in a number field, so
    // only SQLite can hold it; there it is text, and neutralised.
    const holdsText = engine === 'sqlite';
    if (holdsText) await writeRawField(t, recs.b!, type.fieldIds.amount!, '=1+2');
    const b = holdsText ? "'=1+2" : 1;
    const report = await createReport(
      t.admin,
      {
        rootTypeId: type.typeId,
        columns: [fieldColumn('name', sysField.name), fieldColumn('amount', type.fieldIds.amount!)],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      },
      '=Legacy',
    );
    const csv = await exportAndDownload(t, t.admin, report, 'csv');
    expect(parseCsv(csv.body.toString('utf8').slice(1))).toEqual([
      ['Name', 'Amount'],
      ['a', '-7'],
      ['b', String(b)],
      ['c', '-2.5'],
    ]);
    // The title starts with '=': a file name is only a name, it keeps it.
    expect(csv.headers['content-disposition']).toContain('filename="=Legacy.csv"');
    const { rows, sheet } = await readXlsx((await exportAndDownload(t, t.admin, report, 'excel')).body);
    expect(sheet.name).toBe('=Legacy');
    expect(rows).toEqual([
      ['Name', 'Amount'],
      ['a', -7],
      ['b', b],
      ['c', -2.5],
    ]);
    const word = docxTableRows(
      unzipEntry((await exportAndDownload(t, t.admin, report, 'word')).body, 'word/document.xml'),
    );
    expect(word).toEqual([
      ['Name', 'Amount'],
      ['a', '-7'],
      ['b', String(b)],
      ['c', '-2.5'],
    ]);
  });

  it('exports a grouped report as its rows in group order, with columns through relationships', async () => {
    const grouped = await createReport(
      t.admin,
      {
        rootTypeId: item.typeId,
        columns: [
          fieldColumn('name', sysField.name),
          fieldColumn('open', item.fieldIds.open!),
          fieldColumn('qty', item.fieldIds.qty!),
          fieldColumn('catName', sysField.name, [{ relId: categoryRel, direction: 'fwd' }]),
        ],
        sorts: [{ columnId: 'qty', order: 'Descending' }],
        groups: [{ columnId: 'open', order: 'Descending' }],
        aggregates: [{ columnId: 'qty', kinds: ['Sum'] }],
        showGrandTotals: true,
      },
      'Grouped',
    );
    const rows = parseCsv(
      (await exportAndDownload(t, t.admin, grouped, 'csv')).body.toString('utf8').slice(1),
    );
    // Open (true) first, then the rest; quantity descending within each group; no total lines.
    const open = keys.filter((_, i) => i % 2 === 0).reverse();
    const closed = keys.filter((_, i) => i % 2 === 1).reverse();
    expect(rows[0]).toEqual(['Name', 'Open', 'Qty', 'category › Name']);
    expect(rows.slice(1).map((r) => [r[1], r[3]])).toEqual([
      ...open.map((k) => ['true', k === 'r1' ? "'@cat" : 'Tools']),
      ...closed.map(() => ['false', 'Tools']),
    ]);
    expect(rows.slice(1).map((r) => Number(r[2]))).toEqual([
      ...open.map((k) => qty(keys.indexOf(k))),
      ...closed.map((k) => qty(keys.indexOf(k))),
    ]);
  });

  it('applies the query: quick search (quickSearch or qsearch), conditions, sort, result limit', async () => {
    const csvRows = async (body: unknown) =>
      parseCsv((await exportAndDownload(t, t.admin, reportId, 'csv', body)).body.toString('utf8').slice(1))
        .slice(1)
        .map((r) => r[0]);
    expect(await csvRows({ quickSearch: 'plain' })).toEqual(['r9']);
    expect(await csvRows({ qsearch: 'plain' })).toEqual(['r9']);
    expect(
      await csvRows({
        sort: [{ colid: 'qty', order: 'Descending' }],
        limitOperator: 'ResultLimit',
        limitValue: 2,
      }),
    ).toEqual(['r9', 'r8']);
    expect(await csvRows({ conds: [{ expid: 'q', oper: 'LessThan', value: 15 }] })).toEqual([
      `=HYPERLINK("http://evil.test","x")`.replace(/^/, "'"),
      'r2',
    ]);
    expect(
      await csvRows({ conds: [{ expid: 'q', oper: 'LessThan', value: 15 }], isReset: true }),
    ).toHaveLength(keys.length);
  });

  it('exports related records only through relationDetail', async () => {
    const file = await exportAndDownload(t, t.admin, reportId, 'csv', {
      relationDetail: { eid: cats.c1, relid: categoryRel, direction: 'rev' },
    });
    const rows = parseCsv(file.body.toString('utf8').slice(1));
    expect(rows.map((r) => r[1])).toEqual(['Txt', "'=SUM(A1)"]);
  });

  it('answers 400 for a bad format, a missing body, a bad query; 404 for an unknown report', async () => {
    const bad = await requestExport(t.admin, reportId, 'pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('pdf');
    const noBody = await t.admin.request('POST', `/spapi/data/v2/report/export/${reportId}/csv`);
    expect(noBody.status).toBe(400);
    expect(noBody.body.error.message).toBe('Export information is not provided.');
    const nullBody = await t.admin.request('POST', `/spapi/data/v2/report/export/${reportId}/csv`, 'null', {
      'content-type': 'application/json',
    });
    expect(nullBody.status).toBe(400);
    expect(nullBody.body.error.message).toBe('Export information is not provided.');
    const badSort = await requestExport(t.admin, reportId, 'csv', {
      sort: [{ colid: 'nope', order: 'Ascending' }],
    });
    expect(badSort.status).toBe(400);
    const injected = await requestExport(t.admin, reportId, 'csv', {
      sort: [{ colid: 'qty; DROP TABLE entities', order: 'Ascending' }],
    });
    expect(injected.status).toBe(400);
    const unknownProperty = await requestExport(t.admin, reportId, 'csv', { startIndex: 5, evil: 1 });
    expect(unknownProperty.status).toBe(400);
    const missing = await requestExport(t.admin, 987_654, 'csv');
    expect(missing.status).toBe(404);
    const notAReport = await requestExport(t.admin, ids.r1!, 'csv');
    expect(notAReport.status).toBe(404);
  });

  it("answers 'File token is not provided.' without a token, 404 for an unknown one, 400 for a bad format part", async () => {
    for (const url of [
      '/spapi/data/v2/report/export/download',
      '/spapi/data/v2/report/export/download/',
      '/spapi/data/v2/report/export/download/%20/x/csv',
    ]) {
      const res = await download(t, t.admin, url);
      expect(res.status, url).toBe(400);
      expect(res.json.error.message, url).toBe('File token is not provided.');
    }
    const unknown = await download(t, t.admin, downloadUrl('not-a-token', 'x', 'csv'));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('not_found');
    const started = await requestExport(t.admin, reportId, 'csv');
    const badThird = await download(t, t.admin, downloadUrl(started.body.fileHash, 'x', 'pdf'));
    expect(badThird.status).toBe(400);
    // Another format than the token's is not this file.
    const otherFormat = await download(t, t.admin, downloadUrl(started.body.fileHash, 'x', 'word'));
    expect(otherFormat.status).toBe(404);
    // Neither used the token up; the token alone (no file name or format part) names the file.
    const bare = await download(t, t.admin, `/spapi/data/v2/report/export/download/${started.body.fileHash}`);
    expect(bare.status).toBe(200);
    expect(bare.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('uses a token once, only for the user who asked, and only for 15 minutes', async () => {
    const roleId = await createRole(t.admin, 'Item readers', [
      { typeId: item.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('reader', [roleId]);
    const reader = await t.login('reader');

    const started = await requestExport(t.admin, reportId, 'csv');
    const url = downloadUrl(started.body.fileHash, title, 'csv');
    const stolen = await download(t, reader, url);
    expect(stolen.status).toBe(404);
    expect(stolen.json.error.code).toBe('not_found');
    // The failed attempt did not use the token up.
    expect((await download(t, t.admin, url)).status).toBe(200);
    expect((await download(t, t.admin, url)).status).toBe(404);

    // A HEAD neither uses the token up nor leaks whether it exists.
    const other = await requestExport(t.admin, reportId, 'csv');
    const otherUrl = downloadUrl(other.body.fileHash, title, 'csv');
    const head = await t.app.inject({
      method: 'HEAD',
      url: otherUrl,
      headers: { cookie: t.admin.auth.cookie! },
    });
    expect(head.statusCode).toBe(404);
    expect((await download(t, t.admin, otherUrl)).status).toBe(200);

    // Expiry: 15 minutes after the export call.
    const start = t.clock.time;
    try {
      const late = await requestExport(t.admin, reportId, 'csv');
      t.clock.time = new Date(start.getTime() + 15 * 60 * 1000 - 1000);
      const early = await requestExport(t.admin, reportId, 'csv');
      t.clock.time = new Date(start.getTime() + 15 * 60 * 1000);
      expect((await download(t, t.admin, downloadUrl(late.body.fileHash, 'x', 'csv'))).status).toBe(404);
      expect((await download(t, t.admin, downloadUrl(early.body.fileHash, 'x', 'csv'))).status).toBe(200);
    } finally {
      t.clock.time = start;
    }

    // Tokens are stored hashed: the token itself is nowhere in the table.
    const kept = await requestExport(t.admin, reportId, 'csv');
    const stored = await t.services.db
      .withTables<{ export_tokens: { id: string; tenant_id: number; user_id: number } }>()
      .selectFrom('export_tokens')
      .selectAll()
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(kept.body.fileHash);
  });

  it('holds exactly the rows a user with owned-only read rules may read', async () => {
    const roleId = await createRole(t.admin, 'Own items', [
      { typeId: item.typeId, canRead: true, ownedOnly: true, canCreate: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('olive', [roleId]);
    const olive = await t.login('olive');
    const own = await putRecords(olive, [
      { id: 'new:o1', typeId: item.typeId, fields: { name: 'olive one', txt: '-mine', qty: 1000 } },
      { id: 'new:o2', typeId: item.typeId, fields: { name: 'olive two', txt: 'mine too', qty: 1001 } },
    ]);
    expect(Object.keys(own)).toHaveLength(2);
    for (const format of ['csv', 'excel', 'word'] as const) {
      const file = await exportAndDownload(t, olive, reportId, format);
      const rows =
        format === 'csv'
          ? parseCsv(file.body.toString('utf8').slice(1))
          : format === 'excel'
            ? (await readXlsx(file.body)).rows
            : docxTableRows(unzipEntry(file.body, 'word/document.xml'));
      expect(
        rows.map((r) => [r[0], r[1]]),
        format,
      ).toEqual([
        ['Name', 'Txt'],
        ['olive one', "'-mine"],
        ['olive two', 'mine too'],
      ]);
    }
    // The administrator's export holds everyone's rows.
    const all = parseCsv(
      (await exportAndDownload(t, t.admin, reportId, 'csv')).body.toString('utf8').slice(1),
    );
    expect(all).toHaveLength(keys.length + 3);
  });

  it("answers 404 for another tenant's token, and for a report deleted since the export", async () => {
    const beta = await t.addTenant('beta-exports');
    const started = await requestExport(t.admin, reportId, 'csv');
    const url = downloadUrl(started.body.fileHash, 'x', 'csv');
    const foreign = await download(t, beta.admin, url);
    expect(foreign.status).toBe(404);
    expect((await download(t, t.admin, url)).status).toBe(200);
    // Another tenant cannot start an export of this tenant's report either.
    expect((await requestExport(beta.admin, reportId, 'csv')).status).toBe(404);

    const doomed = await createReport(
      t.admin,
      { rootTypeId: item.typeId, columns: [fieldColumn('name', sysField.name)] },
      'Doomed',
    );
    const pending = await requestExport(t.admin, doomed, 'excel');
    expect(pending.status).toBe(200);
    expect((await t.admin.put([], [doomed])).status).toBe(200);
    const gone = await download(t, t.admin, downloadUrl(pending.body.fileHash, 'Doomed', 'excel'));
    expect(gone.status).toBe(404);
  });

  it('answers 404 when the caller may not read the report', async () => {
    const roleId = await createRole(t.admin, 'Items only', [{ typeId: item.typeId, canRead: true }]);
    await t.addUser('noreports', [roleId]);
    const user = await t.login('noreports');
    expect((await requestExport(user, reportId, 'csv')).status).toBe(404);
  });
});

const ExcelValueType = { String: 3 } as const;

export type { Client };
