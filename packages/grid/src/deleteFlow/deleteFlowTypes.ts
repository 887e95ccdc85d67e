import type { DeleteDetails } from '@plinth/schema';
import type { DeleteItem } from '../machine/delete/deleteMessages.js';

/** A record to delete: its id, and its name and type when the host knows them. */
export interface DeleteFlowItem extends DeleteItem {
  id: number;
  /** `undefined`: not known, so the flow reads it first; `null`: the record has no name. */
  name: string | null | undefined;
}

export interface DeleteFlowInput {
  /** The records to delete: one, or several for the bulk variant. */
  items: readonly DeleteFlowItem[];
}

/** What went wrong, as spec 01 §8 says it: the text, and the server's status code when it answered. */
export interface DeleteFlowError {
  /** The whole text: '{title} {message}'. */
  message: string;
  /** The spec's sentence ('Failed to delete Account 'Acme'.'), and the server's message. */
  title: string;
  text: string;
  status: number | undefined;
}

export interface DeleteFlowContext {
  items: DeleteFlowItem[];
  details: DeleteDetails | undefined;
  /** The wait before asking for the delete details again (200 ms doubling to 1000 ms). */
  pollDelayMs: number;
  /** 'Failed to get entity name. {message}' when the name could not be read (the flow goes on). */
  nameError: DeleteFlowError | undefined;
  error: DeleteFlowError | undefined;
  /** Every id the server deleted. */
  deleted: number[];
  isDeleted: boolean;
}

export type DeleteFlowEvent = { type: 'CONFIRM' } | { type: 'CANCEL' };

/** How the flow ended (its output). */
export type DeleteFlowOutcome =
  | { outcome: 'deleted'; deleted: number[]; message: string }
  | { outcome: 'cancelled' }
  | { outcome: 'failure'; error: DeleteFlowError };

/** A toast the host shows: the spec's sentence as its title, the server's message as its text. */
export interface DeleteFlowNotice {
  kind: 'success' | 'error' | 'warning';
  title: string;
  text?: string;
}

export interface DeleteFlowActorInputs {
  resolveName: { id: number };
  fetchDeleteDetails: { ids: number[] };
  /** `shown`: every id the confirmation showed would be deleted; the delete takes no other. */
  deleteEntities: { ids: number[]; shown: number[] };
}

export interface DeleteFlowActorOutputs {
  resolveName: { name: string | null; typeName?: string | null };
  /** `undefined`: the server is still working the details out; the flow asks again. */
  fetchDeleteDetails: DeleteDetails | undefined;
  /** The ids deleted, when the call answers them. */
  deleteEntities: { deleted?: number[] } | number[] | undefined;
}

/** First wait between polls of the delete details, and the longest (spec 01 §7). */
export const deleteDetailsPollMs = { initial: 200, max: 1000 } as const;
