import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as sanitiseStoredRichText } from '../src/db/migrations/011_sanitise_rich_text.js';
import { sanitizeRichText } from '../src/entities/sanitizeRichText.js';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>\n<a href="javascript:alert(3)">x</a>';

/** True when the HTML holds no element a browser would run: no script, no on* handler, no javascript: link. */
function isInert(html: string): boolean {
  return !/<script|<[^>]+\son\w+=|<a[^>]+href="javascript:/i.test(html);
}

/**
 * Issue 14, item 2: rich text is only ever served sanitised. A field changed to Rich text has its
 * stored values converted in the change's transaction; defaults are sanitised on create; values
 * stored before this release are sanitised by migration 011.
 */
describe.each(engines)('rich text is never served unsanitised on %s', (engine) => {
  let t: TestApp;
  let typeId: number;
  let fieldIds: Record<string, number>;

  beforeAll(async () => {
    t = await startTestApp(engine);
    ({ typeId, fieldIds } = await defineType(t.admin, 'Note', [
      { name: 'Body', script: 'body', type: 'MultilineText' },
      { name: 'Line', script: 'line', type: 'Text' },
      { name: 'Rich', script: 'rich', type: 'RichText' },
    ]));
  });
  afterAll(() => t.close());

  const create = async (fields: Record<string, unknown>) => {
    const res = await t.admin.put([{ id: 'new:n', typeId, fields: { name: 'n', ...fields } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ids['new:n'] as number;
  };

  it('converts a multiline field changed to Rich text: text stays text, nothing runs', async () => {
    const id = await create({ body: `${hostile}\nTom & Jerry` });
    const version = (await t.admin.read(id)).body.version;
    const res = await t.admin.put([{ id: fieldIds.body!, fields: { fieldType: 'RichText' } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const body: string = (await t.admin.read(id, 'body')).body.body;
    expect(isInert(body)).toBe(true);
    // What the user saw as text is what the rich-text field shows: escaped, lines kept.
    expect(body).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;<br>&lt;a href="javascript:alert(3)"&gt;x&lt;/a&gt;<br>Tom &amp; Jerry',
    );
    expect(sanitizeRichText(body)).toBe(body);
    // The record's version moved, so a form opened before cannot write the raw text back unseen.
    expect((await t.admin.read(id)).body.version).toBeGreaterThan(version);
  });

  it('converts a Text field too, and a list read serves the converted value', async () => {
    const id = await create({ line: '<b onclick="x()">bold</b>' });
    expect((await t.admin.put([{ id: fieldIds.line!, fields: { fieldType: 'RichText' } }])).status).toBe(200);
    const list = await t.admin.post('/spapi/data/v1/entity/ofType', { typeId, query: 'line', pageSize: 100 });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = (list.body.entities as Array<{ id: number; line?: string }>).find((e) => e.id === id);
    expect(row?.line).toBe('&lt;b onclick="x()"&gt;bold&lt;/b&gt;');
    expect((await t.admin.read(id, 'line')).body.line).toBe('&lt;b onclick="x()"&gt;bold&lt;/b&gt;');
  });

  it('changes nothing when a change to Rich text is refused with the rest of its put', async () => {
    const memoDef = await defineType(t.admin, 'Memo', [{ name: 'Text', script: 'text', type: 'Text' }]);
    const f = memoDef.fieldIds;
    const put = await t.admin.put([
      { id: 'new:m', typeId: memoDef.typeId, fields: { name: 'm', text: '<i>raw</i>' } },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const memo = put.body.ids['new:m'];
    // The same put changes the type and breaks a rule (a blank field name): all of it is undone.
    const res = await t.admin.put([{ id: f.text!, fields: { fieldType: 'RichText', name: '' } }]);
    expect(res.status).toBe(400);
    expect((await t.admin.read(memo, 'text')).body.text).toBe('<i>raw</i>');
    expect((await t.admin.read(f.text!, 'fieldType')).body.fieldType).toBe('Text');
  });

  it('stores every link with rel="noopener noreferrer", and no tel: or mailto: it would not make', async () => {
    const id = await create({
      rich: '<a href="https://example.com" target="_blank">a</a><a href="tel:abc">b</a><a href="mailto:a@b.co?bcc=spy@evil.example">c</a><a href="tel:+61400000000" rel="opener">d</a>',
    });
    const rich: string = (await t.admin.read(id, 'rich')).body.rich;
    const rel = 'target="_blank" rel="noopener noreferrer nofollow"';
    expect(rich).toBe(
      `<a href="https://example.com" ${rel}>a</a><a href="/" ${rel}>b</a><a href="/" ${rel}>c</a><a href="tel:+61400000000" rel="noopener noreferrer nofollow" target="_blank">d</a>`,
    );
  });

  it('sanitises a rich-text default on create', async () => {
    const { typeId: withDefault } = await defineType(t.admin, 'Defaulted', [
      {
        name: 'Intro',
        script: 'intro',
        type: 'RichText',
        defaultValue: '<p onclick="x()">Hi</p><script>x()</script>',
      },
    ]);
    const res = await t.admin.put([{ id: 'new:d', typeId: withDefault, fields: { name: 'd' } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.admin.read(res.body.ids['new:d'], 'intro')).body.intro).toBe('<p>Hi</p>');
  });

  it('sanitises rich text stored before this release (migration 011)', async () => {
    const id = await create({ rich: '<p>kept</p>' });
    // Written straight into the table, as an older release could have left it.
    const raw = { [String(fieldIds.rich)]: hostile };
    await t.services.db
      .updateTable('entities')
      .set({ data: JSON.stringify(raw) })
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', id)
      .execute();
    expect((await t.admin.read(id, 'rich')).body.rich).toBe(hostile);
    await sanitiseStoredRichText(t.services.db as never, engine);
    const served: string = (await t.admin.read(id, 'rich')).body.rich;
    expect(isInert(served)).toBe(true);
    expect(served).toBe(sanitizeRichText(hostile));
  });
});
