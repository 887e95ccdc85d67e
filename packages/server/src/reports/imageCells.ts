import { type EntityId, sysField } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { listDocumentTypes, matchDocumentType } from '../files/documentTypes.js';
import type { Cell } from './reportCells.js';
import type { ResolvedColumn } from './resolveColumns.js';

/**
 * Image columns show the related documents whose file is an image, as the image call serves them
 * (`/spapi/data/v2/image/{id}`: a stored file whose document type has an image/* mime type);
 * other documents are left out of the cell (decision 0022). One read for the whole page.
 */
export async function keepImageDocuments(
  ctx: RequestContext,
  columns: readonly ResolvedColumn[],
  rows: ReadonlyMap<EntityId, Map<string, Cell>>,
): Promise<void> {
  const images = columns.filter((c) => c.type === 'Image');
  if (images.length === 0) return;
  const ids = new Set<EntityId>();
  for (const cells of rows.values())
    for (const c of images) {
      const cell = cells.get(c.id);
      if (cell && 'vals' in cell) for (const v of cell.vals) ids.add(v.eid);
    }
  if (ids.size === 0) return;
  const types = await listDocumentTypes(ctx.db, ctx.tenantId);
  const isImage = new Set(
    (await selectEntities(systemQuery(ctx.db, 'already scoped'), ctx.tenantId, [...ids]))
      .filter((doc) => {
        const hash = doc.data[String(sysField.fileDataHash)];
        const extension = doc.data[String(sysField.fileExtension)];
        return (
          typeof hash === 'string' &&
          hash !== '' &&
          typeof extension === 'string' &&
          (matchDocumentType(types, extension)?.mimeType.startsWith('image/') ?? false)
        );
      })
      .map((doc) => doc.id),
  );
  for (const cells of rows.values())
    for (const c of images) {
      const cell = cells.get(c.id);
      if (cell && 'vals' in cell) cells.set(c.id, { vals: cell.vals.filter((v) => isImage.has(v.eid)) });
    }
}
