import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../http/errors.js';
import { calculationReferenceHtml } from './calculationReference.js';
import { badDocsTarget, docsRedirectPath } from './docsTarget.js';

/**
 * The product's documentation (decision 0080): the calculation reference at
 * /docs/sample-calculations, and the auth-redirect call the expression editor's Help opens
 * (spec 03 §7). Documentation is public: neither needs a session, and the redirect goes only to a
 * page of this site.
 */
export async function docsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  let page: string | undefined;

  r.get(
    '/spapi/data/v1/docs/authredirect',
    {
      schema: {
        tags: ['docs'],
        summary: 'Redirect to a documentation page (the expression editor’s Help)',
        querystring: z.object({
          target: z
            .string()
            .max(4000)
            .optional()
            .describe('a documentation path, e.g. /docs/sample-calculations'),
        }),
      },
    },
    async (request, reply) => {
      const to = docsRedirectPath(request.query.target);
      if (!to) throw badRequest(badDocsTarget);
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );

  // The documentation's root is the one page it has.
  for (const url of ['/docs', '/docs/'])
    r.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect('/docs/sample-calculations', 302),
    );

  r.get('/docs/sample-calculations', { schema: { hide: true } }, async (_request, reply) => {
    page ??= calculationReferenceHtml();
    return reply
      .header('cache-control', 'public, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
      )
      .type('text/html; charset=utf-8')
      .send(page);
  });
}
