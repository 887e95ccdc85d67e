import type { Client } from './testApp.js';

/** A multipart/form-data body with one file part, as a browser sends it. */
export function filePart(fileName: string, content: string) {
  const boundary = '----plinthBlobBoundary';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a file as a new document, as the browser does. */
export function upload(client: Client, fileName: string, content: string) {
  const body = filePart(fileName, content);
  return client.request('POST', '/spapi/data/v2/document', body.payload, body.headers);
}
