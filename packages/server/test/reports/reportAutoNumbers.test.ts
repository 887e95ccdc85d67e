import { sysField } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bumpMetaVersion, selectEntities, updateEntity } from '../../src/data/entityRepository.js';
import { exportAndDownload, parseCsv } from '../exports/exportSupport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Answer, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, fieldColumn, putRecords, rowIds, runOk } from './reportSupport.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const NAME = 100;

/**
 * Auto-number fields shown through their display pattern (decision 0023): cells carry the number
 * as `val` (sorts, conditions and formatting use it) and the pattern's text as `text`; exports and
 * quick search follow the text.
 */
describe.each(engines)('auto-number display patterns on %s', (engine) => {
  let t: TestApp;
  let ticket: { typeId: number; fieldIds: Record<string, number> };
  let visit: { typeId: number; fieldIds: Record<string, number> };
  let report: number;
  let ticketRel: number;
  const ids: Record<string, number> = {};

  const anonymous = (reportId: number, body: unknown) =>
    t.app
      .inject({
        method: 'POST',
        url: `/spapi/data/v1/public/acme/report/${reportId}`,
        payload: body as object,
      })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }) as Answer);

  /** Writes a pattern into a field record past the save-time check, as stored before it existed. */
  const storePatternAsBefore = async (fieldId: number, pattern: string) => {
    const [row] = await selectEntities(t.services.db, t.tenantId, [fieldId]);
    const data = { ...row!.data, [sysField.autoNumberDisplayPattern]: pattern };
    expect(
      await updateEntity(
        t.services.db,
        t.tenantId,
        { ...row!, data, version: row!.version + 1 },
        row!.version,
      ),
    ).toBe(true);
    await bumpMetaVersion(t.services.db, t.tenantId);
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    ticket = await defineType(t.admin, 'Ticket', [
      {
        name: 'Ref',
        script: 'ref',
        type: 'AutoNumber',
        autoNumberSeed: 1000,
        autoNumberDisplayPattern: 'TCK-{0}',
      },
      { name: 'Seq', script: 'seq', type: 'AutoNumber', autoNumberDisplayPattern: 'S{0:D6}' },
      { name: 'Plain', script: 'plain', type: 'AutoNumber' },
      { name: 'Odd', script: 'odd', type: 'AutoNumber' },
    ]);
    // Saving refuses an unusable pattern; one stored before that check shows the bare number.
    await storePatternAsBefore(ticket.fieldIds.odd!, 'X-{1}');
    visit = await defineType(t.admin, 'Visit', []);
    ticketRel = await defineRelationship(t.admin, 'lookup', visit.typeId, ticket.typeId, 'ticket', 'visits');
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        ['Alpha', 'Bravo', 'Charlie'].map((name) => ({
          id: `new:${name}`,
          typeId: ticket.typeId,
          fields: { name },
        })),
      ),
    );
    Object.assign(
      ids,
      await putRecords(t.admin, [
        {
          id: 'new:visit',
          typeId: visit.typeId,
          fields: { name: 'Site visit' },
          relationships: { [`#${ticketRel}:fwd`]: { set: [ids.Bravo!] } },
        },
      ]),
    );
    report = await createReport(t.admin, {
      rootTypeId: ticket.typeId,
      columns: [
        fieldColumn('name', NAME),
        fieldColumn('ref', ticket.fieldIds.ref!),
        fieldColumn('seq', ticket.fieldIds.seq!),
        fieldColumn('plain', ticket.fieldIds.plain!),
        fieldColumn('odd', ticket.fieldIds.odd!),
      ],
      conditions: [{ id: 'ref', columnId: 'ref' }],
      sorts: [{ columnId: 'ref', order: 'Ascending' }],
    });
    // The records' own numbers, as the record API reads them.
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      const read = await t.admin.read(ids[name]!, 'ref, seq, plain');
      expect(read.body, name).toMatchObject({ ref: expect.any(Number), seq: expect.any(Number) });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the number and the text its pattern shows; without a usable pattern the number only', async () => {
    const body = await runOk(t.admin, report, {});
    expect(rowIds(body)).toEqual([ids.Alpha, ids.Bravo, ids.Charlie]);
    expect(body.gdata[1].values).toEqual([
      { val: 'Bravo' },
      { val: 1001, text: 'TCK-1001' },
      { val: 2, text: 'S000002' },
      { val: 2 },
      { val: 2 },
    ]);
    expect(body.meta.rcols.ref.type).toBe('AutoNumber');
  });

  it('shows group headers and the Max and Min totals of a patterned auto-number through the pattern', async () => {
    const grouped = await createReport(t.admin, {
      rootTypeId: ticket.typeId,
      columns: [
        fieldColumn('name', NAME),
        fieldColumn('ref', ticket.fieldIds.ref!),
        fieldColumn('seq', ticket.fieldIds.seq!),
        fieldColumn('plain', ticket.fieldIds.plain!),
      ],
      groups: [{ columnId: 'ref', order: 'Ascending' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [
        { columnId: 'seq', kinds: ['Max', 'Min', 'Count'] },
        { columnId: 'plain', kinds: ['Max'] },
      ],
      showGrandTotals: true,
    });
    const body = await runOk(t.admin, grouped, {});
    expect(body.rdata.map((g: { hdrs: unknown[] }) => g.hdrs)).toEqual([
      [{ val: 1000, text: 'TCK-1000' }],
      [{ val: 1001, text: 'TCK-1001' }],
      [{ val: 1002, text: 'TCK-1002' }],
    ]);
    expect(body.rdata[1].aggs.seq).toEqual([
      { kind: 'Max', value: 2, text: 'S000002' },
      { kind: 'Min', value: 2, text: 'S000002' },
      { kind: 'Count', value: 1 },
    ]);
    expect(body.total.aggs).toEqual({
      seq: [
        { kind: 'Max', value: 3, text: 'S000003' },
        { kind: 'Min', value: 1, text: 'S000001' },
        { kind: 'Count', value: 3 },
      ],
      plain: [{ kind: 'Max', value: 3 }],
    });
  });

  it('filters and sorts by the number, not the text', async () => {
    const after = await runOk(t.admin, report, {
      conds: [{ expid: 'ref', oper: 'GreaterThan', value: 1000 }],
      sort: [{ colid: 'ref', order: 'Descending' }],
    });
    expect(rowIds(after)).toEqual([ids.Charlie, ids.Bravo]);
  });

  it('shows the text through a relationship path too', async () => {
    const visits = await createReport(t.admin, {
      rootTypeId: visit.typeId,
      columns: [
        fieldColumn('name', NAME),
        fieldColumn('ticketRef', ticket.fieldIds.ref!, [{ relId: ticketRel, direction: 'fwd' }]),
      ],
    });
    const body = await runOk(t.admin, visits, {});
    expect(body.gdata[0].values[1]).toEqual({ val: 1001, text: 'TCK-1001' });
  });

  it.each([
    ['TCK-1001', ['Bravo']],
    ['tck-1002', ['Charlie']],
    ['1000', ['Alpha']],
    ['S000003', ['Charlie']],
    ['TCK-10', []],
    ['TCK-1001x', []],
    ['Alpha', ['Alpha']],
  ])('a quick search for %s finds %j', async (term, names) => {
    const body = await runOk(t.admin, report, { quickSearch: term });
    expect(rowIds(body)).toEqual(names.map((n) => ids[n]));
  });

  it('a public report searches only the auto-numbers it shows', async () => {
    const shown = await createReport(t.admin, {
      rootTypeId: ticket.typeId,
      columns: [fieldColumn('name', NAME), fieldColumn('ref', ticket.fieldIds.ref!)],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      isPublic: true,
    });
    const found = await anonymous(shown, { quickSearch: 'TCK-1002' });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(rowIds(found.body)).toEqual([ids.Charlie]);
    expect(found.body.gdata[0].values[1]).toEqual({ val: 1002, text: 'TCK-1002' });
    // Seq is not among its columns: its text finds nothing.
    expect(rowIds((await anonymous(shown, { quickSearch: 'S000003' })).body)).toEqual([]);
  });

  it('exports the text of a patterned auto-number and the number of a plain one', async () => {
    const file = await exportAndDownload(t, t.admin, report, 'csv');
    const rows = parseCsv(file.body.toString('utf8').slice(1));
    expect(rows.slice(1)).toEqual([
      ['Alpha', 'TCK-1000', 'S000001', '1', '1'],
      ['Bravo', 'TCK-1001', 'S000002', '2', '2'],
      ['Charlie', 'TCK-1002', 'S000003', '3', '3'],
    ]);
  });
});
