import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** The one file part of a multipart upload, not yet read. */
export interface SingleFileUpload {
  fileName: string;
  mimeType: string;
  content: Readable;
  /** True once the content has stopped short at the size limit: the cut-off file is refused. */
  isTruncated(): boolean;
  /** Refuses (throws) a second file part, once the first has been read. */
  checkRest(): Promise<void>;
}

/** What an upload says when it is not one file: each call's own words. */
export interface UploadMessages {
  notMultipart: string;
  noFile: string;
  oneFileOnly: string;
}

/**
 * Reads the one file part of a multipart request (documents, CSV imports): a request that is not
 * multipart is 415, one without a file or with more than one 400. Fields are ignored. A second file
 * is found once the first has been read, before anything is kept of it.
 */
export async function singleFileUpload(
  request: FastifyRequest,
  maxBytes: number,
  messages: UploadMessages,
): Promise<SingleFileUpload> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.notMultipart);
  const files = request.files({ limits: { fileSize: maxBytes } });
  const refusal = (error: unknown): AppError => {
    if (error instanceof AppError) return error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') return new AppError('bad_request', messages.oneFileOnly);
    return new AppError('bad_request', (error as Error).message || messages.noFile);
  };
  let first: Awaited<ReturnType<typeof files.next>>;
  try {
    first = await files.next();
  } catch (error) {
    throw refusal(error);
  }
  const part = first.done ? undefined : first.value;
  if (!part) throw new AppError('bad_request', messages.noFile);
  return {
    fileName: part.filename,
    mimeType: part.mimetype,
    content: part.file,
    isTruncated: () => part.file.truncated,
    checkRest: async () => {
      try {
        const next = await files.next();
        if (!next.done) {
          next.value?.file.resume();
          throw new AppError('bad_request', messages.oneFileOnly);
        }
      } catch (error) {
        throw refusal(error);
      }
    },
  };
}
