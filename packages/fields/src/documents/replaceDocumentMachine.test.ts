import type { DocumentInfo, DocumentTypeInfo } from '@plinth/schema';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type ReplaceInput, replaceDocumentMachine } from './replaceDocumentMachine';

const pdf: DocumentTypeInfo = {
  id: 1,
  name: 'PDF document',
  mimeType: 'application/pdf',
  extension: 'pdf',
  extensions: ['pdf'],
  icon: null,
};
const word: DocumentTypeInfo = {
  ...pdf,
  id: 2,
  name: 'Word document',
  extension: 'docx',
  extensions: ['docx', 'doc'],
};
const doc: DocumentInfo = {
  id: 10_100,
  name: 'contract.pdf',
  fileExtension: 'pdf',
  size: 1000,
  documentType: pdf,
  version: 1,
  recordVersion: 4,
  canModify: true,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(
  overrides: {
    replace?: (input: ReplaceInput) => Promise<DocumentInfo>;
    types?: () => Promise<DocumentTypeInfo[]>;
  } = {},
) {
  const calls = { loadDocument: 0, loadDocumentTypes: 0 };
  const loadDoc = deferred<DocumentInfo>();
  const loadTypes = deferred<DocumentTypeInfo[]>();
  const toasts: Array<{ kind: string; text: string }> = [];
  const refreshReport = vi.fn();
  const replace = vi.fn(
    overrides.replace ?? (async () => ({ ...doc, name: 'contract v2.docx', version: 2 })),
  );
  const actor = createActor(
    replaceDocumentMachine.provide({
      actors: {
        loadDocument: fromPromise(async ({ input }) => {
          calls.loadDocument++;
          expect(input.documentId).toBe(10_100);
          return loadDoc.promise;
        }),
        loadDocumentTypes: fromPromise(async () => {
          calls.loadDocumentTypes++;
          return overrides.types ? overrides.types() : loadTypes.promise;
        }),
        replaceDocument: fromPromise(async ({ input }) => replace(input)),
      },
      actions: {
        showUploadedToast: (_, params) => toasts.push({ kind: 'success', text: params.fileName }),
        showReplaceErrorToast: (_, params) => toasts.push({ kind: 'error', text: params.message }),
        refreshReport,
      },
    }),
    { input: { documentId: 10_100 } },
  ).start();
  return { actor, calls, loadDoc, loadTypes, toasts, refreshReport, replace };
}

const file = (name: string) => new File(['new content'], name);

describe('replaceDocumentMachine', () => {
  it('loads the document and the document types in parallel, then is ready', async () => {
    const { actor, calls, loadDoc, loadTypes } = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await Promise.resolve();
    expect(calls).toEqual({ loadDocument: 1, loadDocumentTypes: 1 });
    loadTypes.resolve([pdf, word]);
    await Promise.resolve();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    loadDoc.resolve(doc);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ document: doc, documentTypes: [pdf, word] });
  });

  it('allows replace only once a file of a known type is picked, and asks for confirmation', async () => {
    const { actor, loadDoc, loadTypes } = start();
    loadDoc.resolve(doc);
    loadTypes.resolve([pdf, word]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'REPLACE' });
    expect(actor.getSnapshot().value).toBe('ready');

    actor.send({ type: 'FILE_SELECTED', file: file('setup.exe') });
    expect(actor.getSnapshot().context.fileError).toBe(
      'Upload failed because the file format is not allowed. Allowed formats: pdf, docx, doc.',
    );
    actor.send({ type: 'REPLACE' });
    expect(actor.getSnapshot().value).toBe('ready');

    actor.send({ type: 'FILE_SELECTED', file: file('contract v2.DOCX') });
    expect(actor.getSnapshot().context).toMatchObject({ fileType: word, fileError: null });
    actor.send({ type: 'REPLACE' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('does not allow replace when the document could not be loaded', async () => {
    const { actor, loadDoc, loadTypes } = start();
    loadDoc.reject(new Error('The document was not found.'));
    loadTypes.resolve([pdf]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.loadError).toBe('The document was not found.');
    actor.send({ type: 'FILE_SELECTED', file: file('x.pdf') });
    actor.send({ type: 'REPLACE' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('replaces after confirmation, tracks progress, then shows the upload toast and refreshes the report', async () => {
    const upload = deferred<DocumentInfo>();
    let progress: ((percent: number) => void) | undefined;
    const { actor, loadDoc, loadTypes, toasts, refreshReport, replace } = start({
      replace: (input) => {
        progress = input.onProgress;
        return upload.promise;
      },
    });
    loadDoc.resolve(doc);
    loadTypes.resolve([pdf, word]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FILE_SELECTED', file: file('contract v2.docx') });
    actor.send({ type: 'REPLACE' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('replacing');
    await Promise.resolve();
    expect(replace.mock.calls[0]![0]).toMatchObject({
      documentId: 10_100,
      recordVersion: 4,
      file: { name: 'contract v2.docx' },
    });
    progress!(40);
    expect(actor.getSnapshot().context.progress).toBe(40);
    upload.resolve({ ...doc, name: 'contract v2.docx', version: 2 });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('success');
    expect(toasts).toEqual([{ kind: 'success', text: 'contract v2.docx' }]);
    expect(refreshReport).toHaveBeenCalledTimes(1);
  });

  it("shows the failure's message and lets the user try again", async () => {
    const { actor, loadDoc, loadTypes, toasts, refreshReport } = start({
      replace: async () => {
        throw new Error('You do not have permission to do this.');
      },
    });
    loadDoc.resolve(doc);
    loadTypes.resolve([pdf]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FILE_SELECTED', file: file('b.pdf') });
    actor.send({ type: 'REPLACE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe('You do not have permission to do this.');
    expect(toasts).toEqual([{ kind: 'error', text: 'You do not have permission to do this.' }]);
    expect(refreshReport).not.toHaveBeenCalled();
    actor.send({ type: 'REPLACE' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('reads the document again when the replace is refused as stale, and replaces with the version read then', async () => {
    const stale = Object.assign(
      new Error("'contract.pdf' was changed by someone else after it was read. Read it again and retry."),
      { code: 'precondition_failed' },
    );
    const replaced = { ...doc, name: 'contract v3.pdf', version: 3, recordVersion: 6 };
    let attempt = 0;
    const { actor, loadDoc, loadTypes, toasts, refreshReport, replace, calls } = start({
      replace: async () => {
        attempt++;
        if (attempt === 1) throw stale;
        return replaced;
      },
    });
    loadDoc.resolve(doc);
    loadTypes.resolve([pdf]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FILE_SELECTED', file: file('contract v3.pdf') });
    actor.send({ type: 'REPLACE' });
    // Meanwhile someone else replaced the file: the record is at version 5, its file at version 2.
    const theirs = { ...doc, name: 'contract (theirs).pdf', version: 2, recordVersion: 5 };
    const reload = deferred<DocumentInfo>();
    loadDoc.promise = reload.promise;
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('reloading'));
    expect(calls.loadDocument).toBe(2);
    reload.resolve(theirs);
    await waitFor(actor, (s) => s.matches('error'));
    const { context } = actor.getSnapshot();
    expect(context.document).toEqual(theirs);
    expect(context.file?.name).toBe('contract v3.pdf');
    expect(context.error).toBe(
      "'contract (theirs).pdf' was changed by someone else after you opened this dialog. It now shows as it is: replace it again, or cancel to keep it.",
    );
    expect(toasts).toEqual([{ kind: 'error', text: context.error }]);
    expect(refreshReport).not.toHaveBeenCalled();

    actor.send({ type: 'REPLACE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(replace.mock.calls[1]![0]).toMatchObject({ recordVersion: 5 });
    expect(refreshReport).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's message when the document cannot be read again after a stale refusal", async () => {
    const stale = Object.assign(new Error("'contract.pdf' was changed by someone else after it was read."), {
      code: 'precondition_failed',
    });
    const { actor, loadDoc, loadTypes } = start({ replace: async () => Promise.reject(stale) });
    loadDoc.resolve(doc);
    loadTypes.resolve([pdf]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FILE_SELECTED', file: file('b.pdf') });
    actor.send({ type: 'REPLACE' });
    loadDoc.promise = Promise.reject(new Error('The document was not found.'));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context).toMatchObject({
      document: doc,
      error: "'contract.pdf' was changed by someone else after it was read.",
    });
  });

  it("shows 'Unspecified error.' when the failure says nothing better", async () => {
    const { actor, loadDoc, loadTypes, toasts } = start({
      replace: async () => Promise.reject(new Error('')),
    });
    loadDoc.resolve(doc);
    loadTypes.resolve([pdf]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FILE_SELECTED', file: file('b.pdf') });
    actor.send({ type: 'REPLACE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe('Unspecified error.');
    expect(toasts).toEqual([{ kind: 'error', text: 'Unspecified error.' }]);
  });

  it('closes while loading or ready', async () => {
    const first = start();
    first.actor.send({ type: 'CLOSE' });
    expect(first.actor.getSnapshot().value).toBe('closed');
    expect(first.actor.getSnapshot().status).toBe('done');
  });
});
