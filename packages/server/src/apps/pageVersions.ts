import {
  currentPageVersionFormat,
  type EntityId,
  sysField as F,
  type PageVersionContent,
  readPageVersionContent,
  sysRel,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { targetsOf } from './appRecords.js';

export type VersionKind = 'published' | 'draft';

export interface LoadedVersion {
  id: EntityId;
  kind: VersionKind;
  content: PageVersionContent;
  fellBack: boolean;
}

/**
 * Contents read lately, by their stored text and format: the same text gives the same content in
 * every process and for every database, so nothing here can go stale (decision 0090). The oldest
 * goes first past {@link keptContents}.
 */
const readContents = new Map<string, KeptContent>();
const keptContents = 200;

interface KeptContent {
  content: PageVersionContent;
  fellBack: boolean;
  /** The content has none of pageContentProblems' problems (a save checked it before writing it). */
  checked?: true;
}

const keyOf = (stored: unknown, format: number | undefined) =>
  typeof stored === 'string' ? `${format ?? ''}|${stored}` : undefined;

function keep(key: string, kept: KeptContent) {
  if (readContents.size >= keptContents) readContents.delete(readContents.keys().next().value!);
  readContents.set(key, kept);
}

/** A version record's content, migrated from the format it was stored in (decision 0062). */
export function versionContentOf(row: EntityRow): { content: PageVersionContent; fellBack: boolean } {
  const stored = row.data[String(F.pageVersionContent)];
  const format = row.data[String(F.pageVersionFormat)];
  const formatNumber = typeof format === 'number' ? format : undefined;
  const key = keyOf(stored, formatNumber);
  const kept = key === undefined ? undefined : readContents.get(key);
  if (kept) return kept;
  const read = readPageVersionContent(stored, formatNumber);
  if (key !== undefined) keep(key, read);
  return read;
}

/**
 * Keeps a content a save has just checked (no pageContentProblems) as the text it writes in the
 * current format reads: `stored` must be `JSON.stringify(content)` of a content the page model's
 * schema has parsed, which reads back as that same content.
 */
export function keepCheckedContent(stored: string, content: PageVersionContent): void {
  keep(keyOf(stored, currentPageVersionFormat)!, { content, fellBack: false, checked: true });
}

/** The content of a stored text a save checked, if it is still kept; else undefined. */
export function checkedContentOf(stored: string, format: unknown): PageVersionContent | undefined {
  const kept = readContents.get(keyOf(stored, typeof format === 'number' ? format : undefined)!);
  return kept?.checked ? kept.content : undefined;
}

/**
 * The version of a page to show: the published one, or in a preview the draft (the published one
 * when there is no draft). Undefined when the page has none.
 */
export async function loadPageVersion(
  ctx: RequestContext,
  pageId: EntityId,
  preview: boolean,
): Promise<LoadedVersion | undefined> {
  const [published, draft] = await Promise.all([
    targetsOf(ctx, sysRel.pagePublishedVersion, 'fwd', [pageId]),
    preview ? targetsOf(ctx, sysRel.pageDraftVersion, 'fwd', [pageId]) : undefined,
  ]);
  const draftId = draft?.get(pageId)?.[0];
  const publishedId = published.get(pageId)?.[0];
  const id = draftId ?? publishedId;
  if (id === undefined) return undefined;
  const [row] = await selectEntities(systemQuery(ctx.db, 'display rules'), ctx.tenantId, [id]);
  if (!row || row.typeId !== sysType.pageVersion) return undefined;
  return { id, kind: id === draftId ? 'draft' : 'published', ...versionContentOf(row) };
}

/**
 * The type of record each page takes as input, from its published version: read from the JSON
 * without the whole content's checks, since only this one value is needed for a page list.
 */
export async function contextTypesOfPages(
  ctx: RequestContext,
  pageIds: readonly EntityId[],
): Promise<Map<EntityId, EntityId | null>> {
  const versions = await targetsOf(ctx, sysRel.pagePublishedVersion, 'fwd', pageIds);
  const versionIds = [...versions.values()].flat();
  const db = systemQuery(ctx.db, 'display rules');
  const rows = new Map((await selectEntities(db, ctx.tenantId, versionIds)).map((r) => [r.id, r]));
  const out = new Map<EntityId, EntityId | null>();
  for (const pageId of pageIds) {
    const row = rows.get(versions.get(pageId)?.[0] ?? 0);
    out.set(pageId, row ? contextTypeIn(row.data[String(F.pageVersionContent)]) : null);
  }
  return out;
}

function contextTypeIn(stored: unknown): EntityId | null {
  if (typeof stored !== 'string') return null;
  try {
    const id = (JSON.parse(stored) as { contextEntityTypeId?: unknown }).contextEntityTypeId;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
