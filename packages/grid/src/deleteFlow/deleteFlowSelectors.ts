import type { SnapshotFrom } from 'xstate';
import { confirmationOf, type DeleteConfirmation } from '../machine/delete/deleteConfirmation.js';
import type { deleteFlowMachine } from './deleteFlowMachine.js';
import { namedItems } from './deleteFlowMachine.js';

export type DeleteFlowSnapshot = SnapshotFrom<typeof deleteFlowMachine>;

/** What the 'Confirm delete' dialog shows while the flow runs. */
export interface DeleteFlowView extends DeleteConfirmation {
  /** Confirmed: the delete is being performed (Yes and No wait). */
  isDeleting: boolean;
}

/** The confirmation of a running flow; undefined once it has ended (deleted, cancelled, failure). */
export function deleteFlowView(s: DeleteFlowSnapshot): DeleteFlowView | undefined {
  if (s.status !== 'active') return undefined;
  return { ...confirmationOf(namedItems(s.context), s.context.details), isDeleting: s.matches('confirmed') };
}

/** Whether two views show the same (each snapshot builds a new one). */
export const isSameDeleteFlowView = (a: DeleteFlowView | undefined, b: DeleteFlowView | undefined) =>
  a === b || JSON.stringify(a) === JSON.stringify(b);
