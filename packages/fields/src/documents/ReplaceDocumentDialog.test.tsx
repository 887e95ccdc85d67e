import type { DocumentInfo, DocumentTypeInfo } from '@plinth/schema';
import { ToastRegions, toast } from '@plinth/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentServices } from './documentServices';
import { ReplaceDocumentDialog } from './ReplaceDocumentDialog';

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
  extensions: ['docx'],
};
const doc: DocumentInfo = {
  id: 10_100,
  name: 'contract.pdf',
  fileExtension: 'pdf',
  size: 1_572_864,
  documentType: pdf,
  version: 1,
  recordVersion: 3,
  canModify: true,
};

afterEach(() => toast.clearAll());

function setup(
  replaceDocument: DocumentServices['replaceDocument'] = vi.fn(async () => ({
    ...doc,
    name: 'contract v2.docx',
    version: 2,
  })),
) {
  const services = {
    loadDocument: vi.fn(async () => doc),
    listDocumentTypes: vi.fn(async () => [pdf, word]),
    replaceDocument,
  };
  const onClose = vi.fn();
  const onReplaced = vi.fn();
  render(
    <>
      <ReplaceDocumentDialog
        documentId={10_100}
        services={services}
        onClose={onClose}
        onReplaced={onReplaced}
      />
      <ToastRegions />
    </>,
  );
  return { services, onClose, onReplaced, user: userEvent.setup() };
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('ReplaceDocumentDialog', () => {
  it('shows the document with its size in MB, and enables Replace only for a file of a known type', async () => {
    const { user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Replace document' });
    expect(await within(dialog).findByText('contract.pdf')).toBeInTheDocument();
    const facts = within(dialog).getByLabelText('Current document');
    expect(facts).toHaveTextContent('Namecontract.pdfTypePDF documentSize1.50 MBVersion1');
    const replace = within(dialog).getByRole('button', { name: 'Replace' });
    expect(replace).toBeDisabled();

    await user.upload(fileInput(), new File(['MZ'], 'setup.exe'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Upload failed because the file format is not allowed. Allowed formats: pdf, docx.',
    );
    expect(replace).toBeDisabled();

    await user.upload(fileInput(), new File(['new'], 'contract v2.docx'));
    expect(
      within(dialog).getByText('New file: contract v2.docx (0.00 KB), Word document'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(replace).toBeEnabled();
  });

  it('confirms, replaces, toasts the file name at the top centre, refreshes the report and closes', async () => {
    const { user, services, onClose, onReplaced } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Replace document' });
    await within(dialog).findByText('contract.pdf');
    await user.upload(fileInput(), new File(['new'], 'contract v2.docx'));
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(
      within(dialog).getByText(
        "Replace 'contract.pdf' with 'contract v2.docx'? The current file is kept as version 1.",
      ),
    ).toBeInTheDocument();
    expect(services.replaceDocument).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(services.replaceDocument).toHaveBeenCalledWith(
      10_100,
      3,
      expect.objectContaining({ name: 'contract v2.docx' }),
      expect.any(Function),
      expect.anything(),
    );
    expect(onReplaced).toHaveBeenCalledWith(expect.objectContaining({ version: 2 }));
    const region = document.querySelector('.pl-toast-region--top-center') as HTMLElement;
    expect(within(region).getByText('Successfully uploaded')).toBeInTheDocument();
    expect(within(region).getByText('contract v2.docx')).toBeInTheDocument();
  });

  it('shows upload progress, then the failure message, and stays open', async () => {
    let fail!: (error: Error) => void;
    let progress!: (percent: number) => void;
    const replaceDocument = vi.fn(
      (_id: number, _version: number, _file: File, onProgress: (percent: number) => void) =>
        new Promise<DocumentInfo>((_resolve, reject) => {
          progress = onProgress;
          fail = reject;
        }),
    );
    const { user, onClose, onReplaced } = setup(replaceDocument);
    const dialog = await screen.findByRole('dialog', { name: 'Replace document' });
    await within(dialog).findByText('contract.pdf');
    await user.upload(fileInput(), new File(['new'], 'v2.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(replaceDocument).toHaveBeenCalled());
    progress(60);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Uploading v2.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(within(dialog).getByText('60%')).toBeInTheDocument();

    fail(new Error('You do not have permission to do this.'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You do not have permission to do this.',
    );
    const region = document.querySelector('.pl-toast-region--top-center') as HTMLElement;
    expect(within(region).getByText('Error uploading')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onReplaced).not.toHaveBeenCalled();
  });

  it('shows the document as it is now when the replace is refused as stale, and replaces that on a second try', async () => {
    const stale = Object.assign(
      new Error("'contract.pdf' was changed by someone else after it was read. Read it again and retry."),
      { code: 'precondition_failed' },
    );
    const replaceDocument = vi
      .fn<DocumentServices['replaceDocument']>()
      .mockRejectedValueOnce(stale)
      .mockResolvedValueOnce({ ...doc, name: 'v3.pdf', version: 3, recordVersion: 5 });
    const { user, services, onClose } = setup(replaceDocument);
    const theirs: DocumentInfo = {
      ...doc,
      name: 'contract (theirs).pdf',
      size: 2048,
      version: 2,
      recordVersion: 4,
    };
    const dialog = await screen.findByRole('dialog', { name: 'Replace document' });
    await within(dialog).findByText('contract.pdf');
    services.loadDocument.mockResolvedValue(theirs);
    await user.upload(fileInput(), new File(['new'], 'v3.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "'contract (theirs).pdf' was changed by someone else after you opened this dialog. It now shows as it is: replace it again, or cancel to keep it.",
    );
    expect(within(dialog).getByLabelText('Current document')).toHaveTextContent(
      'Namecontract (theirs).pdfTypePDF documentSize2.00 KBVersion2',
    );
    expect(within(dialog).getByText('New file: v3.pdf (0.00 KB), PDF document')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(
      within(dialog).getByText(
        "Replace 'contract (theirs).pdf' with 'v3.pdf'? The current file is kept as version 2.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(replaceDocument).toHaveBeenLastCalledWith(
      10_100,
      4,
      expect.objectContaining({ name: 'v3.pdf' }),
      expect.any(Function),
      expect.anything(),
    );
  });

  it('closes on Cancel without replacing', async () => {
    const { user, services, onClose } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Replace document' });
    await within(dialog).findByText('contract.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(services.replaceDocument).not.toHaveBeenCalled();
  });
});
