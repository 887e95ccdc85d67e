import { deleteMessages } from '../machine/delete/deleteMessages.js';
import type { DeleteFlowError, DeleteFlowItem } from './deleteFlowTypes.js';

/** Texts of the record delete flow beyond the grid's (spec 01 §8). */
export const deleteFlowTexts = {
  nameFailed: 'Failed to get entity name.',
  unknownName: '<unknown>',
} as const;

/** A title and the server's message as one sentence pair: "{title} {message}". */
export const withMessage = (title: string, message: string) => (message ? `${title} ${message}` : title);

/** The message of an error (an Error, a string or `{ message }`), the status of one that has it. */
export function errorOf(title: string, error: unknown): DeleteFlowError {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
          ? error.message
          : '';
  const status =
    error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
      ? error.status
      : undefined;
  return { message: withMessage(title, message), title, text: message, status };
}

/** 'Failed to delete {type} '{name}'. {message}' or, bulk, 'Failed to delete resources. {message}'. */
export const deleteFailedError = (items: readonly DeleteFlowItem[], error: unknown) =>
  errorOf(deleteMessages.failed(items), error);

/** 'An error occured getting delete details for '{name}'. {message}'. */
export const detailsFailedError = (items: readonly DeleteFlowItem[], error: unknown) =>
  errorOf(deleteMessages.detailsFailed(items), error);

/** 'Failed to get entity name. {message}'. */
export const nameFailedError = (error: unknown) => errorOf(deleteFlowTexts.nameFailed, error);

/** The toast of an error: its title, and the server's message when there is one. */
export const noticeOf = (error: DeleteFlowError) =>
  error.text
    ? { kind: 'error' as const, title: error.title, text: error.text }
    : { kind: 'error' as const, title: error.title };
