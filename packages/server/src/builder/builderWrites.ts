import {
  type AppMenu,
  appRuleMessages,
  type EntityChange,
  type EntityId,
  type PageContentProblem,
  type PageVersionContent,
  type PutEntitiesRequest,
  type PutEntitiesResponse,
  pageContentProblems,
  pageVersionContent,
  sysRel,
} from '@plinth/schema';
import { type AppRecord, targetsOf } from '../apps/appRecords.js';
import type { RequestContext } from '../context.js';
import { putEntities } from '../entities/putEntities.js';
import { AppError } from '../http/errors.js';
import { builderMessages as M } from './builderMessages.js';

/** A refused setting, named as the builder's contracts name it. */
export interface SettingProblem {
  member: string;
  message: string;
}

/** The refusal of settings or content that break a rule: the first message, then each one. */
export function settingsRefused(problems: readonly SettingProblem[], message = 'Some values are not valid.') {
  return new AppError('validation_failed', message, { errors: problems });
}

/** Problems as a record of messages by setting (the shape the pure rules answer). */
export const problemsOf = (found: Partial<Record<string, string>>): SettingProblem[] =>
  Object.entries(found).flatMap(([member, message]) => (message ? [{ member, message }] : []));

/** The entity service's member names of app and page records, as the builder's settings name them. */
export const appMembers: Readonly<Record<string, string>> = {
  name: 'name',
  uiAppSlug: 'slug',
  alias: 'alias',
  uiAppAlias: 'displayAlias',
  description: 'description',
  uiAppIcon: 'icon',
  uiAppVersion: 'version',
  uiAppEnabled: 'isEnabled',
  uiAppAnonymousAccess: 'allowsAnonymous',
  uiAppMenuShowDefault: 'menuShowDefault',
  uiAppMenuShowAppName: 'menuShowAppName',
  uiAppMenuAppNameHome: 'menuAppNameHome',
  uiAppMenuAppNameAlign: 'menuAppNameAlign',
  uiAppTheme: 'theme',
  uiAppHeaderBackgroundColour: 'headerBackgroundColour',
  uiAppHeaderTextColour: 'headerTextColour',
  uiAppFooterText: 'footerText',
  allowedDisplayUiAppBy: 'allowedDisplayRoleIds',
  appsDefaultPage: 'defaultPageId',
  uiAppMenu: 'menu',
};

export const pageMembers: Readonly<Record<string, string>> = {
  name: 'name',
  appPageSlug: 'slug',
  description: 'description',
  appPageType: 'type',
  appPageHidden: 'hidden',
  appPageShowMenu: 'showMenu',
  appPageShowInSitemap: 'showInSitemap',
  appPageIcon: 'icon',
  appPageIconBackgroundColor: 'iconBackgroundColor',
  allowedDisplayAppPageBy: 'allowedDisplayRoleIds',
  alternateMultistepPage: 'alternateMultistepPageId',
  alternateEditRecordPage: 'alternateEditRecordPageId',
  // A page's input lives in its content: the menu and home page rules are about the content.
  pageInApp: 'content',
  pageVersionContent: 'content',
  uiAppMenu: 'content',
  appsDefaultPage: 'content',
};

/**
 * Puts a batch for the builder: the entity service's refusals come back with the builder's
 * setting names (`members`), each message once.
 */
export async function putForBuilder(
  ctx: RequestContext,
  req: PutEntitiesRequest,
  members: Readonly<Record<string, string>>,
): Promise<PutEntitiesResponse> {
  try {
    return await putEntities(ctx, req);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
    const errors = (error.details as { errors?: Array<{ member?: string; message: string }> })?.errors ?? [];
    const seen = new Set<string>();
    const mapped = errors.flatMap((e) => {
      const member = (e.member && members[e.member]) ?? e.member ?? '';
      const key = `${member}|${e.message}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ member, message: e.message }];
    });
    throw settingsRefused(mapped, error.message);
  }
}

/** The spec's own texts (and our whole sentences) are shown as they are; other problems say where. */
const verbatim = new Set<string>([
  'Invalid format. The value must not contain spaces.',
  'Another component already has this Id.',
  'Unknown component type',
  appRuleMessages.inputType,
]);

function problemText(problem: PageContentProblem): string {
  if (problem.path === '' || verbatim.has(problem.message)) return problem.message;
  if (problem.message.startsWith('The component cannot be added.')) return problem.message;
  if (problem.message.startsWith("Page variable '")) return problem.message;
  return `At ${problem.path}: ${problem.message}`;
}

/**
 * A page definition as the page model accepts it (spec 01 §3, decision 0073), with the defaults
 * filled in; anything else is refused before a thing is written, saying what is wrong and where.
 */
export function checkedContent(ctx: RequestContext, content: unknown): PageVersionContent {
  const problems = pageContentProblems(content);
  const parsed = problems.length === 0 ? pageVersionContent.safeParse(content) : undefined;
  if (parsed?.success) {
    const typeId = parsed.data.contextEntityTypeId;
    if (typeId === null || ctx.schema.type(typeId)) return parsed.data;
    problems.push({ path: 'contextEntityTypeId', message: appRuleMessages.inputType });
  }
  const texts = problems.map(problemText);
  throw settingsRefused(
    problems.map((p, i) => ({ member: 'content', path: p.path, message: texts[i]! })),
    `${M.invalidDefinition} ${texts[0] ?? ''}`.trim(),
  );
}

/**
 * Spec 01 §4: a page becomes the default edit form of its input's type only when the type has
 * none yet. Single-record edit pages only; a multistep page is an alternate of one (decision 0093).
 */
export async function claimDefaultEditForm(
  ctx: RequestContext,
  pageId: EntityId,
  pageType: string,
  contextTypeId: EntityId | null,
): Promise<void> {
  if (pageType !== 'singleRecordEdit' || contextTypeId === null) return;
  const current = await targetsOf(ctx, sysRel.defaultEditRecordPage, 'fwd', [contextTypeId]);
  if ((current.get(contextTypeId) ?? []).length > 0) return;
  await putEntities(ctx, {
    entities: [{ id: contextTypeId, relationships: { defaultEditRecordPage: { set: [pageId] } } }],
    deleted: [],
  });
}

/** An entity service refusal of a stale write (412), which the builder answers as a conflict. */
export const isStaleWrite = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'precondition_failed';

/**
 * The write of an app's new menu: none when it is unchanged, or for the shared app, whose pages
 * are form pages that no menu lists (and whose catalogue record is not the tenant's to change).
 */
export function menuChange(app: AppRecord, menu: AppMenu): EntityChange[] {
  if (app.isSharedApp || JSON.stringify(menu) === JSON.stringify(app.menu)) return [];
  return [{ id: app.id, fields: { uiAppMenu: JSON.stringify(menu) } }];
}
