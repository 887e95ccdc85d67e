import { type DocumentTemplatesResponse, sysType } from '@plinth/schema';
import { permittedIds } from '../access/rowChecks.js';
import type { RequestContext } from '../context.js';
import { selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import { templateLinks } from './templateRecords.js';

/** The most templates the admin area lists. */
const maxTemplates = 1000;

/**
 * The document templates the caller may read, by name, each with its Object and document named,
 * and the Objects a template may be for: the tenant's own, but choice types.
 */
export async function listDocumentTemplates(ctx: RequestContext): Promise<DocumentTemplatesResponse> {
  const ids = (
    await tenantScope(ctx)
      .records()
      .select('entities.id')
      .where('entities.type_id', '=', sysType.documentTemplate)
      .limit(maxTemplates)
      .execute()
  ).map((r) => Number(r.id));
  const rows = await tenantScope(ctx).readRecords(ids);
  const links = await templateLinks(
    ctx.db,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  const documentIds = [...links.values()].flatMap((l) => (l.documentId === undefined ? [] : [l.documentId]));
  // The template names its document: whoever reads the template reads its name (decision 0129).
  const db = systemQuery(ctx.db, 'named by a readable record');
  const documents = new Map(
    (await selectEntities(db, ctx.tenantId, documentIds)).map((d) => [d.id, d.name ?? '']),
  );
  const [modifiable, deletable] = await Promise.all([
    permittedIds(ctx, 'modify', rows),
    permittedIds(ctx, 'delete', rows),
  ]);
  const templates = rows
    .map((row) => {
      const { typeId, documentId } = links.get(row.id)!;
      const type = typeId === undefined ? undefined : ctx.schema.type(typeId);
      const documentName = documentId === undefined ? undefined : documents.get(documentId);
      return {
        id: row.id,
        name: row.name ?? '',
        typeId: type?.id ?? null,
        typeName: type?.name ?? null,
        documentId: documentName === undefined ? null : documentId!,
        documentName: documentName ?? null,
        canModify: modifiable.has(row.id),
        canDelete: deletable.has(row.id),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const types = [...ctx.schema.types()]
    .filter((t) => !t.isSystem && !t.isChoiceType)
    .map((t) => ({ id: t.id, name: t.name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return { templates, types };
}
