import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    syncThreshold: syncCompressionLimit,
  });
}
