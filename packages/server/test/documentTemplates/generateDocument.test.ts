import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysType, unknownMergeFieldsHeader } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBlobStore } from '../../src/files/BlobStore.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { complexField, docx, paragraph, partsOf, run, shownText, simpleField } from './docxFixtures.js';

/** Uploads a file as a document, as the browser does (multipart, one file part). */
async function upload(client: Client, fileName: string, content: Buffer): Promise<number> {
  const boundary = '----plinthDocgenBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await client.request('POST', '/spapi/data/v2/document', payload, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const generatePath = '/spapi/data/v1/document/generate';

describe.each(engines)('generate a document from a template (%s)', (engine) => {
  let t: TestApp;
  let filesDir: string;
  let customer: number;
  let vip: number;
  let region: number;
  let acme: number;
  let bigCo: number;
  let template: number;
  let vipTemplate: number;

  /** Generates as `client` and answers the status, headers and (on success) the parts. */
  const generate = async (client: Client, recordId: number, templateId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: generatePath,
      headers: { cookie: (client as any).auth.cookie, 'x-csrf-token': (client as any).auth.csrf },
      payload: { recordId, templateId },
    });
    const isDocx = res.statusCode === 200;
    return {
      status: res.statusCode,
      headers: res.headers,
      body: isDocx ? undefined : JSON.parse(res.body),
      parts: isDocx ? partsOf(res.rawPayload) : {},
    };
  };

  const putTemplate = (name: string, typeId: number | undefined, documentId: number | undefined) =>
    t.admin.put([
      {
        id: 'new:t',
        typeId: 'core:documentTemplate',
        fields: { name },
        relationships: {
          ...(typeId === undefined ? {} : { templateForType: { set: [typeId] } }),
          ...(documentId === undefined ? {} : { templateDocument: { set: [documentId] } }),
        },
      },
    ]);

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-docgen-'));
    t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 8 * 1_048_576 };
    region = (await defineType(t.admin, 'Region', [{ name: 'Code', type: 'Text' }])).typeId;
    customer = (
      await defineType(t.admin, 'Customer', [
        { name: 'Annual Revenue', script: 'annualRevenue', type: 'Currency' },
        { name: 'Since', type: 'Date' },
        { name: 'Notes', type: 'MultilineText' },
        { name: 'Active', type: 'Boolean' },
        { name: 'Headcount', type: 'Number' },
      ])
    ).typeId;
    vip = (await defineType(t.admin, 'VipCustomer', [{ name: 'Tier', type: 'Text' }], customer)).typeId;
    await defineRelationship(t.admin, 'lookup', customer, region, 'region', 'customers');
    await defineRelationship(t.admin, 'lookup', customer, customer, 'parentCustomer', 'childCustomers');
    const made = await t.admin.put([
      { id: 'new:r', typeId: region, fields: { name: 'North & East', Code: 'NE' } },
      { id: 'new:p', typeId: customer, fields: { name: 'Holding Group' } },
      {
        id: 'new:a',
        typeId: customer,
        fields: {
          name: 'Smith & Sons <Ltd>',
          annualRevenue: 1234.5,
          Since: '2026-03-05',
          Notes: 'First line\nSecond line',
          Active: true,
          Headcount: 12000,
        },
        relationships: { region: { set: ['new:r'] }, parentCustomer: { set: ['new:p'] } },
      },
      { id: 'new:v', typeId: vip, fields: { name: 'Big Co', Tier: 'Gold' } },
    ]);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    acme = made.body.ids['new:a'];
    bigCo = made.body.ids['new:v'];

    const file = docx(
      [
        paragraph(run('Customer: ', true), simpleField(' MERGEFIELD  Name  \\* MERGEFORMAT ', '«Name»')),
        paragraph(run('Revenue: '), complexField([' MERGE', 'FIELD "Annual', ' Revenue" '])),
        paragraph(
          run('Since '),
          simpleField('MERGEFIELD since'),
          run(', active: '),
          simpleField('MERGEFIELD Active'),
        ),
        paragraph(run('Staff '), simpleField('MERGEFIELD Headcount')),
        paragraph(simpleField('MERGEFIELD Notes')),
        paragraph(
          run('Region '),
          simpleField('MERGEFIELD Region'),
          run(' ('),
          complexField(['MERGEFIELD Region.Code']),
          run(')'),
        ),
        paragraph(run('Parent '), simpleField('MERGEFIELD Parent_Customer \\b "of "')),
        paragraph(run('Unknown '), simpleField('MERGEFIELD Nope'), complexField(['MERGEFIELD Region.Nope'])),
      ].join(''),
      {
        header: paragraph(run('Header for '), complexField(['MERGEFIELD ', 'Name', ' \\* Upper'])),
        footer: paragraph(run('Footer '), simpleField('MERGEFIELD Region.Name')),
      },
    );
    template = (await putTemplate('Customer letter', customer, await upload(t.admin, 'Letter.docx', file)))
      .body.ids['new:t'];
    const vipFile = docx(paragraph(simpleField('MERGEFIELD Tier')));
    vipTemplate = (await putTemplate('VIP card', vip, await upload(t.admin, 'Vip.docx', vipFile))).body.ids[
      'new:t'
    ];
    expect(template).toBeGreaterThan(0);
    expect(vipTemplate).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('answers the filled .docx as an attachment named from the template and the record', async () => {
    const res = await generate(t.admin, acme, template);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Customer letter - Smith & Sons Ltd.docx"; filename*=UTF-8''Customer%20letter%20-%20Smith%20%26%20Sons%20Ltd.docx`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('fills simple and split complex fields with the values as the app shows them, escaped', async () => {
    const { parts } = await generate(t.admin, acme, template);
    const xml = parts['word/document.xml']!;
    expect(xml).toContain('Smith &amp; Sons &lt;Ltd&gt;');
    expect(xml).not.toMatch(/fldSimple|fldChar|instrText|MERGEFIELD/);
    const lines = shownText(xml).split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Customer: Smith & Sons <Ltd>',
      'Revenue: $1,234.50',
      'Since 05/03/2026, active: Yes',
      'Staff 12,000',
      'First line',
      'Second line',
    ]);
    expect(lines[6]).toBe('Region North & East (NE)');
    expect(lines[7]).toBe('Parent of Holding Group');
    // The parts without text come back as they were.
    expect(parts['_rels/.rels']).toBe(partsOf(docx(''))['_rels/.rels']);
    expect(parts['[Content_Types].xml']).toContain('word/document.xml');
  });

  it('fills the fields of headers and footers', async () => {
    const { parts } = await generate(t.admin, acme, template);
    expect(shownText(parts['word/header1.xml']!)).toBe('Header for SMITH & SONS <LTD>');
    expect(shownText(parts['word/footer1.xml']!)).toBe('Footer North & East');
  });

  it('keeps a visible marker for a name the type does not have, and names it in a header', async () => {
    const res = await generate(t.admin, acme, template);
    expect(shownText(res.parts['word/document.xml']!)).toContain('Unknown «Nope»«Region.Nope»');
    expect(res.headers[unknownMergeFieldsHeader]).toBe('Nope, Region.Nope');
  });

  it("uses a base type's template for a derived type's record, but not the other way", async () => {
    const derived = await generate(t.admin, bigCo, template);
    expect(derived.status).toBe(200);
    expect(shownText(derived.parts['word/document.xml']!)).toContain('Customer: Big Co');
    expect((await generate(t.admin, bigCo, vipTemplate)).status).toBe(200);
    const wrong = await generate(t.admin, acme, vipTemplate);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(
      "The template 'VIP card' is for VipCustomer records; this record is a Customer.",
    );
  });

  it('answers 404 alike for a record the caller cannot read and one that does not exist', async () => {
    const role = await createRole(t.admin, 'Template readers', [
      { typeId: sysType.documentTemplate, canRead: true },
    ]);
    await t.addUser('tess', [role]);
    const tess = await t.login('tess');
    const hidden = await generate(tess, acme, template);
    const missing = await generate(tess, 987_654_321, template);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body.error.message).toBe('The record was not found.');
  });

  it('answers 404 for a template the caller cannot read, and lets one who can read both generate', async () => {
    const readers = await createRole(t.admin, 'Customer readers', [
      { typeId: customer, canRead: true },
      { typeId: region, canRead: true },
    ]);
    await t.addUser('cara', [readers]);
    const cara = await t.login('cara');
    const denied = await generate(cara, acme, template);
    expect(denied.status).toBe(404);
    expect(denied.body.error.message).toBe('The document template was not found.');
    const both = await createRole(t.admin, 'Letter writers', [
      { typeId: customer, canRead: true },
      { typeId: sysType.documentTemplate, canRead: true },
    ]);
    await t.addUser('lee', [both]);
    const lee = await t.login('lee');
    const res = await generate(lee, acme, template);
    // Lee reads the template but not its document (an administrator's upload): the template is enough.
    expect(res.status).toBe(200);
    // Lee cannot read regions: the region's name stays empty rather than leaking.
    expect(shownText(res.parts['word/document.xml']!)).toContain('Region  ()');
  });

  it('refuses bad requests and a template whose file is not a Word document', async () => {
    const bad = await t.admin.post(generatePath, { recordId: 'x', templateId: template });
    expect(bad.status).toBe(400);
    const notTemplate = await generate(t.admin, acme, acme);
    expect(notTemplate.status).toBe(404);
    // A template must name an Object and a .docx that opens as one.
    const junk = await upload(t.admin, 'Junk.docx', Buffer.from('this is not a zip'));
    const refused = await putTemplate('Junk', customer, junk);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("The template's file is not a Word document (.docx)");
    const pdf = await upload(t.admin, 'Letter.pdf', Buffer.from('%PDF-1.4 x'));
    expect(JSON.stringify((await putTemplate('Pdf', customer, pdf)).body)).toContain(
      "'Letter.pdf' is not a Word document (.docx).",
    );
    expect(JSON.stringify((await putTemplate('No type', undefined, junk)).body)).toContain(
      'The template names no Object.',
    );
    // A file replaced by something else after the template was saved is refused when generating.
    const good = await upload(t.admin, 'Later.docx', docx(paragraph(simpleField('MERGEFIELD Name'))));
    const later = (await putTemplate('Later broken', customer, good)).body.ids['new:t'];
    const etag = (await t.admin.get(`/spapi/data/v2/document/${good}`)).headers.etag as string;
    const boundary = '----plinthDocgenBoundary';
    const replaced = await t.admin.request(
      'POST',
      `/spapi/data/v2/document/${good}/replace`,
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Later.docx"\r\n\r\n`,
        ),
        Buffer.from('PK\u0003\u0004 broken'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      { 'content-type': `multipart/form-data; boundary=${boundary}`, 'if-match': etag },
    );
    expect(replaced.status).toBe(200);
    const broken = await generate(t.admin, acme, later);
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toContain("The template's file is not a Word document (.docx)");
  });

  it('offers one generate item per readable template of the type and its bases', async () => {
    const menu = async (client: Client, typeId: number, ids: number[]) =>
      (
        await client.post('/spapi/data/v1/actions/menu', { entityTypeId: typeId, ids })
      ).body.data.actions.filter((a: { method: string }) => a.method === 'generate');
    const forVip = await menu(t.admin, vip, [bigCo]);
    expect(forVip.map((a: any) => [a.displayname, a.data.ReportTemplateId, a.isenabled])).toEqual([
      ['Generate Customer letter', template, true],
      ['Generate Later broken', expect.any(Number), true],
      ['Generate VIP card', vipTemplate, true],
    ]);
    const forCustomer = await menu(t.admin, customer, [acme]);
    expect(forCustomer.map((a: any) => a.data.ReportTemplateId)).not.toContain(vipTemplate);
    expect(forCustomer[0]).toMatchObject({
      method: 'generate',
      isselect: true,
      iscontext: true,
      eid: template,
    });
    // Nothing selected, or two: offered but not enabled.
    expect((await menu(t.admin, customer, [])).every((a: any) => !a.isenabled)).toBe(true);
    expect((await menu(t.admin, customer, [acme, bigCo])).every((a: any) => !a.isenabled)).toBe(true);
    // Someone who cannot read templates is offered none.
    const cara = await t.login('cara');
    expect(await menu(cara, customer, [acme])).toEqual([]);
  });

  it('lists the templates with their Object and document for the admin area', async () => {
    const res = await t.admin.get('/spapi/data/v1/document/templates');
    expect(res.status).toBe(200);
    expect(res.body.templates.find((x: any) => x.id === template)).toMatchObject({
      name: 'Customer letter',
      typeId: customer,
      typeName: 'Customer',
      documentName: 'Letter.docx',
      canDelete: true,
    });
    expect(res.body.types.map((x: any) => x.name)).toEqual(expect.arrayContaining(['Customer', 'Region']));
  });
});
