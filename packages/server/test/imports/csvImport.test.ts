import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import { runImport } from '../../src/imports/runImport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

const base = '/spapi/data/v1/import';

/** A multipart body with one file part of these bytes, as a browser sends a chosen file. */
function csvPart(fileName: string, content: string | Buffer, mimeType = 'text/csv') {
  const boundary = '----plinthCsvBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${mimeType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(client: Client, typeId: number | undefined, content: string | Buffer, fileName = 'data.csv') {
  const part = csvPart(fileName, content);
  const query = typeId === undefined ? '' : `?typeId=${typeId}`;
  return client.request('POST', `${base}/upload${query}`, part.payload, part.headers);
}

/** Runs an import over HTTP and answers its JSON lines. */
async function run(client: Client, body: object): Promise<any[]> {
  const res = await client.request('POST', `${base}/run`, body);
  expect(res.status).toBe(200);
  const text = typeof res.body === 'string' ? res.body : `${JSON.stringify(res.body)}\n`;
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe.each(engines)('CSV import on %s', (engine) => {
  let t: TestApp;
  let projectId: number;
  let accountId: number;
  let settingsId: number;

  const projects = async (client = t.admin) => {
    const res = await client.post('/spapi/data/v1/entity/ofType', {
      typeId: projectId,
      query: 'name,budget,starts,active,account,stage',
      pageSize: 5000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.entities as Array<Record<string, any>>;
  };

  /** Every record of the type, as stored (no page limit). */
  const stored = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('entities')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', t.tenantId)
          .where('type_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(engine);
    settingsId = (await t.admin.read('core:currentTenantSettings', 'name')).body.id;
    const stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    const account = await defineType(t.admin, 'Account', []);
    accountId = account.typeId;
    const project = await defineType(t.admin, 'Project', [
      { name: 'Budget', script: 'budget', type: 'Currency' },
      { name: 'Starts', script: 'starts', type: 'Date' },
      { name: 'Active', script: 'active', type: 'Boolean' },
      { name: 'Hours', script: 'hours', type: 'Number', maxInt: 1000 },
    ]);
    projectId = project.typeId;
    await defineRelationship(t.admin, 'choiceField', projectId, stage.typeId, 'stage', 'stageProjects', {
      toName: 'Stage',
    });
    await defineRelationship(t.admin, 'lookup', projectId, accountId, 'account', 'accountProjects', {
      toName: 'Account',
    });
    const put = await t.admin.put([
      { id: 'new:s1', typeId: stage.typeId, fields: { name: 'Open', enumOrder: 1 } },
      { id: 'new:s2', typeId: stage.typeId, fields: { name: 'Won', enumOrder: 2 } },
      { id: 'new:a1', typeId: accountId, fields: { name: 'Acme' } },
      { id: 'new:a2', typeId: accountId, fields: { name: 'Globex' } },
      { id: 'new:a3', typeId: accountId, fields: { name: 'Globex' } },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });
  afterAll(() => t.close());

  it('propose a mapping by name and script name, case-insensitively, and guess column types', async () => {
    const res = await upload(
      t.admin,
      projectId,
      'NAME,budget,Starts,active,Account,Stage,Notes\nA,"1,200.50",05/03/2026,yes,Acme,Open,x\n',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.columns).toEqual(['NAME', 'budget', 'Starts', 'active', 'Account', 'Stage', 'Notes']);
    expect(res.body.rowCount).toBe(1);
    const labels = res.body.mapping.map(
      (key: string | null) => res.body.targets.find((x: any) => x.key === key)?.label ?? null,
    );
    expect(labels).toEqual(['Name', 'Budget', 'Starts', 'Active', 'Account', 'Stage', null]);
    expect(res.body.guessedTypes).toEqual(['Text', 'Decimal', 'Date', 'Boolean', 'Text', 'Text', 'Text']);
  });

  it('preview each bad row with its line and messages, then import nothing until they are excluded', async () => {
    const csv = [
      'Name,Budget,Starts,Active,Account,Stage,Hours',
      'P1,"1,000.25",31/12/2026,yes,Acme,Open,10',
      'P2,abc,01/02/2026,no,Acme,Won,20',
      '"P3 spans',
      'two lines",5,2026-07-01,true,Nobody,Open,30',
      'P4,7,30/02/2026,maybe,Globex,Open,5000',
      'P5,8,01/01/2027,n,acme,open,1',
      '',
    ].join('\r\n');
    const up = await upload(t.admin, projectId, csv);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const request = {
      uploadId: up.body.uploadId,
      typeId: projectId,
      mapping: up.body.mapping,
      excludedLines: [],
    };
    const preview = await t.admin.post(`${base}/preview`, request);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.rowCount).toBe(5);
    expect(preview.body.importableCount).toBe(2);
    expect(preview.body.badRows).toEqual([
      { line: 3, messages: [{ column: 'Budget', message: 'The value is not a valid number.' }] },
      { line: 4, messages: [{ column: 'Account', message: "No Account is named 'Nobody'." }] },
      {
        line: 6,
        messages: [
          { column: 'Starts', message: 'The value is not a valid date.' },
          { column: 'Active', message: "'maybe' is not Yes or No." },
          { column: 'Account', message: "2 Account records are named 'Globex'; the name must pick one." },
          { column: 'Hours', message: expect.stringContaining('and 1000 inclusive') },
        ],
      },
    ]);
    expect(preview.body.rows[2]).toMatchObject({
      line: 4,
      cells: ['P3 spans\r\ntwo lines', '5', '2026-07-01', 'true', 'Nobody', 'Open', '30'],
    });

    const refused = await run(t.admin, request);
    expect(refused.at(-1)).toMatchObject({ kind: 'refused', badRowCount: 3 });
    expect(refused.at(-1).badRows.map((r: any) => r.line)).toEqual([3, 4, 6]);
    expect(await projects()).toEqual([]);

    const lines = await run(t.admin, { ...request, excludedLines: [3, 4, 6] });
    expect(lines.at(-1)).toMatchObject({ kind: 'imported', count: 2, typeId: projectId });
    const rows = await projects();
    expect(rows.map((r) => [r.name, r.budget, r.starts, r.active, r.account?.name, r.stage?.name])).toEqual(
      expect.arrayContaining([
        ['P1', 1000.25, '2026-12-31', true, 'Acme', 'Open'],
        ['P5', 8, '2027-01-01', false, 'Acme', 'Open'],
      ]),
    );
    // The upload goes with its import.
    expect((await t.admin.post(`${base}/preview`, request)).status).toBe(404);
  });

  it('read numbers and dates in the tenant locale', async () => {
    expect(
      (await t.admin.put([{ id: settingsId, fields: { locale: 'de-DE', currencySymbol: '€' } }])).status,
    ).toBe(200);
    try {
      const up = await upload(
        t.admin,
        projectId,
        'Name;Budget;Starts\nDE1;€ 1.234,5;12/31/2026\nDE2;1.5;2026-01-02\n',
      );
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      expect(up.body.columns).toEqual(['Name', 'Budget', 'Starts']);
      const preview = await t.admin.post(`${base}/preview`, {
        uploadId: up.body.uploadId,
        typeId: projectId,
        mapping: up.body.mapping,
      });
      // 1.5 is not a number where ',' is the decimal mark and '.' groups thousands.
      expect(preview.body.badRows).toEqual([
        { line: 3, messages: [{ column: 'Budget', message: 'The value is not a valid number.' }] },
      ]);
      const lines = await run(t.admin, {
        uploadId: up.body.uploadId,
        typeId: projectId,
        mapping: up.body.mapping,
        excludedLines: [3],
      });
      expect(lines.at(-1)).toMatchObject({ kind: 'imported', count: 1 });
      expect((await projects()).find((p) => p.name === 'DE1')).toMatchObject({
        budget: 1234.5,
        starts: '2026-12-31',
      });
    } finally {
      await t.admin.put([{ id: settingsId, fields: { locale: 'en-AU', currencySymbol: '$' } }]);
    }
  });

  it('leave nothing when the import is stopped half-way, and report progress on the way', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `Half ${i},${i},01/01/2026,yes,Acme,Open`);
    const up = await upload(
      t.admin,
      projectId,
      ['Name,Budget,Starts,Active,Account,Stage', ...rows].join('\n'),
    );
    const request = {
      uploadId: up.body.uploadId,
      typeId: projectId,
      mapping: up.body.mapping,
      excludedLines: [],
    };
    const before = await stored();
    const ctx = await contextFor(t.services, t.tenantId, t.adminId);
    const stop = new AbortController();
    const progress: number[] = [];
    await expect(
      runImport(ctx, request, {
        signal: stop.signal,
        onProgress: (done) => {
          progress.push(done);
          // The first two thousand are written in the transaction when the caller goes away.
          stop.abort(new Error('stopped'));
        },
      }),
    ).rejects.toThrow('stopped');
    expect(progress).toEqual([2000]);
    expect(await stored()).toBe(before);

    const lines = await run(t.admin, request);
    expect(lines.filter((l) => l.kind === 'progress').map((l) => l.done)).toEqual([2000, 2500]);
    expect(lines.at(-1)).toMatchObject({ kind: 'imported', count: 2500 });
    expect(await stored()).toBe(before + 2500);
  }, 60_000);

  it('refuse callers who may not create records of the type, and keep uploads to their uploader', async () => {
    const readOnly = await createRole(t.admin, 'Project readers', [{ typeId: projectId, canRead: true }]);
    await t.addUser('reader', [readOnly]);
    const reader = await t.login('reader');
    const refused = await upload(reader, projectId, 'Name\nX\n');
    expect(refused.status).toBe(403);
    expect((await upload(reader, undefined, 'Name\nX\n')).body.error.message).toBe(
      'Only administrators can create Objects.',
    );

    const creators = await createRole(t.admin, 'Project creators', [
      { typeId: projectId, canRead: true, canCreate: true },
    ]);
    await t.addUser('creator', [creators]);
    const creator = await t.login('creator');
    const up = await upload(creator, projectId, 'Name\nByCreator\n');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const request = { uploadId: up.body.uploadId, typeId: projectId, mapping: up.body.mapping };
    // Another user, and another tenant's administrator, do not find the upload.
    expect((await t.admin.post(`${base}/preview`, request)).status).toBe(404);
    expect((await t.admin.post(`${base}/run`, request)).status).toBe(404);
    expect((await reader.post(`${base}/run`, request)).status).toBe(403);
    expect((await reader.post(`${base}/preview`, request)).status).toBe(403);
    const other = await t.addTenant('other');
    expect((await other.admin.post(`${base}/preview`, request)).status).toBe(404);
    expect((await run(creator, request)).at(-1)).toMatchObject({ kind: 'imported', count: 1 });
  });

  it('refuse files too large, not CSV, empty, too wide or malformed with a clear message', async () => {
    const message = async (content: string | Buffer, fileName = 'data.csv') => {
      const res = await upload(t.admin, projectId, content, fileName);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      return res.body.error.message as string;
    };
    expect(await message('')).toBe('The file is empty.');
    expect(await message('\n\n  \n')).toBe('The file is empty.');
    expect(await message('Name,Budget\n')).toBe('The file has a header but no rows under it.');
    expect(await message('a,b', 'book.xlsx')).toMatch(/^The file is not a CSV file/);
    expect(await message(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatch(
      /^The file is not a CSV file/,
    );
    expect(await message(Buffer.from([0x4e, 0x00, 0x61, 0x00, 0xff]))).toMatch(/^The file is not a CSV file/);
    const wide = `${Array.from({ length: 201 }, (_, i) => `c${i}`).join(',')}\n1\n`;
    expect(await message(wide)).toBe('The file has 201 columns; at most 200 columns can be imported.');
    expect(await message('Name,Budget\n"open,1\n')).toMatch(/^The file is not valid CSV at line 2/);
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 'a');
    expect(await message(big)).toBe(
      'The file is too large; the largest CSV file that can be imported is 50 MB.',
    );
  });

  it('read Windows-1252 and UTF-16 files without crashing', async () => {
    const latin = Buffer.from('Name\nCaf\xe9 M\xfcller\n', 'latin1');
    const res = await upload(t.admin, projectId, latin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.sampleRows).toEqual([['Café Müller']]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\r\nŻółw\r\n', 'utf16le')]);
    expect((await upload(t.admin, projectId, utf16)).body.sampleRows).toEqual([['Żółw']]);
  });

  it('make a new Object from the header, then import into it', async () => {
    const up = await upload(
      t.admin,
      undefined,
      'Title,Size,Due,Done\nFirst,3,01/02/2026,yes\nSecond,4.5,,no\n',
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.guessedTypes).toEqual(['Text', 'Decimal', 'Date', 'Boolean']);
    const made = await t.admin.post(`${base}/newType`, {
      uploadId: up.body.uploadId,
      name: 'Task',
      nameColumn: 0,
      columns: [
        null,
        { name: 'Size', fieldType: 'Decimal' },
        { name: 'Due', fieldType: 'Date' },
        { name: 'Done', fieldType: 'Boolean' },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.targets.map((x: any) => x.label)).toEqual(
      expect.arrayContaining(['Name', 'Size', 'Due', 'Done']),
    );
    const lines = await run(t.admin, {
      uploadId: up.body.uploadId,
      typeId: made.body.typeId,
      mapping: made.body.mapping,
    });
    expect(lines.at(-1)).toMatchObject({ kind: 'imported', count: 2 });
    const tasks = await t.admin.post('/spapi/data/v1/entity/ofType', {
      typeId: made.body.typeId,
      query: 'name,Size,Due,Done',
    });
    expect(tasks.body.entities.map((e: any) => [e.name, e.Size, e.Due ?? null, e.Done])).toEqual(
      expect.arrayContaining([
        ['First', 3, '2026-02-01', true],
        ['Second', 4.5, null, false],
      ]),
    );
    const again = await upload(t.admin, undefined, 'Title\nX\n');
    const duplicate = await t.admin.post(`${base}/newType`, {
      uploadId: again.body.uploadId,
      name: 'Task',
      nameColumn: 0,
      columns: [null],
    });
    expect(duplicate.status).toBe(400);
    expect(JSON.stringify(duplicate.body)).toContain("There is another Object with the same 'Object name'");
  });
});
