import {
  type AdminAppsResponse,
  type AppSettings,
  type AppSettingsResponse,
  appSettingsProblems,
  appThemeOf,
  appThemeProblem,
  type CreateAppRequest,
  type EntityChange,
  type EntityId,
  newAppSettings,
  sysRel,
  type UpdateAppRequest,
  uniqueSlug,
} from '@plinth/schema';
import {
  type AppRecord,
  appRecordOf,
  selectApps,
  selectPagesOfApp,
  targetsOf,
  unlistedAppAliases,
} from '../apps/appRecords.js';
import { welcomePageChanges } from '../apps/welcomePage.js';
import type { RequestContext } from '../context.js';
import { lockEntities, selectIdsByAlias } from '../data/entityRepository.js';
import { inTransaction } from '../entities/transaction.js';
import { badRequest } from '../http/errors.js';
import { appConflict, builderMessages as M } from './builderMessages.js';
import { appRowOrThrow, appSettingsOf, appSettingsResponseOf, lastSaverOf } from './builderRecords.js';
import { appMembers, isStaleWrite, problemsOf, putForBuilder, settingsRefused } from './builderWrites.js';
import { checkMenu } from './menuRules.js';

/**
 * The tenant's apps for the admin area (issue 20 item 1, decision 0112): every app but the shared
 * one, enabled or not, by name.
 */
export async function listAdminApps(ctx: RequestContext): Promise<AdminAppsResponse> {
  const apps = (await selectApps(ctx)).filter(
    (a) => !a.isSharedApp && !unlistedAppAliases.has(a.row.alias ?? ''),
  );
  const pages = await targetsOf(
    ctx,
    sysRel.pageInApp,
    'rev',
    apps.map((a) => a.id),
  );
  return {
    apps: apps
      .map((a) => ({
        id: a.id,
        name: a.name,
        slug: a.slug,
        displayAlias: a.displayAlias,
        description: a.description,
        isEnabled: a.isEnabled,
        allowsAnonymous: a.allowsAnonymous,
        version: a.version,
        pageCount: (pages.get(a.id) ?? []).length,
        modifiedAt: a.row.modifiedAt,
      }))
      .sort((x, y) => x.name.localeCompare(y.name, 'en', { sensitivity: 'base' }) || x.id - y.id),
  };
}

type TextSetting = Exclude<
  keyof AppSettings,
  | 'isEnabled'
  | 'allowsAnonymous'
  | 'menuShowDefault'
  | 'menuShowAppName'
  | 'menuAppNameHome'
  | 'allowedDisplayRoleIds'
  | 'defaultPageId'
>;

/** Where each setting is stored: a field of the app record, by script name. */
const fieldOf: Record<Exclude<keyof AppSettings, 'allowedDisplayRoleIds' | 'defaultPageId'>, string> = {
  name: 'name',
  slug: 'uiAppSlug',
  alias: 'alias',
  displayAlias: 'uiAppAlias',
  description: 'description',
  icon: 'uiAppIcon',
  version: 'uiAppVersion',
  isEnabled: 'uiAppEnabled',
  allowsAnonymous: 'uiAppAnonymousAccess',
  menuShowDefault: 'uiAppMenuShowDefault',
  menuShowAppName: 'uiAppMenuShowAppName',
  menuAppNameHome: 'uiAppMenuAppNameHome',
  menuAppNameAlign: 'uiAppMenuAppNameAlign',
  theme: 'uiAppTheme',
  headerBackgroundColour: 'uiAppHeaderBackgroundColour',
  headerTextColour: 'uiAppHeaderTextColour',
  footerText: 'uiAppFooterText',
};

/** A text setting as stored: trimmed, and nothing rather than an empty text. */
function stored(key: TextSetting, value: string | null): string | null {
  const text = (value ?? '').trim();
  return text === '' && key !== 'name' && key !== 'slug' && key !== 'version' ? null : text;
}

/** The change of an app record that writes the given settings (those that differ from `current`). */
function settingsChange(
  given: Partial<AppSettings>,
  current: AppSettings | null,
): { fields: Record<string, unknown>; relationships: NonNullable<EntityChange['relationships']> } {
  const fields: Record<string, unknown> = {};
  const relationships: NonNullable<EntityChange['relationships']> = {};
  for (const [key, value] of Object.entries(given) as Array<[keyof AppSettings, unknown]>) {
    if (value === undefined) continue;
    if (key === 'allowedDisplayRoleIds') {
      const ids = [...new Set(value as number[])].sort((a, b) => a - b);
      if (JSON.stringify(ids) !== JSON.stringify(current?.allowedDisplayRoleIds ?? []))
        relationships.allowedDisplayUiAppBy = { set: ids };
    } else if (key === 'defaultPageId') {
      if (value !== (current?.defaultPageId ?? null))
        relationships.appsDefaultPage = { set: value === null ? [] : [value as number] };
    } else {
      const next = typeof value === 'string' || value === null ? stored(key as TextSetting, value) : value;
      if (current === null || next !== current[key]) fields[fieldOf[key]] = next;
    }
  }
  return { fields, relationships };
}

/**
 * A theme as stored (decision 0122): a theme's id, nothing for the default; any other value is
 * refused. Only a theme given is checked: one stored before the list existed still reads as the
 * default and does not stop other settings from being saved.
 */
function givenTheme<T extends Partial<AppSettings>>(given: T): T {
  if (given.theme === undefined) return given;
  const problem = appThemeProblem(given.theme);
  if (problem) throw settingsRefused([{ member: 'theme', message: problem }], problem);
  const id = given.theme === null || given.theme.trim() === '' ? null : appThemeOf(given.theme).id;
  return { ...given, theme: id === 'default' ? null : id };
}

/** The rules of spec 01 §5 and ours on the settings an app would have (decision 0112). */
async function checkSettings(ctx: RequestContext, id: EntityId | null, settings: AppSettings) {
  const others = (await selectApps(ctx)).map((a: AppRecord) => ({ id: a.id, name: a.name, slug: a.slug }));
  const problems = problemsOf(
    appSettingsProblems(
      {
        id,
        name: settings.name,
        slug: settings.slug,
        version: settings.version,
        headerBackgroundColour: settings.headerBackgroundColour,
        headerTextColour: settings.headerTextColour,
      },
      others,
    ),
  );
  // An alias names one record of the tenant (the database refuses a second one as it writes).
  const alias = settings.alias?.trim();
  if (alias) {
    const owner = (await selectIdsByAlias(ctx.db, ctx.tenantId, [alias])).get(alias.toLowerCase());
    if (owner !== undefined && owner !== id) problems.push({ member: 'alias', message: M.aliasTaken });
  }
  if (problems.length > 0) throw settingsRefused(problems);
}

/**
 * A new app (spec 01 §2): its settings, and its first page named Welcome, in the menu and set as
 * its default page — all in one transaction, so an app is never left without it.
 */
export async function createApp(ctx: RequestContext, req: CreateAppRequest): Promise<AppSettingsResponse> {
  const { slug: givenSlug, ...given } = givenTheme(req);
  const rest = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const name = req.name.trim();
  const slug =
    givenSlug?.trim() ||
    uniqueSlug(
      name,
      (await selectApps(ctx)).map((a) => a.slug),
      'app',
    );
  const settings: AppSettings = { ...newAppSettings(name, slug), ...rest, name, slug, defaultPageId: null };
  await checkSettings(ctx, null, settings);
  const { fields, relationships } = settingsChange(settings, null);
  const appId = await inTransaction(ctx, async (tx) => {
    const made = await putForBuilder(
      tx,
      { entities: [{ id: 'new:app', typeId: 'core:app', fields, relationships }], deleted: [] },
      appMembers,
    );
    const id = made.ids['new:app']!;
    const welcome = await putForBuilder(
      tx,
      { entities: welcomePageChanges({ id, version: 1, name }), deleted: [] },
      appMembers,
    );
    const menu = { menuOrder: [String(welcome.ids['new:welcomePage'])] };
    await putForBuilder(
      tx,
      { entities: [{ id, fields: { uiAppMenu: JSON.stringify(menu) } }], deleted: [] },
      appMembers,
    );
    return id;
  });
  return appSettingsResponseOf(ctx, appId);
}

/**
 * Changes an app's settings and/or menu over the revision its editor read (decision 0112): a
 * revision someone saved since is a 409 that writes nothing.
 */
export async function updateApp(
  ctx: RequestContext,
  appId: EntityId,
  req: UpdateAppRequest,
): Promise<AppSettingsResponse> {
  try {
    await inTransaction(ctx, async (tx) => {
      await lockEntities(tx.db, tx.engine, tx.tenantId, [appId]);
      const row = await appRowOrThrow(tx, appId);
      const app = appRecordOf(row);
      if (row.version !== req.revision) throw await conflictOf(tx, app);
      const given = givenTheme(req.settings ?? {});
      // The shared app is a catalogue record holding the form pages: no menu, no settings of its own.
      if (app.isSharedApp) throw badRequest(M.sharedAppSettings);
      const [roles, defaults] = await Promise.all([
        targetsOf(tx, sysRel.allowedDisplayUiAppBy, 'fwd', [appId]),
        targetsOf(tx, sysRel.appsDefaultPage, 'fwd', [appId]),
      ]);
      const current = appSettingsOf(app, roles.get(appId) ?? [], defaults.get(appId)?.[0] ?? null);
      await checkSettings(tx, appId, { ...current, ...given });
      const { fields, relationships } = settingsChange(given, current);
      if (req.menu) {
        checkMenu(req.menu, new Set((await selectPagesOfApp(tx, appId)).map((p) => p.id)));
        fields.uiAppMenu = JSON.stringify(req.menu);
      }
      await putForBuilder(
        tx,
        { entities: [{ id: appId, version: req.revision, fields, relationships }], deleted: [] },
        appMembers,
      );
    });
  } catch (error) {
    if (!isStaleWrite(error)) throw error;
    throw await conflictOf(ctx, appRecordOf(await appRowOrThrow(ctx, appId)));
  }
  return appSettingsResponseOf(ctx, appId);
}

/** The 409 of a change over an app someone saved since it was read. */
export async function conflictOf(ctx: RequestContext, app: AppRecord, action?: 'change' | 'delete') {
  const saver = await lastSaverOf(ctx, app.row);
  return appConflict(
    app.name,
    saver,
    { revision: app.row.version, modifiedAt: app.row.modifiedAt, modifiedBy: saver.name },
    action,
  );
}
