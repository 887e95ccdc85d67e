import { type EntityId, sysField as F, sysType } from '@plinth/schema';
import {
  allocateIds,
  type EntityRow,
  type Executor,
  insertEntities,
  parseData,
} from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { systemQuery } from '../data/systemQuery.js';
import type { Db } from '../db/tables.js';
import type { Clock } from '../util/clock.js';
import { defaultDocumentFileTypes, mimeTypeOf, parseExtensions } from './documentFileTypes.js';

/** A document file type as the browser sees it (spec 02 §3: id, name, mimeType, extension, image). */
export interface DocumentTypeInfo {
  id: EntityId;
  name: string;
  mimeType: string;
  /** The type's own extension: the first it lists. */
  extension: string;
  extensions: string[];
  /** The type's icon name (its choice-value icon), or null. */
  icon: string | null;
}

/** Every document file type of a tenant that lists an extension and is not retired, in choice order. */
export async function listDocumentTypes(db: CallerHandle, tenantId: number): Promise<DocumentTypeInfo[]> {
  // Choice values, which a built-in rule lets everyone read.
  const rows = await systemQuery(db, 'catalogue')
    .selectFrom('entities')
    .select(['id', 'name', 'data'])
    .where('tenant_id', '=', tenantId)
    .where('type_id', '=', sysType.documentFileType)
    .orderBy('id')
    .execute();
  const types = rows.flatMap((r) => {
    const data = parseData(r.data);
    const extensions = parseExtensions(data[F.fileTypeExtensions]);
    if (extensions.length === 0 || data[F.enumRetired] === true) return [];
    const order = typeof data[F.enumOrder] === 'number' ? (data[F.enumOrder] as number) : Number.MAX_VALUE;
    const icon =
      typeof data[F.enumIcon] === 'string' && data[F.enumIcon] !== '' ? String(data[F.enumIcon]) : null;
    const type: DocumentTypeInfo & { order: number } = {
      id: Number(r.id),
      name: r.name ?? extensions[0]!.toUpperCase(),
      mimeType: mimeTypeOf(extensions[0]),
      extension: extensions[0]!,
      extensions,
      icon,
      order,
    };
    return [type];
  });
  return types.sort((a, b) => a.order - b.order).map(({ order: _order, ...type }) => type);
}

/** The document type an extension belongs to: the first in choice order that lists it. */
export function matchDocumentType(
  types: readonly DocumentTypeInfo[],
  extension: string | undefined,
): DocumentTypeInfo | undefined {
  if (!extension) return undefined;
  return types.find((t) => t.extensions.includes(extension.toLowerCase()));
}

/**
 * Gives a tenant the default document file types (pdf, docx, xlsx, csv, txt, images…) when it has
 * none at all; a tenant that has any keeps exactly its own.
 */
export async function ensureDocumentFileTypes(db: Executor, tenantId: number, now: string): Promise<void> {
  const existing = await systemQuery(db, 'new tenant')
    .selectFrom('entities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('type_id', '=', sysType.documentFileType)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const first = await allocateIds(db, tenantId, defaultDocumentFileTypes.length);
  const rows: EntityRow[] = defaultDocumentFileTypes.map((t, i) => ({
    id: first + i,
    typeId: sysType.documentFileType,
    name: t.name,
    alias: null,
    data: {
      [F.fileTypeExtensions]: t.extensions.join(', '),
      [F.enumOrder]: i + 1,
      [F.enumIcon]: t.icon,
    },
    version: 1,
    createdAt: now,
    modifiedAt: now,
    createdBy: null,
    modifiedBy: null,
    ownerId: null,
  }));
  await insertEntities(db, tenantId, rows);
}

/** Gives every tenant without document file types the defaults; run at start-up for tenants made before them. */
export async function ensureAllDocumentFileTypes(db: Db, clock: Clock): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('id').execute();
  for (const { id } of tenants)
    await db.transaction().execute((tx) => ensureDocumentFileTypes(tx, id, clock.now().toISOString()));
}
