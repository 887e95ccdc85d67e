import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preparedGzip } from '../http/preparedJson.js';

/**
 * Routes that send a stored file as it was uploaded: with its length and a strong ETag that a
 * compressed copy would not match (RFC 9110 §8.8.3), and mostly in formats that are compressed
 * already (PDF, images, office files). They are sent as they are.
 */
const storedFileRoutes = ['/spapi/data/v2/file/', '/spapi/data/v2/image/'];

/**
 * Answers up to this size are compressed in one call, larger ones (and every stream) through a
 * compression stream. The library's default on two cores is 8 kB, which sends a page of fifty rows
 * through the stream: that cost about 1 ms of CPU a call, compressing it at once 0.06 ms (brotli
 * quality 4 takes about 1 ms for 256 kB, decision 0134).
 */
const syncCompressionLimit = 256 * 1024;

/** Answers under this size are sent as they are (the compressor's own default). */
const compressionThreshold = 1024;

/**
 * Compresses answers as the caller's Accept-Encoding asks (brotli, else gzip; decision 0037): JSON,
 * the HTML shell, CSV exports (streamed through the compressor, so memory stays bounded), once they
 * are over 1 kB. The web app's assets are compressed at build time and sent as they are (their
 * Content-Encoding is set, so this leaves them alone). Request bodies are not decompressed: the API
 * takes JSON and uploads as sent. Register it before any route.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (storedFileRoutes.some((prefix) => route.url.startsWith(prefix))) route.compress = false;
  });
  sendPreparedGzip(app);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    syncThreshold: syncCompressionLimit,
    threshold: compressionThreshold,
  });
}

/**
 * An answer whose gzip was prepared (a kept report answer, decision 0146) is sent as that gzip
 * when the caller takes gzip, even where it would rather have brotli: compressing it all again
 * cost about a third of answering it. Its hooks run before the compressor's, which then leaves the
 * encoded answer alone.
 */
function sendPreparedGzip(app: FastifyInstance) {
  const prepared = new WeakMap<FastifyReply, { text: string; gzip: () => Buffer }>();
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const answer = preparedGzip(payload);
    // A small answer is left unencoded, as the compressor leaves it.
    if (answer && answer.text.length >= compressionThreshold && takesGzip(request))
      prepared.set(reply, answer);
    done(null, payload);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const answer = prepared.get(reply);
    // Only the answer as written, not an error sent in its place.
    if (answer === undefined || payload !== answer.text) return done(null, payload);
    const body = answer.gzip();
    varyOnEncoding(reply);
    reply.header('content-encoding', 'gzip');
    reply.header('content-length', body.length);
    done(null, body);
  });
}

/** Adds Accept-Encoding to the answer's Vary, as the compressor does for what it compresses. */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding'))
    reply.header('vary', `${vary}, accept-encoding`);
}

/** Whether the caller takes gzip, as the compressor reads Accept-Encoding (`*` and x-gzip are gzip). */
function takesGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined || request.headers['x-no-compression'] !== undefined) return false;
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ['gzip']) === 'gzip';
}
