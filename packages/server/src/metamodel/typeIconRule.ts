import { sysField as F, sysType } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import type { EntityRow } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';

/** The spec gives no text; it says what an icon is (decision 0100). */
export const iconNotAnImageMessage = 'The icon must be an uploaded image.';

/**
 * An Object's icon (`typeIcon`) names an image document the writer can read, as a choice value's
 * `enumIcon` does: pickers and the list show it from `/spapi/data/v2/image/{id}`. Only a change is
 * checked.
 */
export async function checkTypeIcon(
  ctx: RequestContext,
  row: EntityRow,
): Promise<Array<{ member: string; message: string }>> {
  const icon = row.data[String(F.typeIcon)];
  if (icon === undefined || icon === null || icon === '') return [];
  const before = ctx.schema.type(row.id)?.iconImageId;
  if (before !== undefined && String(before) === String(icon)) return [];
  const id = typeof icon === 'string' && /^[1-9]\d{0,14}$/.test(icon.trim()) ? Number(icon) : undefined;
  const [document] = id === undefined ? [] : await tenantScope(ctx).readRecords([id]);
  const isDocument = document !== undefined && ctx.schema.isA(document.typeId, sysType.document);
  return isDocument ? [] : [{ member: 'typeIcon', message: iconNotAnImageMessage }];
}
