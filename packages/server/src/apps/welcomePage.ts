import {
  type EntityChange,
  type EntityId,
  sysField as F,
  newPageContent,
  sysRel,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import type { EntityRow } from '../data/entityRepository.js';
import { putEntities } from '../entities/putEntities.js';
import { targetsOf } from './appRecords.js';

export const welcomePageName = 'Welcome';

/**
 * The records a new app's first page is made of (spec 01 §2): a page named Welcome with a
 * published version holding a heading, shown in the menu and set as the app's default page.
 */
export function welcomePageChanges(app: {
  id: EntityId;
  version: number;
  name: string | null;
}): EntityChange[] {
  const content = newPageContent([
    {
      component: {
        id: 'welcomeHeading',
        typeAlias: 'core:headingComponent',
        name: 'Heading',
        properties: { text: app.name ? `Welcome to ${app.name}` : 'Welcome', level: 1 },
      },
    },
  ]);
  return [
    {
      id: 'new:welcomeVersion',
      typeId: 'core:pageVersion',
      fields: {
        name: welcomePageName,
        [`#${F.pageVersionContent}`]: JSON.stringify(content),
        [`#${F.pageVersionFormat}`]: 1,
      },
    },
    {
      id: 'new:welcomePage',
      typeId: 'core:appPage',
      fields: {
        name: welcomePageName,
        [`#${F.appPageSlug}`]: 'welcome',
        [`#${F.appPageShowMenu}`]: true,
        [`#${F.appPageType}`]: 'default',
      },
      relationships: {
        [`#${sysRel.pageInApp}`]: { set: [app.id] },
        [`#${sysRel.pagePublishedVersion}`]: { set: ['new:welcomeVersion'] },
      },
    },
    {
      id: app.id,
      version: app.version,
      relationships: { [`#${sysRel.appsDefaultPage}`]: { set: ['new:welcomePage'] } },
    },
  ];
}

/**
 * After a put that created apps: each new app without pages gets its Welcome page, in the menu
 * and as its default page. The menu names the page by id, known once the page is written.
 */
export async function addWelcomePages(ctx: RequestContext, written: readonly EntityRow[]): Promise<void> {
  const created = written.filter((r) => r.typeId === sysType.app && r.version === 1);
  if (created.length === 0) return;
  const pages = await targetsOf(
    ctx,
    sysRel.pageInApp,
    'rev',
    created.map((r) => r.id),
  );
  for (const app of created) {
    if ((pages.get(app.id) ?? []).length > 0) continue;
    const made = await putEntities(ctx, { entities: welcomePageChanges(app), deleted: [] });
    const pageId = made.ids['new:welcomePage']!;
    await putEntities(ctx, {
      entities: [
        { id: app.id, fields: { [`#${F.uiAppMenu}`]: JSON.stringify({ menuOrder: [String(pageId)] }) } },
      ],
      deleted: [],
    });
  }
}
