import {
  type DragSource,
  dropElement,
  type PageVersionContent,
  readPageVersionContent,
  renameElement,
  sysField,
  sysRel,
} from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { executed } from '../support/executedStatements.js';
import { Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

const APPS = '/spapi/admin/v1/apps';
const PAGES = '/spapi/admin/v1/pages';

/** 10 grids of 20 headings and texts, dropped with the builder's own rules (as the bench does). */
function twoHundredComponents(start: PageVersionContent): PageVersionContent {
  let content = start;
  const drop = (source: DragSource, parentId: string) => {
    const result = dropElement(content, source, { parentId, index: Number.MAX_SAFE_INTEGER });
    if (!result.ok) throw new Error(result.message);
    content = result.content;
    return result.selectedId;
  };
  for (let g = 0; g < 10; g++) {
    const grid = drop({ kind: 'newContainer', container: 'grid' }, content.configuration.root.id);
    for (let c = 0; c < 20; c++)
      drop({ kind: 'new', typeAlias: c % 2 === 0 ? 'core:headingComponent' : 'core:textComponent' }, grid);
  }
  return content;
}

/**
 * Issue 20's save of a page of 200 components (`npm run bench -- builder`): what it costs in
 * statements, and that the answer built from what the save checked and wrote is what a load reads.
 */
describe.each(engines)('the save of a page of 200 components on %s', (engine) => {
  let t: TestApp;
  let page: any;
  let content: PageVersionContent;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const app = await t.admin.post(APPS, { name: 'Two hundred' });
    expect(app.status, JSON.stringify(app.body)).toBe(200);
    const made = await t.admin.post(`${APPS}/${app.body.id}/pages`, { name: 'Big page' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    content = twoHundredComponents(made.body.content);
    const saved = await t.admin.post(`${PAGES}/${made.body.id}`, { revision: made.body.revision, content });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    page = saved.body;
  });
  afterAll(() => t?.close());

  it('renames a component in 18 statements after authentication, its search document left as it was', async () => {
    const rec = executed(t.services.db);
    const app = await buildApp({ ...t.services, db: rec.db }, { validateResponses: true });
    const client = new Client(app, t.admin.auth);
    // The session is kept from now on: authentication costs one statement.
    expect((await client.get(`${PAGES}/${page.id}`)).status).toBe(200);
    const last = content.components.at(-1)!;
    content = renameElement(content, last.id, 'Renamed last');
    rec.statements.length = 0;
    const res = await client.post(`${PAGES}/${page.id}`, { revision: page.revision, content });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    page = res.body;
    const sql = rec.statements.map((s) => s.sql);
    // The page locked and read, its links, the entity service's put with the page rules' checks
    // and the audit, then the answer's links and records (42 statements on PostgreSQL before).
    expect(sql.length, sql.join('\n\n')).toBeLessThanOrEqual(19);
    expect(
      sql.filter((s) => /entity_search/.test(s)),
      sql.join('\n'),
    ).toEqual([]);
    await app.close();
  });

  it('answers what a load then reads, and stores a text that reads back as the content answered', async () => {
    content = renameElement(content, content.components[7]!.id, 'Renamed seventh');
    const res = await t.admin.post(`${PAGES}/${page.id}`, { revision: page.revision, content });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    page = res.body;
    expect(page.content.components[7].name).toBe('Renamed seventh');
    const loaded = await t.admin.get(`${PAGES}/${page.id}`);
    expect(loaded.status).toBe(200);
    expect(loaded.body).toEqual(page);
    const draft = await t.services.db
      .selectFrom('relationships')
      .innerJoin('entities', (j) =>
        j
          .onRef('entities.id', '=', 'relationships.to_id')
          .onRef('entities.tenant_id', '=', 'relationships.tenant_id'),
      )
      .select('entities.data')
      .where('relationships.tenant_id', '=', t.tenantId)
      .where('relationships.rel_id', '=', sysRel.pageDraftVersion)
      .where('relationships.from_id', '=', page.id)
      .executeTakeFirstOrThrow();
    const data = (typeof draft.data === 'string' ? JSON.parse(draft.data) : draft.data) as Record<
      string,
      unknown
    >;
    const read = readPageVersionContent(
      data[String(sysField.pageVersionContent)],
      data[String(sysField.pageVersionFormat)] as number,
    );
    expect(read).toEqual({ content: page.content, fellBack: false });
  });

  it('still refuses a save over a slug another page of the app has taken, though this one kept it', async () => {
    const other = await t.admin.post(`${APPS}/${page.app.id}/pages`, { name: 'Other page' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    // Written past the rules (as an older version could have): both pages now have the same slug.
    const row = await t.services.db
      .selectFrom('entities')
      .select('data')
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', other.body.id)
      .executeTakeFirstOrThrow();
    const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    await t.services.db
      .updateTable('entities')
      .set({ data: JSON.stringify({ ...data, [String(sysField.appPageSlug)]: page.settings.slug }) })
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', other.body.id)
      .execute();
    content = renameElement(content, content.components[8]!.id, 'Not saved');
    const res = await t.admin.post(`${PAGES}/${page.id}`, { revision: page.revision, content });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.errors).toEqual([
      { member: 'slug', message: "There is another page with the same 'URL slug'." },
    ]);
    const loaded = await t.admin.get(`${PAGES}/${page.id}`);
    expect(loaded.body.revision).toBe(page.revision);
    expect(loaded.body.content.components[8].name).not.toBe('Not saved');
  });
});
