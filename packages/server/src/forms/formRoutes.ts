import { formResponse, formValidateRequest, formValidateResponse, idOrAlias } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultFormForCaller, formResponseOf, loadForm } from './formDefinitions.js';
import { validateForm } from './validateForm.js';

const tags = ['forms'];
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** The form calls of spec 03 §7: a form, a type's default form, and checking a record against a form. */
export async function formRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/spapi/data/v1/form/:idOrAlias',
    {
      schema: {
        tags,
        summary: 'A stored form definition',
        params: z.object({ idOrAlias }),
        querystring: z.object({ designmode: flag }),
        response: { 200: formResponse },
      },
    },
    async (request) => formResponseOf(await loadForm(request.ctx, request.params.idOrAlias)),
  );
  r.get(
    '/spapi/data/v1/type/:idOrAlias/defaultForm',
    {
      schema: {
        tags,
        summary: "A type's default edit form, or one generated from its fields and relationships",
        params: z.object({ idOrAlias }),
        querystring: z.object({ forceGenerate: flag }),
        response: { 200: formResponse },
      },
    },
    async (request) =>
      formResponseOf(
        await defaultFormForCaller(request.ctx, request.params.idOrAlias, {
          forceGenerate: request.query.forceGenerate,
        }),
      ),
  );
  r.post(
    '/spapi/data/v1/form/validate',
    {
      schema: {
        tags,
        summary:
          'Check a record, as changed on a form, against the form: required values and custom validations',
        body: formValidateRequest,
        response: { 200: formValidateResponse },
      },
    },
    async (request) => validateForm(request.ctx, request.body),
  );
}
