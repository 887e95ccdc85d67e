import type { DocumentInfo, DocumentTypeInfo } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { assign, fromPromise, setup } from 'xstate';
import { matchFileType, unknownExtensionMessage, uploadErrorText } from './matchFileType';

export interface ReplaceDocumentContext {
  documentId: number;
  document: DocumentInfo | null;
  documentTypes: DocumentTypeInfo[];
  /** The new file the user picked. */
  file: File | null;
  /** The document type the new file's extension matches. */
  fileType: DocumentTypeInfo | null;
  /** Why the picked file cannot be used. */
  fileError: string | null;
  /** Why the document could not be loaded. */
  loadError: string | null;
  /** Upload progress of the new file, 0–100. */
  progress: number;
  /** The failure's message when replacing failed. */
  error: string | null;
}

export type ReplaceDocumentEvent =
  | { type: 'FILE_SELECTED'; file: File }
  | { type: 'REPLACE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' }
  | { type: 'PROGRESS'; percent: number };

export interface ReplaceInput {
  documentId: number;
  /** The record version of the document as the dialog read it (decision 0032): sent as If-Match. */
  recordVersion: number;
  file: File;
  onProgress: (percent: number) => void;
}

const loadErrorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The document could not be loaded.';

/** A replace refused because the document changed after the dialog read it (HTTP 412). */
const isStale = (error: unknown) => (error as { code?: unknown } | null)?.code === 'precondition_failed';

/** What the dialog says once it has read a document again after a stale refusal, naming it. */
export const changedSinceOpenedMessage = (name: string) =>
  `'${name}' was changed by someone else after you opened this dialog. It now shows as it is: replace it again, or cancel to keep it.`;

/** What the user can do while the dialog waits for a file (ready, and again after a failure). */
const choosing = {
  FILE_SELECTED: { actions: 'selectFile' },
  REPLACE: { guard: 'canReplace', target: 'confirming' },
  CLOSE: { target: 'closed' },
} as const;

/**
 * The 'Replace document' dialog (spec 02 §4 "Replace document"): load the document and the
 * document types in parallel, then ready; the user picks a file; replace is allowed only when the
 * document and a file of a known type exist; the user confirms; replacing uploads the file as a new
 * version; success shows the upload toast and refreshes the report, failure shows the failure's
 * message. The calls are the actors `loadDocument`, `loadDocumentTypes` and `replaceDocument`.
 */
export const replaceDocumentMachine = setup({
  types: {
    context: {} as ReplaceDocumentContext,
    events: {} as ReplaceDocumentEvent,
    input: {} as { documentId: number },
  },
  actors: {
    loadDocument: fromPromise<DocumentInfo, { documentId: number }>(async () => {
      throw new Error('loadDocument is not provided');
    }),
    loadDocumentTypes: fromPromise<DocumentTypeInfo[]>(async () => {
      throw new Error('loadDocumentTypes is not provided');
    }),
    replaceDocument: fromPromise<DocumentInfo, ReplaceInput>(async () => {
      throw new Error('replaceDocument is not provided');
    }),
  },
  guards: {
    canReplace: ({ context }) =>
      context.document !== null && context.file !== null && context.fileType !== null,
  },
  actions: {
    selectFile: assign(({ context, event }) => {
      if (event.type !== 'FILE_SELECTED') return {};
      const fileType = matchFileType(context.documentTypes, event.file.name) ?? null;
      return {
        file: event.file,
        fileType,
        fileError: fileType ? null : unknownExtensionMessage(context.documentTypes),
        error: null,
      };
    }),
    showUploadedToast: (_, params: { fileName: string }) => {
      toast.success('Successfully uploaded', { description: params.fileName, position: 'top-center' });
    },
    showReplaceErrorToast: (_, params: { message: string }) => {
      toast.error('Error uploading', { description: params.message, position: 'top-center' });
    },
    /** The host refreshes the report; provided by the dialog. */
    refreshReport: () => {},
  },
}).createMachine({
  id: 'replaceDocument',
  context: ({ input }) => ({
    documentId: input.documentId,
    document: null,
    documentTypes: [],
    file: null,
    fileType: null,
    fileError: null,
    loadError: null,
    progress: 0,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      type: 'parallel',
      states: {
        document: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                src: 'loadDocument',
                input: ({ context }) => ({ documentId: context.documentId }),
                onDone: { target: 'done', actions: assign({ document: ({ event }) => event.output }) },
                onError: {
                  target: 'done',
                  actions: assign({ loadError: ({ event }) => loadErrorText(event.error) }),
                },
              },
            },
            done: { type: 'final' },
          },
        },
        documentTypes: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                src: 'loadDocumentTypes',
                onDone: { target: 'done', actions: assign({ documentTypes: ({ event }) => event.output }) },
                // Without types no file matches: the picked file shows the extension message.
                onError: 'done',
              },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: 'ready',
      on: { CLOSE: '#replaceDocument.closed' },
    },
    ready: { on: choosing },
    confirming: {
      on: { CONFIRM: 'replacing', CANCEL: 'ready', CLOSE: 'ready' },
    },
    replacing: {
      entry: assign({ progress: 0 }),
      invoke: {
        src: 'replaceDocument',
        input: ({ context, self }) => ({
          documentId: context.documentId,
          recordVersion: context.document!.recordVersion,
          file: context.file!,
          onProgress: (percent: number) => self.send({ type: 'PROGRESS', percent }),
        }),
        onDone: { target: 'success', actions: assign({ document: ({ event }) => event.output }) },
        onError: [
          {
            // Someone else changed the document since it was read: read it again before the user
            // decides, so the facts and the next confirmation describe the file there now.
            guard: ({ event }) => isStale(event.error),
            target: 'reloading',
            actions: assign({ error: ({ event }) => uploadErrorText(event.error) }),
          },
          {
            target: 'error',
            actions: [
              assign({ error: ({ event }) => uploadErrorText(event.error) }),
              {
                type: 'showReplaceErrorToast',
                params: ({ event }) => ({ message: uploadErrorText(event.error) }),
              },
            ],
          },
        ],
      },
      on: {
        PROGRESS: { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, event.percent)) }) },
      },
    },
    reloading: {
      invoke: {
        src: 'loadDocument',
        input: ({ context }) => ({ documentId: context.documentId }),
        onDone: {
          target: 'error',
          actions: [
            assign({
              document: ({ event }) => event.output,
              error: ({ event }) => changedSinceOpenedMessage(event.output.name),
            }),
            { type: 'showReplaceErrorToast', params: ({ context }) => ({ message: context.error ?? '' }) },
          ],
        },
        // The document cannot be read now (deleted, no access): the server's refusal says why.
        onError: {
          target: 'error',
          actions: {
            type: 'showReplaceErrorToast',
            params: ({ context }) => ({ message: context.error ?? '' }),
          },
        },
      },
    },
    success: {
      type: 'final',
      entry: [
        { type: 'showUploadedToast', params: ({ context }) => ({ fileName: context.file?.name ?? '' }) },
        'refreshReport',
      ],
    },
    error: { on: choosing },
    closed: { type: 'final' },
  },
});
