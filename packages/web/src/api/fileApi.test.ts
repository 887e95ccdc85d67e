import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError } from './apiClient';
import {
  documentServicesFor,
  listDocumentTypes,
  loadDocument,
  replaceDocument,
  uploadDocument,
} from './fileApi';

const pdfType = {
  id: 10_003,
  name: 'PDF document',
  mimeType: 'application/pdf',
  extension: 'pdf',
  extensions: ['pdf'],
  icon: 'file-pdf',
};
const doc = {
  id: 10_100,
  name: 'plan.pdf',
  fileExtension: 'pdf',
  size: 2_097_152,
  documentType: pdfType,
  version: 1,
  recordVersion: 1,
  canModify: true,
};

/** A stand-in for XMLHttpRequest that records what was sent and answers when told. */
class FakeRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function fakeRequest() {
  const request = new FakeRequest();
  return { request, createRequest: () => request as unknown as XMLHttpRequest };
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie is what the upload reads
  document.cookie = 'plinth_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('file API', () => {
  it('uploads the file as multipart with the CSRF token, reports progress and answers the document', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie is what the upload reads
    document.cookie = 'plinth_csrf=tok123';
    const { request, createRequest } = fakeRequest();
    const progress = vi.fn();
    const file = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    const done = uploadDocument(file, {
      createRequest,
      onProgress: progress,
      link: { eid: 10_050, relid: 10_060, direction: 'fwd' },
    });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/spapi/data/v2/document?eid=10050&relid=10060&direction=fwd');
    expect(request.headers['x-csrf-token']).toBe('tok123');
    expect((request.body!.get('file') as File).name).toBe('plan.pdf');
    request.upload.onprogress!({ lengthComputable: true, loaded: 512, total: 2048 });
    expect(progress).toHaveBeenCalledWith({ loaded: 512, total: 2048, percent: 25 });
    request.answer(200, doc);
    await expect(done).resolves.toEqual(doc);
  });

  it("rejects with the server's message when the upload is refused", async () => {
    const { request, createRequest } = fakeRequest();
    const done = replaceDocument(10_100, 7, new File(['MZ'], 'setup.exe'), { createRequest });
    expect(request.url).toBe('/spapi/data/v2/document/10100/replace');
    // The version of the record read goes with the replace (decision 0032).
    expect(request.headers['if-match']).toBe('"7"');
    const message = 'Upload failed because the file format is not allowed. Allowed formats: pdf.';
    request.answer(400, { error: { code: 'bad_request', message } });
    const failure = await done.catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message });
  });

  it("rejects with 'Unspecified error.' when the answer says nothing readable (a proxy's page)", async () => {
    const { request, createRequest } = fakeRequest();
    const done = uploadDocument(new File(['x'], 'a.txt'), { createRequest });
    request.status = 502;
    request.responseText = '<html>Bad gateway</html>';
    request.onload?.();
    await expect(done).rejects.toMatchObject({ status: 502, message: 'Unspecified error.' });
  });

  it('rejects with a readable message when the connection fails or the upload is cancelled', async () => {
    const { request, createRequest } = fakeRequest();
    const done = uploadDocument(new File(['x'], 'a.txt'), { createRequest });
    request.onerror!();
    await expect(done).rejects.toThrow('The file could not be sent. Check the connection and try again.');

    const controller = new AbortController();
    const second = fakeRequest();
    const cancelled = uploadDocument(new File(['x'], 'a.txt'), {
      createRequest: second.createRequest,
      signal: controller.signal,
    });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('loads a document and the document types through the API client', async () => {
    const answers = [doc, { documentTypes: [pdfType] }];
    const urls: string[] = [];
    const client = new ApiClient({
      fetch: (async (url: RequestInfo | URL) => {
        urls.push(String(url));
        return new Response(JSON.stringify(answers.shift()), { status: 200 });
      }) as typeof fetch,
    });
    await expect(loadDocument(client, 10_100)).resolves.toEqual(doc);
    await expect(listDocumentTypes(client)).resolves.toEqual([pdfType]);
    expect(urls).toEqual(['/spapi/data/v2/document/10100', '/spapi/data/v2/document/types']);
  });
});

describe('document services for the report', () => {
  it('upload through the services links to the host record and reports whole percents', async () => {
    let request!: FakeRequest;
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends FakeRequest {
        constructor() {
          super();
          request = this;
        }
      },
    );
    try {
      const services = documentServicesFor(new ApiClient(), { link: { eid: 7, relid: 8, direction: 'rev' } });
      const percents: number[] = [];
      const done = services.uploadDocument(new File(['x'], 'a.pdf'), (p) => percents.push(p));
      expect(request.url).toBe('/spapi/data/v2/document?eid=7&relid=8&direction=rev');
      request.upload.onprogress!({ lengthComputable: true, loaded: 1, total: 3 });
      request.answer(200, doc);
      await expect(done).resolves.toEqual(doc);
      expect(percents).toEqual([33]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
