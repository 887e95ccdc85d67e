import { rowName } from '../reportContext.js';
import type { ReportContext } from '../reportMachineTypes.js';
import type { DeleteItem } from './deleteMessages.js';

/**
 * The records to delete as the delete texts name them: as the delete details name them, else (the
 * details not read yet) by the grid's name cell and the report's type.
 */
export function deleteItems(context: ReportContext): DeleteItem[] {
  const named = new Map(context.deleteDetails?.entities.map((e) => [e.id, e]));
  return context.deleteIds.map(
    (id) => named.get(id) ?? { name: rowName(context, id), typeName: context.reportEntity?.typeName },
  );
}
