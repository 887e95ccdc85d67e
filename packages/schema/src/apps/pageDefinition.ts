import { z } from 'zod';
import { pageComponent, pageVariable } from './pageComponents.js';
import { pageConfiguration } from './pageLayout.js';

/** Page types (spec 01 §2); the single-record kinds are shared (form) pages. */
export const pageTypes = ['default', 'singleRecordEdit', 'singleRecordMultistepEdit'] as const;
export type PageType = (typeof pageTypes)[number];
export const isSharedPageType = (type: PageType): boolean => type !== 'default';

/**
 * The page title bar (spec 01 §2): hidden by default; the format recordName titles the page with
 * its record's name, and choosing it clears any custom title.
 */
export const pageTitleBar = z
  .object({
    pageShowTitleBar: z.boolean().default(false),
    format: z.enum(['recordName', 'custom']).default('recordName'),
    title: z.string().max(200).optional(),
  })
  .strict();
export type PageTitleBar = z.infer<typeof pageTitleBar>;

export function defaultPageTitleBar(): PageTitleBar {
  return { pageShowTitleBar: false, format: 'recordName' };
}

/** The title the bar shows: the record's name under recordName, else the custom title. */
export function pageTitle(bar: PageTitleBar, recordName: string | null, pageName: string): string {
  if (bar.format === 'recordName') return recordName ?? pageName;
  return bar.title?.trim() || pageName;
}

/**
 * The content of one version of a page (spec 01 §3 published page version): its components, its
 * layout, the type of record it takes as input, its title bar and variables. A page's published
 * version is what the runner shows; its draft is what the builder edits and a preview shows.
 */
export const pageVersionContent = z
  .object({
    components: z.array(pageComponent).max(500).default([]),
    configuration: pageConfiguration,
    /** The type of record the page takes as input (its PageInput); absent for list pages. */
    contextEntityTypeId: z.number().int().positive().nullable().default(null),
    /** A record the builder previews the page with. */
    testResourceId: z.number().int().positive().nullable().default(null),
    titleBar: pageTitleBar.default(defaultPageTitleBar),
    variables: z.array(pageVariable).max(200).default([]),
  })
  .strict();
export type PageVersionContent = z.infer<typeof pageVersionContent>;
