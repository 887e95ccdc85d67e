import type { DeleteDetails } from '@plinth/schema';
import type { ReportSnapshot } from '../reportSelectors.js';
import { deleteItems } from './deleteItems.js';
import { type DeleteItem, deleteMessages } from './deleteMessages.js';

/** A record the delete takes with the chosen ones, and the records that lead to it. */
export interface DeleteDependent extends DeleteItem {
  id: number;
  /** From the chosen record down to the dependent's parent. */
  path: DeleteItem[];
}

/** What the delete confirmation shows (spec 01 §8, §9). */
export interface DeleteConfirmation {
  /** The delete details are being read: nothing to confirm yet. */
  isLoading: boolean;
  /** The records chosen for deletion. */
  items: DeleteItem[];
  message: string;
  dependents: DeleteDependent[];
  /** Above the dependents, when there are any. */
  dependentsHeading: string | undefined;
}

/** The open delete confirmation, or undefined when none is open. */
export function deleteConfirmation(s: ReportSnapshot): DeleteConfirmation | undefined {
  if (!s.matches('confirmingDelete')) return undefined;
  return confirmationOf(deleteItems(s.context), s.context.deleteDetails);
}

/** What a confirmation shows for `items`, given the delete details once they are read. */
export function confirmationOf(items: DeleteItem[], details: DeleteDetails | undefined): DeleteConfirmation {
  const dependents = (details?.dependents ?? []).map((d) => ({
    id: d.id,
    name: d.name,
    typeName: d.typeName,
    path: d.entitiesOnPath,
  }));
  return {
    isLoading: details === undefined,
    items,
    message: deleteMessages.confirm(items),
    dependents,
    dependentsHeading:
      dependents.length > 0 ? deleteMessages.dependentsHeading(dependents.length, items.length) : undefined,
  };
}

/** Whether two confirmations show the same (each snapshot builds a new one). */
export const isSameDeleteConfirmation = (
  a: DeleteConfirmation | undefined,
  b: DeleteConfirmation | undefined,
) => a === b || JSON.stringify(a) === JSON.stringify(b);
