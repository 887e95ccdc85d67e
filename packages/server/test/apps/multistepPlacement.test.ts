import {
  boundComponentAlias,
  type EntityChange,
  multistepMessages,
  newPageContent,
  type PageComponentInput,
  type PageVersionContent,
} from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSchemaChanges } from '../../src/demo/demoSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

const section = (id: string, name: string, ids: string[]) => ({
  id,
  name,
  type: 'container' as const,
  isContainer: true,
  elements: ids.map((c) => ({
    id: c,
    type: 'component' as const,
    isContainer: false,
    elements: [],
    styles: {},
  })),
  styles: {},
});

describe.each(engines)('multistep placement on %s', (engine) => {
  let t: TestApp;
  let ids: Record<string, number>;
  let appId: number;

  /** A multistep page over an account: its industry, its code and its contacts, in the sections given. */
  function multistepContent(first: string[], second: string[]): PageVersionContent {
    const components: PageComponentInput[] = [
      {
        id: 'industry',
        typeAlias: boundComponentAlias('text'),
        extendedProperties: { fieldId: ids['new:account-industry']! },
      },
      {
        id: 'code',
        typeAlias: boundComponentAlias('text'),
        extendedProperties: { fieldId: ids['new:code']! },
      },
      {
        id: 'contacts',
        typeAlias: boundComponentAlias('relationship'),
        extendedProperties: { relationshipId: ids['new:rel-contactAccount']!, relationshipDirection: 'rev' },
      },
    ];
    const content = newPageContent(
      components.map((component) => ({ component })),
      {
        contextEntityTypeId: ids['new:account']!,
      },
    );
    content.configuration.root.elements = [
      section('s1', 'Account', first),
      section('s2', 'Contacts', second),
    ];
    return content;
  }

  const pageChanges = (key: string, type: string, content: PageVersionContent): EntityChange[] => [
    {
      id: `new:${key}Version`,
      typeId: 'core:pageVersion',
      fields: { name: key, pageVersionContent: JSON.stringify(content), pageVersionFormat: 1 },
    },
    {
      id: `new:${key}`,
      typeId: 'core:appPage',
      fields: { name: `Page ${key}`, appPageSlug: key, appPageType: type },
      relationships: { pageInApp: { set: [appId] }, pagePublishedVersion: { set: [`new:${key}Version`] } },
    },
  ];

  beforeAll(async () => {
    t = await startTestApp(engine);
    const schema = await t.admin.put(demoSchemaChanges());
    expect(schema.status, JSON.stringify(schema.body)).toBe(200);
    ids = schema.body.ids;
    // A field mandatory on the account's details.
    const code = await t.admin.put([
      {
        id: 'new:code',
        typeId: 'core:field',
        fields: { name: 'Account code', fieldScriptName: 'code', fieldType: 'Text', isRequired: true },
        relationships: { fieldIsOnType: { set: [ids['new:account']!] } },
      },
    ]);
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    ids = { ...ids, ...code.body.ids };
    const app = await t.admin.put([
      { id: 'new:app', typeId: 'core:app', fields: { name: 'Steps app', uiAppSlug: 'steps' } },
    ]);
    appId = app.body.ids['new:app'];
  });
  afterAll(() => t.close());

  it('saves a multistep page whose relationship field is in a later section', async () => {
    const res = await t.admin.put(
      pageChanges('good', 'singleRecordMultistepEdit', multistepContent(['industry'], ['contacts'])),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refuses a relationship field in the first section, with the spec’s message', async () => {
    const res = await t.admin.put(
      pageChanges('first', 'singleRecordMultistepEdit', multistepContent(['industry', 'contacts'], [])),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.errors.map((e: { message: string }) => e.message)).toEqual([
      multistepMessages.firstSection,
    ]);
  });

  it('refuses a relationship field outside the sections and a mandatory field after the first', async () => {
    const content = multistepContent(['industry'], ['code']);
    content.configuration.root.elements.push({
      id: 'contacts',
      type: 'component',
      isContainer: false,
      elements: [],
      styles: {},
    });
    const res = await t.admin.put(pageChanges('outside', 'singleRecordMultistepEdit', content));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.errors.map((e: { message: string }) => e.message).sort()).toEqual(
      [
        'Relationship fields cannot be added outside of sections of a multistep form. Add the field to any section other than the first section.',
        "The field 'Account code' is set to mandatory on Object details. It can only be added to the first section of a multistep form.",
      ].sort(),
    );
  });

  it('checks a page turned multistep against the version it already has', async () => {
    const made = await t.admin.put(
      pageChanges('later', 'singleRecordEdit', multistepContent(['industry', 'contacts'], [])),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const pageId = made.body.ids['new:later'];
    const res = await t.admin.put([{ id: pageId, fields: { appPageType: 'singleRecordMultistepEdit' } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.errors).toEqual([
      expect.objectContaining({ member: 'appPageType', message: multistepMessages.firstSection }),
    ]);
  });
});
