import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysField, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBlobStore } from '../src/files/BlobStore.js';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';
import { upload } from './support/uploads.js';

/**
 * The schema editor's relationship rules and calls (decision 0100): names and script names of both
 * ends, choice fields only to choice Objects, reports of the related Object, a mandatory end only
 * when records already hold it, and deleting a relationship with the links the user confirmed.
 */
describe.each(engines)('relationships in the schema editor on %s', (engine) => {
  let t: TestApp;
  let clerk: Client;
  let project: number;
  let account: number;
  let stage: number;
  let filesDir: string;

  const required = 'A value is required.';
  const relNameClash = "There is another field or Object with the same 'Field name/Object name'.";
  const scriptNameClash = "There is another field with the same 'Script name'.";

  beforeAll(async () => {
    t = await startTestApp(engine);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-icons-'));
    t.services.files = { store: new FolderBlobStore(filesDir), maxUploadBytes: 1_048_576 };
    await t.addUser('clerk', []);
    clerk = await t.login('clerk');
    project = (await defineType(t.admin, 'Project', [{ name: 'Code', script: 'code', type: 'Text' }])).typeId;
    account = (await defineType(t.admin, 'Acct', [])).typeId;
    stage = (await defineType(t.admin, 'Stage', [], sysType.enumValue)).typeId;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const putRel = (fields: Record<string, unknown>, from: number, to: number, extra: object = {}) =>
    t.admin.put([
      {
        id: 'new:r',
        typeId: 'core:relationship',
        fields: {
          name: 'Rel',
          relType: 'lookup',
          toName: 'Rel',
          fromName: 'Rels',
          toScriptName: 'rel',
          fromScriptName: 'rels',
          ...fields,
        },
        relationships: { fromType: { set: [from] }, toType: { set: [to] }, ...extra },
      },
    ]);
  const errorsOf = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    return res.body.error.details.errors;
  };
  const addRecords = async (typeId: number, count: number, prefix: string) => {
    const res = await t.admin.put(
      Array.from({ length: count }, (_, i) => ({
        id: `new:r${i}`,
        typeId,
        fields: { name: `${prefix}${i}` },
      })),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Array.from({ length: count }, (_, i) => res.body.ids[`new:r${i}`] as number);
  };

  it('requires the names and script names of both ends', async () => {
    const res = await putRel(
      { toName: ' ', fromName: '', toScriptName: '', fromScriptName: '' },
      project,
      account,
    );
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        { id: 'new:r', member: 'toName', message: required },
        { id: 'new:r', member: 'toScriptName', message: required },
        { id: 'new:r', member: 'fromName', message: required },
        { id: 'new:r', member: 'fromScriptName', message: required },
      ]),
    );
  });

  it('refuses script names calculations cannot write', async () => {
    const res = await putRel({ toScriptName: 'My account', fromScriptName: '2projects' }, project, account);
    const message = 'A script name must start with a letter and hold only letters, digits and underscores.';
    expect(errorsOf(res)).toEqual([
      { id: 'new:r', member: 'toScriptName', message },
      { id: 'new:r', member: 'fromScriptName', message },
    ]);
  });

  it('refuses an end name that clashes, ignoring case, with a field or end of either Object', async () => {
    const res = await putRel({ toName: 'CODE', toScriptName: 'acct' }, project, account);
    expect(errorsOf(res)).toEqual([{ id: 'new:r', member: 'toName', message: relNameClash }]);
    const reverse = await putRel({ fromName: 'Projects', fromScriptName: 'Code' }, account, project);
    expect(errorsOf(reverse)).toEqual([{ id: 'new:r', member: 'fromScriptName', message: scriptNameClash }]);
  });

  it('relates choice fields only to choice Objects', async () => {
    const res = await putRel(
      { relType: 'choiceField', toName: 'Kind', toScriptName: 'kind' },
      project,
      account,
    );
    expect(errorsOf(res)).toEqual([
      {
        id: 'new:r',
        member: 'toType',
        message: "A choice field relates to a choice Object; 'Acct' is not one.",
      },
    ]);
    const ok = await putRel(
      { relType: 'choiceField', toName: 'Stage', toScriptName: 'stage' },
      project,
      stage,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('refuses a related Object that does not exist', async () => {
    const res = await putRel({ toName: 'Ghost', toScriptName: 'ghost' }, project, 9_999_999);
    expect(res.status).toBe(404);
    const missing = await t.admin.put([
      {
        id: 'new:r',
        typeId: 'core:relationship',
        fields: {
          name: 'X',
          relType: 'lookup',
          toName: 'X',
          fromName: 'Xs',
          toScriptName: 'x',
          fromScriptName: 'xs',
        },
        relationships: { fromType: { set: [project] } },
      },
    ]);
    expect(errorsOf(missing)).toEqual([expect.objectContaining({ id: 'new:r', member: 'toType' })]);
  });

  it('takes display and picker reports of the related Object only', async () => {
    const report = (key: string, rootTypeId: number) => ({
      id: `new:${key}`,
      typeId: 'core:report',
      fields: {
        name: key === 'accList' ? 'Accounts list' : 'Projects list',
        reportDefinition: JSON.stringify({
          version: 1,
          rootTypeId,
          columns: [{ id: 'c1', kind: 'field', fieldId: sysField.name }],
        }),
      },
    });
    const made = await t.admin.put([report('accList', account), report('projList', project)]);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const listing = await t.admin.get(`/spapi/data/v1/schema/type/${account}/reports`);
    expect(listing.status).toBe(200);
    expect(listing.body.reports).toEqual([{ id: made.body.ids['new:accList'], name: 'Accounts list' }]);
    expect((await clerk.get(`/spapi/data/v1/schema/type/${account}/reports`)).status).toBe(403);
    const res = await putRel({ toName: 'Owner account', toScriptName: 'ownerAccount' }, project, account, {
      toPickerReport: { set: [made.body.ids['new:projList']] },
      toDisplayReport: { set: [made.body.ids['new:accList']] },
    });
    expect(errorsOf(res)).toEqual([
      {
        id: 'new:r',
        member: 'toPickerReport',
        message: "The report 'Projects list' does not list 'Acct' records.",
      },
    ]);
    const ok = await putRel(
      { toName: 'Owner account', toScriptName: 'ownerAccount', fromName: 'Owned', fromScriptName: 'owned' },
      project,
      account,
      { toPickerReport: { set: [made.body.ids['new:accList']] } },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const schema = (await t.admin.get(`/spapi/data/v1/schema/type/${project}`)).body;
    const end = schema.relationships.find((r: { id: number }) => r.id === ok.body.ids['new:r']);
    expect(end).toMatchObject({
      toPickerReportId: made.body.ids['new:accList'],
      endName: 'Owner account',
    });
  });

  it('starts an end as the signed-in user only where it reaches users', async () => {
    const res = await putRel(
      { toName: 'Lead', toScriptName: 'lead', defaultToUseCurrent: true },
      project,
      account,
    );
    expect(errorsOf(res)).toEqual([
      {
        id: 'new:r',
        member: 'defaultToUseCurrent',
        message: 'Only an end that reaches User Accounts or People can start as the signed-in user.',
      },
    ]);
    const ok = await putRel(
      {
        toName: 'Manager',
        toScriptName: 'manager',
        fromName: 'Managed',
        fromScriptName: 'managed',
        defaultToUseCurrent: true,
        securesTo: true,
      },
      project,
      (await t.admin.get('/spapi/data/v1/schema/type/core:userAccount')).body.type.id,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('refuses a mandatory end while records lack it, saying how many', async () => {
    const team = (await defineType(t.admin, 'Team', [])).typeId;
    const member = (await defineType(t.admin, 'Member', [])).typeId;
    const teams = await addRecords(team, 3, 'Team');
    const members = await addRecords(member, 2, 'Member');
    const rel = await defineRelationship(t.admin, 'lookup', member, team, 'team', 'members', {
      toName: 'Team',
      fromName: 'Members',
    });
    // Two members without a team: the forward end cannot become mandatory.
    const forward = await t.admin.put([{ id: rel, fields: { relationshipIsMandatory: true } }]);
    expect(errorsOf(forward)).toEqual([
      {
        id: rel,
        member: 'relationshipIsMandatory',
        message: "2 records of 'Member' have no 'Team'. Link them first, or leave 'Team' optional.",
      },
    ]);
    const linked = await t.admin.put(
      members.map((id) => ({ id, relationships: { team: { set: [teams[0]!] } } })),
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((await t.admin.put([{ id: rel, fields: { relationshipIsMandatory: true } }])).status).toBe(200);
    // Two of the three teams have no members: the reverse end cannot become mandatory.
    const reverse = await t.admin.put([{ id: rel, fields: { revRelationshipIsMandatory: true } }]);
    expect(errorsOf(reverse)).toEqual([
      {
        id: rel,
        member: 'revRelationshipIsMandatory',
        message: "2 records of 'Team' have no 'Members'. Link them first, or leave 'Members' optional.",
      },
    ]);
  });

  it('lists what uses a relationship and deletes it with the links the user confirmed', async () => {
    const city = (await defineType(t.admin, 'City', [])).typeId;
    const site = (await defineType(t.admin, 'Site', [])).typeId;
    const cities = await addRecords(city, 1, 'City');
    const sites = await addRecords(site, 3, 'Site');
    const rel = await defineRelationship(t.admin, 'lookup', site, city, 'city', 'sites', {
      toName: 'City',
      fromName: 'Sites',
    });
    await t.admin.put(sites.map((id) => ({ id, relationships: { city: { set: [cities[0]!] } } })));
    const report = await t.admin.put([
      {
        id: 'new:rep',
        typeId: 'core:report',
        fields: {
          name: 'Sites by city',
          reportDefinition: JSON.stringify({
            version: 1,
            rootTypeId: site,
            columns: [{ id: 'c1', kind: 'relationship', relId: rel, direction: 'fwd' }],
          }),
        },
      },
    ]);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const usage = await t.admin.get(`/spapi/data/v1/schema/relationship/${rel}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      forms: [],
      pages: [],
      reports: [{ id: report.body.ids['new:rep'], name: 'Sites by city' }],
      linkCount: 3,
    });
    const used = await t.admin.post(`/spapi/data/v1/schema/relationship/${rel}/delete`, { linkCount: 3 });
    expect(used.status).toBe(409);
    expect(used.body.error.message).toBe(
      'The relationship is used and cannot be deleted. Reports: Sites by city.',
    );
    expect((await t.admin.put([], [report.body.ids['new:rep']])).status).toBe(200);

    // The plain delete would leave the links behind: it is refused.
    const plain = await t.admin.put([], [rel]);
    expect(plain.status).toBe(409);
    expect(plain.body.error.message).toContain('still links 3 pairs of records');

    const stale = await t.admin.post(`/spapi/data/v1/schema/relationship/${rel}/delete`, { linkCount: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      'The relationship now links 3 pairs of records, not 2. Check again before deleting.',
    );
    expect(
      (await clerk.post(`/spapi/data/v1/schema/relationship/${rel}/delete`, { linkCount: 3 })).status,
    ).toBe(403);
    const done = await t.admin.post(`/spapi/data/v1/schema/relationship/${rel}/delete`, { linkCount: 3 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ deleted: rel, linkCount: 3 });
    const after = (await t.admin.get(`/spapi/data/v1/schema/type/${site}`)).body;
    expect(after.relationships.some((r: { id: number }) => r.id === rel)).toBe(false);
    // The sites stay, and a new relationship may take the freed names.
    expect((await t.admin.read(sites[0]!)).status).toBe(200);
    await defineRelationship(t.admin, 'lookup', site, city, 'city', 'sites', {
      toName: 'City',
      fromName: 'Sites',
    });
  });

  it('takes an uploaded image as an Object’s icon, and nothing else', async () => {
    const image = await upload(t.admin, 'icon.png', 'not really a png, stored as a document all the same');
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    const refused = await t.admin.put([{ id: account, fields: { typeIcon: 'a picture' } }]);
    expect(errorsOf(refused)).toEqual([
      { id: account, member: 'typeIcon', message: 'The icon must be an uploaded image.' },
    ]);
    expect(errorsOf(await t.admin.put([{ id: account, fields: { typeIcon: String(project) } }]))).toEqual([
      { id: account, member: 'typeIcon', message: 'The icon must be an uploaded image.' },
    ]);
    const ok = await t.admin.put([{ id: account, fields: { typeIcon: String(image.body.id) } }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const listed = (await t.admin.get('/spapi/data/v1/schema/types')).body.types;
    expect(listed.find((x: { id: number }) => x.id === account)).toMatchObject({
      iconImageId: image.body.id,
    });
    expect((await t.admin.put([{ id: account, fields: { typeIcon: null } }])).status).toBe(200);
  });

  it('answers 404 for catalogue and unknown relationships', async () => {
    expect((await t.admin.get('/spapi/data/v1/schema/relationship/1014/usage')).status).toBe(404);
    expect((await t.admin.get('/spapi/data/v1/schema/relationship/9999999/usage')).status).toBe(404);
    expect(
      (await t.admin.post('/spapi/data/v1/schema/relationship/1014/delete', { linkCount: 0 })).status,
    ).toBe(404);
  });
});
