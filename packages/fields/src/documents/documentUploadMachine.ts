import type { DocumentInfo } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { assign, fromPromise, setup } from 'xstate';
import { uploadErrorText } from './matchFileType';

export interface DocumentUploadContext {
  /** Files waiting their turn. */
  queue: File[];
  /** The file being uploaded. */
  current: File | null;
  /** Its progress, 0–100. */
  progress: number;
}

export type DocumentUploadEvent =
  | { type: 'FILES_ADDED'; files: File[] }
  | { type: 'PROGRESS'; percent: number };

export interface UploadInput {
  file: File;
  onProgress: (percent: number) => void;
}

/**
 * The file drop area's uploads (spec 02 §2, §5 "Document upload", §8): files dropped or chosen
 * are uploaded one at a time with progress; each success toasts 'Successfully uploaded' with the
 * file name at the top centre and tells the host (which refreshes the report); each failure toasts
 * 'Error uploading' with the server's message (an unknown extension is refused by the server).
 */
export const documentUploadMachine = setup({
  types: {
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
  },
  actors: {
    uploadDocument: fromPromise<DocumentInfo, UploadInput>(async () => {
      throw new Error('uploadDocument is not provided');
    }),
  },
  guards: {
    hasQueuedFiles: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) =>
        event.type === 'FILES_ADDED' ? [...context.queue, ...event.files] : context.queue,
    }),
    showUploadedToast: (_, params: { fileName: string }) => {
      toast.success('Successfully uploaded', { description: params.fileName, position: 'top-center' });
    },
    showUploadErrorToast: (_, params: { message: string }) => {
      toast.error('Error uploading', { description: params.message, position: 'top-center' });
    },
    /** The host refreshes the report; provided by the drop area. */
    documentUploaded: (_, _params: { document: DocumentInfo }) => {},
  },
}).createMachine({
  id: 'documentUpload',
  context: { queue: [], current: null, progress: 0 },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ current: null, progress: 0 }),
      on: {
        FILES_ADDED: {
          guard: ({ event }) => event.files.length > 0,
          target: 'uploading',
          actions: 'enqueue',
        },
      },
    },
    uploading: {
      entry: assign(({ context }) => ({
        current: context.queue[0] ?? null,
        queue: context.queue.slice(1),
        progress: 0,
      })),
      invoke: {
        src: 'uploadDocument',
        input: ({ context, self }) => ({
          file: context.current!,
          onProgress: (percent: number) => self.send({ type: 'PROGRESS', percent }),
        }),
        onDone: {
          target: 'next',
          actions: [
            {
              type: 'showUploadedToast',
              params: ({ context }) => ({ fileName: context.current?.name ?? '' }),
            },
            { type: 'documentUploaded', params: ({ event }) => ({ document: event.output }) },
          ],
        },
        onError: {
          target: 'next',
          actions: {
            type: 'showUploadErrorToast',
            params: ({ event }) => ({ message: uploadErrorText(event.error) }),
          },
        },
      },
      on: {
        FILES_ADDED: { actions: 'enqueue' },
        PROGRESS: { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, event.percent)) }) },
      },
    },
    next: {
      always: [{ guard: 'hasQueuedFiles', target: 'uploading', reenter: true }, { target: 'idle' }],
    },
  },
});
