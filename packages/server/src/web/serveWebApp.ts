import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors.js';
import { routeIndexHtml } from './routePreloads.js';

/**
 * Path prefixes that never get the HTML shell: the API's, whose unknown paths stay JSON 404s, and
 * the built assets', where a file that is not there (an old build's) must fail as itself.
 */
const notAppPrefixes = ['/spapi/', '/aiApi/', '/auth/', '/api/', '/health', '/assets/'];

/**
 * Where the built web app lives: `PLINTH_WEB_DIST`, else `packages/web/dist` beside this package
 * (the same from `src/web` under tsx and from `dist/web` when built).
 */
export function webDistDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PLINTH_WEB_DIST) return path.resolve(env.PLINTH_WEB_DIST);
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
}

/** Whether `npm run build` has produced the web app. */
export function isWebAppBuilt(distDir: string = webDistDir()): boolean {
  return fs.existsSync(path.join(distDir, 'index.html'));
}

/**
 * Serves the built web app from the API's process and port: hashed assets cached for a year, sent
 * as the .br or .gz copy the build wrote beside them when the browser accepts one, and index.html
 * (never cached without asking) for every other GET that is not an API path (the app routes in the
 * browser), compressed as it goes out (compressAnswers). Does nothing when the app is not built.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string = webDistDir()): Promise<void> {
  if (!isWebAppBuilt(distDir)) return;
  const indexHtmlFor = routeIndexHtml(distDir, fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The copies the build wrote (packages/web/scripts/compressAssets.mjs), each with its own ETag.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  const sendIndex = (reply: import('fastify').FastifyReply, pathname: string) =>
    reply
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(indexHtmlFor(pathname));
  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply, '/'));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      notAppPrefixes.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix))
    ) {
      return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${pathname}.`));
    }
    return sendIndex(reply, pathname);
  });
}
