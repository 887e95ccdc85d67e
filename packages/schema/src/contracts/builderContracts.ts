import { z } from 'zod';
import { appMenu } from '../apps/appMenu.js';
import { pageTypes, pageVersionContent } from '../apps/pageDefinition.js';
import { entityId } from './common.js';

/**
 * The builder's calls (issue 20, decisions 0112–0114): apps in the admin area, and a page's draft,
 * publish, duplicate and delete. All under `/spapi/admin/v1`, for administrators only.
 */

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.string().max(max).nullable();

/** An app as the admin area lists it (`GET /spapi/admin/v1/apps`). */
export const adminAppSummary = z.object({
  id: entityId,
  name: z.string(),
  slug: z.string(),
  displayAlias: z.string().nullable(),
  description: z.string().nullable(),
  isEnabled: z.boolean(),
  allowsAnonymous: z.boolean(),
  version: z.string(),
  pageCount: z.number().int().min(0),
  modifiedAt: z.string(),
});
export type AdminAppSummary = z.infer<typeof adminAppSummary>;

export const adminAppsResponse = z.object({ apps: z.array(adminAppSummary) });
export type AdminAppsResponse = z.infer<typeof adminAppsResponse>;

/** Every setting of an app (spec 01 §3), as the settings dialog edits them. */
export const appSettings = z.object({
  name: text(200),
  slug: text(200),
  /** The record's alias: an identifier scripts and upgrades refer to (decision 0062). */
  alias: optionalText(100),
  /** The name shown instead of the app's name (uiAppAlias). */
  displayAlias: optionalText(200),
  description: optionalText(10_000),
  icon: optionalText(100),
  version: text(100),
  isEnabled: z.boolean(),
  allowsAnonymous: z.boolean(),
  menuShowDefault: z.boolean(),
  menuShowAppName: z.boolean(),
  menuAppNameHome: z.boolean(),
  menuAppNameAlign: z.enum(['left', 'center', 'right']),
  theme: optionalText(100),
  headerBackgroundColour: optionalText(100),
  headerTextColour: optionalText(100),
  footerText: optionalText(1000),
  /** Who may display the app (allowedDisplayUiAppBy); empty: everyone. */
  allowedDisplayRoleIds: z.array(entityId).max(500),
  /** The page the app opens on (appsDefaultPage). */
  defaultPageId: entityId.nullable(),
});
export type AppSettings = z.infer<typeof appSettings>;

/** A new app's settings before the builder's own (spec 01 §3's initial values): disabled, version 1.0.0. */
export function newAppSettings(name: string, slug: string): AppSettings {
  return {
    name,
    slug,
    alias: null,
    displayAlias: null,
    description: null,
    icon: null,
    version: '1.0.0',
    isEnabled: false,
    allowsAnonymous: false,
    menuShowDefault: true,
    menuShowAppName: false,
    menuAppNameHome: false,
    menuAppNameAlign: 'left',
    theme: null,
    headerBackgroundColour: null,
    headerTextColour: null,
    footerText: null,
    allowedDisplayRoleIds: [],
    defaultPageId: null,
  };
}

/** A page of an app, as app settings and the builder's page list name it. */
export const builderPageRef = z.object({
  id: entityId,
  name: z.string(),
  slug: z.string(),
  type: z.enum(pageTypes),
  /** The type of record it takes as input (its draft's, else its published version's). */
  contextEntityTypeId: entityId.nullable(),
  /** The id upgrades know it by; the shared app's pages open in the builder by it too (spec 01 §2). */
  upgradeId: z.string().nullish(),
  /** The page record's version, which every save and publish moves on: a page read earlier is stale. */
  revision: z.number().int().positive().optional(),
});
export type BuilderPageRef = z.infer<typeof builderPageRef>;

/** An app with its settings, menu and pages (`GET /spapi/admin/v1/apps/{id}`). */
export const appSettingsResponse = z.object({
  id: entityId,
  /** The app record's version: sent back with a change, refused (409) when someone saved since. */
  revision: z.number().int().positive(),
  isSharedApp: z.boolean(),
  settings: appSettings,
  menu: appMenu,
  pages: z.array(builderPageRef),
  modifiedAt: z.string(),
});
export type AppSettingsResponse = z.infer<typeof appSettingsResponse>;

/** `POST /spapi/admin/v1/apps`: a new app, which starts with its Welcome page (spec 01 §2). */
export const createAppRequest = appSettings
  .omit({ slug: true, defaultPageId: true })
  .partial()
  .extend({
    name: text(200),
    /** Made from the name when not given (spec 01 §5 slug creation). */
    slug: text(200).optional(),
  });
export type CreateAppRequest = z.infer<typeof createAppRequest>;

/** `POST /spapi/admin/v1/apps/{id}`: the settings changed, and/or the menu, over the revision read. */
export const updateAppRequest = z.object({
  revision: z.number().int().positive(),
  settings: appSettings.partial().optional(),
  menu: appMenu.optional(),
});
export type UpdateAppRequest = z.infer<typeof updateAppRequest>;

/** A page's own settings (spec 01 §3 App page). */
export const builderPageSettings = z.object({
  name: text(200),
  slug: text(200),
  description: optionalText(10_000),
  type: z.enum(pageTypes),
  hidden: z.boolean(),
  showMenu: z.boolean(),
  showInSitemap: z.boolean(),
  icon: optionalText(100),
  iconBackgroundColor: optionalText(100),
  /** Who may display the page (allowedDisplayAppPageBy); empty: everyone. */
  allowedDisplayRoleIds: z.array(entityId).max(500),
  alternateMultistepPageId: entityId.nullable(),
  alternateEditRecordPageId: entityId.nullable(),
});
export type BuilderPageSettings = z.infer<typeof builderPageSettings>;

/** A page as the builder edits it (`GET /spapi/admin/v1/pages/{id}`): its draft, else its published version. */
export const builderPageResponse = z.object({
  id: entityId,
  app: z.object({ id: entityId, slug: z.string(), name: z.string(), revision: z.number().int().positive() }),
  /** The page record's version: sent back with a save or publish, refused (409) when someone saved since. */
  revision: z.number().int().positive(),
  upgradeId: z.string().nullable(),
  settings: builderPageSettings,
  isDefaultPage: z.boolean(),
  /** It is the default edit-record page of its input's type (spec 01 §4). */
  isDefaultEditRecordPage: z.boolean(),
  content: pageVersionContent,
  /** The content is a draft not yet published (else it is the published version's). */
  hasDraft: z.boolean(),
  hasPublishedVersion: z.boolean(),
  modifiedAt: z.string(),
  /** Who saved the page last. */
  modifiedBy: z.string().nullable(),
});
export type BuilderPageResponse = z.infer<typeof builderPageResponse>;

/**
 * `POST /spapi/admin/v1/pages/{id}`: the page's settings (those given) and its whole content as
 * its draft, over the revision read. The content is checked against the page model's schemas.
 */
export const savePageRequest = z.object({
  revision: z.number().int().positive(),
  settings: builderPageSettings.partial().optional(),
  content: z.unknown(),
});
export type SavePageRequest = z.infer<typeof savePageRequest>;

/** `POST /spapi/admin/v1/pages/{id}/publish`: the draft becomes the version the runner shows. */
export const publishPageRequest = z.object({ revision: z.number().int().positive() });
export type PublishPageRequest = z.infer<typeof publishPageRequest>;

/** `POST /spapi/admin/v1/apps/{id}/pages`: a new page, in the menu or the other pages. */
export const createPageRequest = z.object({
  name: text(200),
  /** Made from the name when not given. */
  slug: text(200).optional(),
  type: z.enum(pageTypes).optional(),
  /** Where the page goes: the menu unless it takes a record as input (then the other pages). */
  list: z.enum(['menu', 'other']).optional(),
  /** Its first draft; a new page's is empty. */
  content: z.unknown().optional(),
});
export type CreatePageRequest = z.infer<typeof createPageRequest>;

/** `POST /spapi/admin/v1/pages/{id}/duplicate` (spec 01 §4, §7). */
export const duplicatePageRequest = z.object({
  /** The app to copy the page to; its own app when absent. */
  targetAppId: entityId.optional(),
  /** The builder's menu of the page's app, saved first (over `appRevision`) when given. */
  menu: appMenu.optional(),
  appRevision: z.number().int().positive().optional(),
});
export type DuplicatePageRequest = z.infer<typeof duplicatePageRequest>;

export const duplicatePageResponse = z.object({
  page: builderPageRef.extend({ appId: entityId, appSlug: z.string() }),
  /** The spec's message: '{page} was duplicated', or the copy to another app's. */
  message: z.string(),
});
export type DuplicatePageResponse = z.infer<typeof duplicatePageResponse>;

/** `POST /spapi/admin/v1/pages/{id}/delete`: with the revision read, refused (409) when someone saved since. */
export const deletePageRequest = z.object({ revision: z.number().int().positive().optional() });
export type DeletePageRequest = z.infer<typeof deletePageRequest>;

export const deletePageResponse = z.object({
  /** 'Page deleted' (spec 01 §4). */
  message: z.string(),
  app: z.object({ id: entityId, slug: z.string(), revision: z.number().int().positive() }),
  /** Where the builder goes when the deleted page was open: the app's default page. */
  defaultPage: z.object({ id: entityId, slug: z.string() }).nullable(),
});
export type DeletePageResponse = z.infer<typeof deletePageResponse>;

/** The details of a 409: the revision stored now, when and by whom. */
export const builderConflictDetails = z.object({
  revision: z.number().int().positive(),
  modifiedAt: z.string(),
  modifiedBy: z.string().nullable(),
});
export type BuilderConflictDetails = z.infer<typeof builderConflictDetails>;

/**
 * `POST /spapi/admin/v1/apps/{id}/delete` (decision 0121): the app's revision as read, and the ids
 * of the pages the confirmation showed. A save since, or a page the confirmation did not show, is a
 * 409 that deletes nothing.
 */
export const deleteAppRequest = z.object({
  revision: z.number().int().positive(),
  pageIds: z.array(entityId).max(10_000),
});
export type DeleteAppRequest = z.infer<typeof deleteAppRequest>;

export const deleteAppResponse = z.object({
  /** 'The app '{name}' was deleted with its {n} pages.' */
  message: z.string(),
  /** The ids of the pages deleted with it. */
  deletedPageIds: z.array(entityId),
});
export type DeleteAppResponse = z.infer<typeof deleteAppResponse>;

/**
 * `GET /spapi/admin/v1/apps/{id}/delete`: what deleting the app takes and touches, for its
 * confirmation (decision 0121): its pages, and the uses of the app and its pages elsewhere, which
 * the delete clears (links) or leaves pointing at nothing (navigation in other apps' pages).
 */
export const deleteAppDetails = z.object({
  id: entityId,
  name: z.string(),
  revision: z.number().int().positive(),
  pages: z.array(z.object({ id: entityId, name: z.string() })),
  uses: z.array(z.string()),
});
export type DeleteAppDetails = z.infer<typeof deleteAppDetails>;
