import { z } from 'zod';
import { appMenu } from '../apps/appMenu.js';
import { pageTypes, pageVersionContent } from '../apps/pageDefinition.js';

/** A page as an app lists it: enough for the menu, the sitemap and routing. */
export const pageSummary = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  type: z.enum(pageTypes),
  hidden: z.boolean(),
  showMenu: z.boolean(),
  showInSitemap: z.boolean(),
  icon: z.string().nullable(),
  /** The type of record it takes as input; pages with one are reached with a record (`cid`). */
  contextEntityTypeId: z.number().int().positive().nullable(),
  /** It is the default edit-record page of its context type. */
  isDefaultEditRecordPage: z.boolean(),
});
export type PageSummary = z.infer<typeof pageSummary>;

/** A page with its components (spec 01 §7): the published version, or the draft in a preview. */
export const runnerPageResponse = z.object({
  app: z.object({ id: z.number().int().positive(), slug: z.string(), name: z.string() }),
  page: pageSummary,
  /** Which version this is. */
  versionKind: z.enum(['published', 'draft']),
  versionId: z.number().int().positive(),
  content: pageVersionContent,
  /** The page's alternate multistep page (spec 01 §4): new records are created through it (decision 0093). */
  alternateMultistepPageId: z.number().int().positive().optional(),
  /** The page's alternate edit page (spec 01 §4): its records are edited on it (decision 0124). */
  alternateEditRecordPageId: z.number().int().positive().optional(),
});
export type RunnerPageResponse = z.infer<typeof runnerPageResponse>;

/**
 * The page an app call may bring along (decision 0090): its default page, or one by slug, so the
 * runner opens a page with one call instead of two in turn.
 */
export const runnerAppQuery = z.object({
  /** `1`: with the app's default page. */
  withDefaultPage: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** With the app's page of this slug (case-insensitive). */
  withPage: z.string().min(1).max(100).optional(),
});
export type RunnerAppQuery = z.input<typeof runnerAppQuery>;

/** An app as the runner loads it by slug (spec 01 §7), with the pages its user may display. */
export const runnerAppResponse = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  /** The name shown instead of the app's name, when set (spec 01 §3 uiAppAlias). */
  displayAlias: z.string().nullable(),
  description: z.string().nullable(),
  version: z.string(),
  icon: z.string().nullable(),
  isEnabled: z.boolean(),
  allowsAnonymous: z.boolean(),
  isSharedApp: z.boolean(),
  menu: appMenu,
  menuShowDefault: z.boolean(),
  menuShowAppName: z.boolean(),
  menuAppNameHome: z.boolean(),
  menuAppNameAlign: z.enum(['left', 'center', 'right']),
  footerText: z.string().nullable(),
  headerBackgroundColour: z.string().nullable(),
  headerTextColour: z.string().nullable(),
  /** The app's theme (decision 0122): a theme's id, or nothing for the default. */
  theme: z.string().nullable().optional(),
  defaultPageId: z.number().int().positive().nullable(),
  pages: z.array(pageSummary),
  /**
   * The page asked for with `withDefaultPage` or `withPage`, published version: null when the app
   * has no such page its caller may display (or it has no published version); absent when not
   * asked for.
   */
  includedPage: runnerPageResponse.nullable().optional(),
});
export type RunnerAppResponse = z.infer<typeof runnerAppResponse>;

/** The apps list (spec 01 §2 and §7): enabled apps without anonymous access, for the app list screen. */
export const appListResponse = z.object({
  apps: z.array(
    z.object({
      id: z.number().int().positive(),
      slug: z.string(),
      name: z.string(),
      displayAlias: z.string().nullable(),
      description: z.string().nullable(),
      icon: z.string().nullable(),
      /** Whether the app's default page shows the menu; apps whose default page does not are not listed. */
      defaultPageShowsMenu: z.boolean(),
    }),
  ),
});
export type AppListResponse = z.infer<typeof appListResponse>;
