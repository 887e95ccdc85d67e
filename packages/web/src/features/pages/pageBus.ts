import type { FormMode, QueryCondition } from '@plinth/schema';

/** A saved record as a component reports it after a save. */
export interface SavedEntity {
  id: number;
  typeId?: number;
  name?: string | null;
  /** False when its component found nothing changed and wrote nothing. */
  written?: boolean;
}

/** The page's form mode; `default` is how a list page runs. */
export type PageFormMode = FormMode | 'default';

/**
 * The messages of the runner's page logic (spec 01 §4 'Runner page logic'). The page sends the
 * commands (SAVE, REFRESH, …) to its components; components answer with the reports (DIRTY_CHANGED,
 * VALIDATION_COMPLETED, SAVE_SUCCEEDED, …) and publish their variables.
 */
export type PageMessage =
  | { type: 'SAVE' }
  | { type: 'REFRESH' }
  | { type: 'DISCARD_CHANGES' }
  | { type: 'FORM_MODE_CHANGED'; formMode: PageFormMode }
  | { type: 'VISIBILITY_CHANGED'; visible: Readonly<Record<string, boolean>> }
  | { type: 'READ_ONLY_CHANGED'; readOnly: Readonly<Record<string, boolean>> }
  | { type: 'REQUEST_VALIDATION_INFO' }
  | { type: 'VALIDATION_COMPLETED'; componentId: string; isValid: boolean; errors: string[] }
  | { type: 'SAVE_SUCCEEDED'; componentId?: string; savedEntities: SavedEntity[] }
  | { type: 'SAVE_FAILED'; componentId?: string; title: string; message?: string }
  | { type: 'EXPORT_DOCUMENT_COMPLETED'; componentId?: string; documentId?: number }
  | { type: 'PROCESS_STOPPED'; componentId?: string; runId?: number }
  | { type: 'WORKFLOW_STOP'; componentId?: string; runId?: number }
  | { type: 'DIRTY_CHANGED'; componentId: string; isDirty: boolean }
  | { type: 'VARIABLE_CHANGED'; name: string; value: unknown; componentId?: string }
  /** A component that validates and saves joins (or leaves) the page's saves. */
  | { type: 'SAVE_PARTICIPANT'; componentId: string; isParticipant: boolean }
  /** Validation passed for a pending SAVE: participants now write their changes. */
  | { type: 'PERFORM_SAVE' }
  /** A page's master filter applied: the query conditions for each report it drives, by component id. */
  | {
      type: 'MASTER_FILTER_APPLIED';
      componentId: string;
      conditions: Readonly<Record<string, readonly QueryCondition[]>>;
    };

export type PageMessageType = PageMessage['type'];
export type PageMessageHandler = (message: PageMessage) => void;

/** The page's message bus: one per rendered page, shared by its components and its host. */
export interface PageBus {
  send(message: PageMessage): void;
  /** Calls `handler` with every later message; returns the unsubscribe. */
  subscribe(handler: PageMessageHandler): () => void;
  /** Whether any component has reported unsaved changes. */
  isDirty(): boolean;
  /** The last value published for each page variable by the page's components. */
  variables(): ReadonlyMap<string, unknown>;
}

/**
 * Creates a page bus. Delivery is synchronous and in subscription order, each message to every
 * handler before the next; a handler that throws does not stop the others (the error is reported
 * to the console).
 */
export function createPageBus(): PageBus {
  const handlers = new Set<PageMessageHandler>();
  const dirtyComponents = new Set<string>();
  const published = new Map<string, unknown>();
  const track = (message: PageMessage) => {
    switch (message.type) {
      case 'DIRTY_CHANGED':
        if (message.isDirty) dirtyComponents.add(message.componentId);
        else dirtyComponents.delete(message.componentId);
        break;
      case 'DISCARD_CHANGES':
        dirtyComponents.clear();
        break;
      case 'SAVE_SUCCEEDED':
        if (message.componentId) dirtyComponents.delete(message.componentId);
        else dirtyComponents.clear();
        break;
      case 'VARIABLE_CHANGED':
        published.set(message.name, message.value);
        break;
      default:
        break;
    }
  };
  // Run to completion: a message sent while one is being delivered waits for it, so every handler
  // sees the messages in the order they were sent.
  const queue: PageMessage[] = [];
  let delivering = false;
  const deliver = (message: PageMessage) => {
    track(message);
    for (const handler of [...handlers]) {
      try {
        handler(message);
      } catch (error) {
        console.error('A page message handler failed', message.type, error);
      }
    }
  };
  return {
    send(message) {
      queue.push(message);
      if (delivering) return;
      delivering = true;
      try {
        for (let next = queue.shift(); next; next = queue.shift()) deliver(next);
      } finally {
        delivering = false;
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    isDirty: () => dirtyComponents.size > 0,
    variables: () => published,
  };
}
