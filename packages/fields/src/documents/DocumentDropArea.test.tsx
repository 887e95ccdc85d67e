import type { DocumentInfo } from '@plinth/schema';
import { ToastRegions, toast } from '@plinth/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentDropArea } from './DocumentDropArea';

const docFor = (name: string): DocumentInfo => ({
  id: 10_200,
  name,
  fileExtension: 'pdf',
  size: 10,
  documentType: null,
  version: 1,
  recordVersion: 1,
  canModify: true,
});

afterEach(() => toast.clearAll());

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const topCentre = () => document.querySelector('.pl-toast-region--top-center') as HTMLElement;

describe('DocumentDropArea', () => {
  it('uploads a chosen file with progress, then toasts its name at the top centre and reports it', async () => {
    let progress!: (percent: number) => void;
    let finish!: (doc: DocumentInfo) => void;
    const uploadDocument = vi.fn(
      (_file: File, onProgress: (percent: number) => void) =>
        new Promise<DocumentInfo>((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <DocumentDropArea uploadDocument={uploadDocument} onUploaded={onUploaded} />
        <ToastRegions />
      </>,
    );
    expect(screen.getByText('Drop files here or')).toBeInTheDocument();
    await user.upload(fileInput(), new File(['%PDF'], 'plan.pdf'));
    await waitFor(() => expect(uploadDocument).toHaveBeenCalled());
    expect(uploadDocument.mock.calls[0]![0].name).toBe('plan.pdf');
    progress(45);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading plan.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');

    finish(docFor('plan.pdf'));
    await waitFor(() =>
      expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ name: 'plan.pdf' })),
    );
    expect(within(topCentre()).getByText('Successfully uploaded')).toBeInTheDocument();
    expect(within(topCentre()).getByText('plan.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("toasts 'Error uploading' with the server's message", async () => {
    const uploadDocument = vi.fn(async () => {
      throw new Error('File size too large. Max file size: 25MB.');
    });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <DocumentDropArea uploadDocument={uploadDocument} onUploaded={onUploaded} />
        <ToastRegions />
      </>,
    );
    await user.upload(fileInput(), new File(['MZ'], 'setup.exe'));
    expect(await within(topCentre()).findByText('Error uploading')).toBeInTheDocument();
    expect(within(topCentre()).getByText('File size too large. Max file size: 25MB.')).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("toasts 'Unspecified error.' when the failure says nothing better", async () => {
    const uploadDocument = vi.fn(async () => {
      throw new Error('');
    });
    const user = userEvent.setup();
    render(
      <>
        <DocumentDropArea uploadDocument={uploadDocument} onUploaded={vi.fn()} />
        <ToastRegions />
      </>,
    );
    await user.upload(fileInput(), new File(['x'], 'plan.pdf'));
    expect(await within(topCentre()).findByText('Error uploading')).toBeInTheDocument();
    expect(within(topCentre()).getByText('Unspecified error.')).toBeInTheDocument();
  });
});
