import type { DocumentInfo } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { documentUploadMachine, type UploadInput } from './documentUploadMachine';

const docFor = (name: string, id: number): DocumentInfo => ({
  id,
  name,
  fileExtension: 'pdf',
  size: 10,
  documentType: null,
  version: 1,
  recordVersion: 1,
  canModify: true,
});

function start(upload: (input: UploadInput) => Promise<DocumentInfo>) {
  const events: string[] = [];
  const actor = createActor(
    documentUploadMachine.provide({
      actors: { uploadDocument: fromPromise(async ({ input }) => upload(input)) },
      actions: {
        showUploadedToast: (_, p) => events.push(`toast success: Successfully uploaded / ${p.fileName}`),
        showUploadErrorToast: (_, p) => events.push(`toast error: Error uploading / ${p.message}`),
        documentUploaded: (_, p) => events.push(`uploaded ${p.document.id}`),
      },
    }),
  ).start();
  return { actor, events };
}

describe('documentUploadMachine', () => {
  it('uploads the files one at a time, toasting and reporting each', async () => {
    const order: string[] = [];
    const { actor, events } = start(async ({ file }) => {
      order.push(file.name);
      if (file.name === 'bad.exe') throw new Error('Upload failed because the file format is not allowed.');
      return docFor(file.name, order.length);
    });
    actor.send({ type: 'FILES_ADDED', files: [new File(['a'], 'a.pdf'), new File(['b'], 'bad.exe')] });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.current?.name).toBe('a.pdf');
    actor.send({ type: 'FILES_ADDED', files: [new File(['c'], 'c.pdf')] });
    await waitFor(actor, (s) => s.matches('idle') && order.length === 3);
    expect(order).toEqual(['a.pdf', 'bad.exe', 'c.pdf']);
    expect(events).toEqual([
      'toast success: Successfully uploaded / a.pdf',
      'uploaded 1',
      'toast error: Error uploading / Upload failed because the file format is not allowed.',
      'toast success: Successfully uploaded / c.pdf',
      'uploaded 3',
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ queue: [], current: null });
  });

  it('tracks the progress of the file being uploaded', async () => {
    let report!: (percent: number) => void;
    let finish!: (doc: DocumentInfo) => void;
    const { actor } = start(
      ({ onProgress }) =>
        new Promise((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    actor.send({ type: 'FILES_ADDED', files: [new File(['a'], 'a.pdf')] });
    await waitFor(actor, () => report !== undefined);
    report(35);
    expect(actor.getSnapshot().context.progress).toBe(35);
    report(250);
    expect(actor.getSnapshot().context.progress).toBe(100);
    finish(docFor('a.pdf', 1));
    await waitFor(actor, (s) => s.matches('idle'));
  });

  it('ignores an empty drop', () => {
    const { actor } = start(async () => docFor('x', 1));
    actor.send({ type: 'FILES_ADDED', files: [] });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
