import { type EntityId, sysRel, sysType } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectLinks } from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { tenantScope } from '../data/tenantScope.js';

/** What a template record names: the Object it is for and its Word document. */
export interface TemplateLinks {
  typeId: EntityId | undefined;
  documentId: EntityId | undefined;
}

/** The Object and the document of each template, by template id (one query a relationship). */
export async function templateLinks(
  db: CallerHandle,
  tenantId: number,
  templateIds: readonly EntityId[],
): Promise<Map<EntityId, TemplateLinks>> {
  const [types, documents] = await Promise.all([
    selectLinks(db, tenantId, sysRel.templateForType, 'fwd', templateIds),
    selectLinks(db, tenantId, sysRel.templateDocument, 'fwd', templateIds),
  ]);
  const out = new Map<EntityId, TemplateLinks>(
    templateIds.map((id) => [id, { typeId: undefined, documentId: undefined }]),
  );
  for (const l of types) out.get(l.fromId)!.typeId = l.toId;
  for (const l of documents) out.get(l.fromId)!.documentId = l.toId;
  return out;
}

/** A template the caller may read; undefined for a missing one, another tenant's, or any other record. */
export async function readableTemplate(ctx: RequestContext, id: EntityId): Promise<EntityRow | undefined> {
  const [row] = await tenantScope(ctx).readRecords([id]);
  return row && ctx.schema.isA(row.typeId, sysType.documentTemplate) ? row : undefined;
}

/**
 * The templates for records of a type the caller may read: those for the type and for the types
 * it derives from, each with a Word document, by name.
 */
export async function templatesForType(ctx: RequestContext, typeId: EntityId): Promise<EntityRow[]> {
  const typeIds = ctx.schema.ancestors(typeId).map((t) => t.id);
  const links = await selectLinks(ctx.db, ctx.tenantId, sysRel.templateForType, 'rev', typeIds);
  if (links.length === 0) return [];
  const rows = (await tenantScope(ctx).readRecords(links.map((l) => l.fromId))).filter((r) =>
    ctx.schema.isA(r.typeId, sysType.documentTemplate),
  );
  const named = await templateLinks(
    ctx.db,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  return rows
    .filter((r) => named.get(r.id)?.documentId !== undefined)
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id - b.id);
}
