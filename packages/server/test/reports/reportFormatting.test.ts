import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysField, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBlobStore } from '../../src/files/BlobStore.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  createRole,
  type Definition,
  fieldColumn,
  putRecords,
  relColumn,
  runOk,
  runReport,
  writeRawField,
} from './reportSupport.js';

/** A multipart/form-data upload of one file, as the browser sends it. */
function upload(client: Client, fileName: string, content: Buffer | string, query = '') {
  const boundary = '----plinthFormattingBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request('POST', `/spapi/data/v2/document${query}`, payload, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
}

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe.each(engines)('report column formatting and image columns on %s', (engine) => {
  let t: TestApp;
  let filesDir: string;
  let dealType: number;
  let amount: number;
  let probability: number;
  let closes: number;
  let stageRel: number;
  let stageType: number;
  let tagsRel: number;
  let photoRel: number;
  let galleryRel: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-format-files-'));
    t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 1_048_576 };
    const deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Probability', script: 'probability', type: 'Number' },
      { name: 'Closes', script: 'closes', type: 'Date' },
    ]);
    dealType = deal.typeId;
    amount = deal.fieldIds.amount!;
    probability = deal.fieldIds.probability!;
    closes = deal.fieldIds.closes!;
    const stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    stageType = stage.typeId;
    stageRel = await defineRelationship(t.admin, 'choiceField', dealType, stage.typeId, 'stage', 'deals');
    const tag = await defineType(t.admin, 'Tag', [], sysType.enumValue);
    tagsRel = await defineRelationship(t.admin, 'multiChoiceField', dealType, tag.typeId, 'tags', 'deals');
    photoRel = await defineRelationship(t.admin, 'lookup', dealType, sysType.document, 'photo', 'dealPhotos');
    galleryRel = await defineRelationship(
      t.admin,
      'manyToMany',
      dealType,
      sysType.document,
      'gallery',
      'dealGalleries',
    );
    Object.assign(
      ids,
      await putRecords(t.admin, [
        { id: 'new:won', typeId: stage.typeId, fields: { name: 'Won', enumOrder: 1, enumColour: '#16A34A' } },
        {
          id: 'new:open',
          typeId: stage.typeId,
          fields: { name: 'Open', enumOrder: 2, enumColour: '#FEF3C7' },
        },
        { id: 'new:lost', typeId: stage.typeId, fields: { name: 'Lost', enumOrder: 3, enumColour: 'white' } },
        { id: 'new:hot', typeId: tag.typeId, fields: { name: 'Hot', enumColour: '#DC2626' } },
      ]),
    );
    Object.assign(
      ids,
      await putRecords(t.admin, [
        {
          id: 'new:big',
          typeId: dealType,
          fields: { name: 'Big', amount: 300_000, probability: 90 },
          relationships: { stage: { set: [ids.won!] }, tags: { set: [ids.hot!] } },
        },
        {
          id: 'new:small',
          typeId: dealType,
          fields: { name: 'Small', amount: 5_000, probability: 10 },
          relationships: { stage: { set: [ids.lost!] } },
        },
      ]),
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const highlight = {
    style: 'Highlight',
    rules: [
      { bounds: { lower: 250_000 }, bgcolor: '#DCFCE7', fgcolor: '#166534' },
      { bounds: { upper: 10_000 }, bgcolor: 'rgb(254, 243, 199)' },
    ],
  };
  const bar = { style: 'ProgressBar', rules: [{ bounds: { lower: 0, upper: 100 }, bgcolor: 'teal' }] };

  it('sends the report’s formatting and value rules in rcols, with the width beside them', async () => {
    const reportId = await createReport(t.admin, {
      rootTypeId: dealType,
      columns: [
        fieldColumn('name', sysField.name),
        { ...fieldColumn('amount', amount), format: highlight, width: 140 },
        { ...fieldColumn('probability', probability), format: bar, valueRule: { hideval: true } },
        { ...fieldColumn('closes', closes), valueRule: { lines: 2, align: 'center' } },
      ],
    });
    const { meta } = await runOk(t.admin, reportId, { pageSize: 10 });
    expect(meta.rcols.amount).toMatchObject({ cfRule: highlight, valueRule: { columnWidth: 140 } });
    expect(meta.rcols.probability).toMatchObject({ cfRule: bar, valueRule: { hideval: true } });
    expect(meta.rcols.closes.valueRule).toEqual({ lines: 2, align: 'center' });
    expect(meta.rcols.closes.cfRule).toBeUndefined();
    expect(meta.rcols.name.valueRule).toBeUndefined();
    // Picker-sized metadata carries the columns' formatting too.
    const basic = await runOk(t.admin, reportId, { pageSize: 1, metadata: 'colbasic' });
    expect(basic.meta.rcols.probability.cfRule).toEqual(bar);
  });

  it("gives a choice column its values' colours as the default formatting, without white or black", async () => {
    const reportId = await createReport(t.admin, {
      rootTypeId: dealType,
      columns: [
        fieldColumn('name', sysField.name),
        relColumn('stage', stageRel),
        { ...relColumn('plainStage', stageRel), valueRule: { disabledefft: true } },
        relColumn('tags', tagsRel),
      ],
    });
    const body = await runOk(t.admin, reportId, {
      pageSize: 10,
      sort: [{ colid: 'name', order: 'Ascending' }],
    });
    expect(body.meta.rcols.stage.defcfRule).toEqual({
      style: 'Highlight',
      rules: [
        { bounds: { lower: 'Won', upper: 'Won' }, bgcolor: '#16A34A', fgcolor: '#1f2328' },
        { bounds: { lower: 'Open', upper: 'Open' }, bgcolor: '#FEF3C7', fgcolor: '#1f2328' },
      ],
    });
    expect(body.meta.rcols.plainStage.defcfRule).toBeUndefined();
    // Many values per cell: each keeps its coloured chip instead.
    expect(body.meta.rcols.tags.defcfRule).toBeUndefined();
    expect(body.gdata[0].values[1]).toEqual({ vals: [{ eid: ids.won, val: 'Won', color: '#16A34A' }] });
    // Rows without metadata do not ask for it.
    const plain = await runOk(t.admin, reportId, { pageSize: 10, metadata: 'none' });
    expect(plain.meta).toBeUndefined();
  });

  it('gives the colours of the choice values the caller reads, read with the page or alone', async () => {
    const reportId = await createReport(t.admin, {
      rootTypeId: dealType,
      columns: [fieldColumn('name', sysField.name), relColumn('stage', stageRel)],
      conditions: [{ id: 'name', columnId: 'name' }],
    });
    const role = await createRole(t.admin, 'Deals and stages', [
      { typeId: dealType, canRead: true },
      { typeId: stageType, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('stagereader', [role]);
    const reader = await t.login('stagereader');
    const values = (await reader.get(`/spapi/data/v1/schema/type/${stageType}/enumValues`)).body
      .values as Array<{
      name: string;
    }>;
    const withPage = await runOk(reader, reportId, { pageSize: 10 });
    expect(withPage.gdata.length).toBeGreaterThan(0);
    const bounds = (meta: any) => meta.rcols.stage.defcfRule.rules.map((r: any) => r.bounds.lower);
    // The values' own order, without white or black (Lost is white).
    expect(bounds(withPage.meta)).toEqual(values.map((v) => v.name).filter((n) => n !== 'Lost'));
    // An empty page reads them on their own, under the same rule, and answers the same.
    const alone = await runOk(reader, reportId, {
      pageSize: 10,
      conds: [{ expid: 'name', oper: 'Equal', value: 'no such deal' }],
    });
    expect(alone.gdata).toEqual([]);
    expect(alone.meta.rcols.stage.defcfRule).toEqual(withPage.meta.rcols.stage.defcfRule);
  });

  it('the default formatting follows a change of a choice value’s colour', async () => {
    const reportId = await createReport(t.admin, {
      rootTypeId: dealType,
      columns: [fieldColumn('name', sysField.name), relColumn('stage', stageRel)],
    });
    const res = await t.admin.put([{ id: ids.lost!, fields: { enumColour: '#DC2626' } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { meta } = await runOk(t.admin, reportId, { pageSize: 1 });
    expect(meta.rcols.stage.defcfRule.rules).toContainEqual({
      bounds: { lower: 'Lost', upper: 'Lost' },
      bgcolor: '#DC2626',
      fgcolor: '#ffffff',
    });
    await t.admin.put([{ id: ids.lost!, fields: { enumColour: 'white' } }]);
  });

  it('shows related image documents in an image column, sized, and leaves other documents out', async () => {
    const photo = await upload(
      t.admin,
      'big-deal.png',
      png,
      `?eid=${ids.big}&relid=${photoRel}&direction=fwd`,
    );
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const pdf = await upload(
      t.admin,
      'small-deal.pdf',
      '%PDF',
      `?eid=${ids.small}&relid=${photoRel}&direction=fwd`,
    );
    expect(pdf.status).toBe(200);
    const second = await upload(
      t.admin,
      'side.png',
      png,
      `?eid=${ids.big}&relid=${galleryRel}&direction=fwd`,
    );
    const notes = await upload(
      t.admin,
      'notes.txt',
      'x',
      `?eid=${ids.big}&relid=${galleryRel}&direction=fwd`,
    );
    expect([second.status, notes.status]).toEqual([200, 200]);

    const reportId = await createReport(t.admin, {
      rootTypeId: dealType,
      columns: [
        fieldColumn('name', sysField.name),
        { ...relColumn('photo', photoRel), valueRule: { imgw: 48, imgh: 36 } },
        { ...relColumn('gallery', galleryRel), valueRule: { imgw: 24 } },
        relColumn('attachment', photoRel),
      ],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });
    const body = await runOk(t.admin, reportId, { pageSize: 10 });
    expect(body.meta.rcols.photo).toMatchObject({ type: 'Image', valueRule: { imgw: 48, imgh: 36 } });
    expect(body.meta.rcols.gallery).toMatchObject({ type: 'Image', valueRule: { imgw: 24 } });
    // Without an image size a relationship to documents stays a relationship showing names.
    expect(body.meta.rcols.attachment.type).toBe('InlineRelationship');
    const byName = Object.fromEntries(body.gdata.map((r: any) => [r.values[0].val, r.values]));
    expect(byName.Big[1]).toEqual({ vals: [{ eid: photo.body.id, val: 'big-deal.png' }] });
    expect(byName.Big[2]).toEqual({ vals: [{ eid: second.body.id, val: 'side.png' }] });
    expect(byName.Small[1]).toEqual({ vals: [] });
    expect(byName.Small[3]).toEqual({ vals: [{ eid: pdf.body.id, val: 'small-deal.pdf' }] });

    // The browser loads the cell's image through the image call.
    const image = await t.app.inject({
      method: 'GET',
      url: `/spapi/data/v2/image/${byName.Big[1].vals[0].eid}?size=small`,
      headers: { cookie: (t.admin as any).auth.cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // An image column filters as the relationship it is.
    const filtered = await runOk(t.admin, reportId, {
      pageSize: 10,
      conds: [{ expid: 'photo', oper: 'AnyOf', valueList: [photo.body.id] }],
    });
    expect(filtered.gdata.map((r: any) => r.eid)).toEqual([ids.big]);
  });

  describe('refuses formatting that cannot apply, with the reason, and saves nothing', () => {
    const save = (columns: unknown[]) =>
      t.admin.put([
        {
          id: 'new:r',
          typeId: 'core:report',
          fields: {
            name: 'Bad formatting',
            reportDefinition: JSON.stringify({ version: 1, rootTypeId: dealType, columns }),
          },
        },
      ]);
    it.each([
      [
        'an unknown style',
        () => ({
          ...fieldColumn('amount', amount),
          format: { style: 'Sparkle', rules: [{ bgcolor: 'red' }] },
        }),
        "Column 'amount': the formatting style 'Sparkle' is not known; use Highlight, Icon or ProgressBar.",
      ],
      [
        'a bad colour',
        () => ({
          ...fieldColumn('amount', amount),
          format: { style: 'Highlight', rules: [{ bgcolor: 'red;background:url(//x)' }] },
        }),
        "Column 'amount': rule 1: 'red;background:url(//x)' is not a colour.",
      ],
      [
        'a lower bound above the upper',
        () => ({
          ...fieldColumn('probability', probability),
          format: { style: 'ProgressBar', rules: [{ bounds: { lower: 100, upper: 0 } }] },
        }),
        "Column 'probability': rule 1: the lower bound 100 is above the upper bound 0.",
      ],
      [
        'a progress bar on a date',
        () => ({ ...fieldColumn('closes', closes), format: bar }),
        "Column 'closes': a progress bar needs a number column.",
      ],
      [
        'an image size on a column of names',
        () => ({ ...relColumn('stage', stageRel), valueRule: { imgw: 32 } }),
        "Column 'stage': image sizes apply only to relationships to documents.",
      ],
    ])('%s', async (_what, column, message) => {
      const res = await save([fieldColumn('name', sysField.name), column()]);
      expect(res.status).toBe(400);
      expect(res.body.error.details.errors).toEqual([{ id: 'new:r', member: 'reportDefinition', message }]);
    });
  });

  it('answers a stored definition whose formatting went bad with a clear 400 when it runs', async () => {
    const reportId = await createReport(t.admin, {
      rootTypeId: dealType,
      columns: [fieldColumn('name', sysField.name), fieldColumn('amount', amount)],
    } satisfies Definition);
    await writeRawField(
      t,
      reportId,
      sysField.reportDefinition,
      JSON.stringify({
        version: 1,
        rootTypeId: dealType,
        columns: [
          fieldColumn('name', sysField.name),
          { ...fieldColumn('amount', amount), format: { style: 'Highlight', rules: [{ bgcolor: 'nope' }] } },
        ],
      }),
    );
    const res = await runReport(t.admin, reportId, { pageSize: 5 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Column 'amount': rule 1: 'nope' is not a colour.");
  });
});
