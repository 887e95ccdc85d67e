import {
  behaviorCalcDependenciesResponse,
  evalCalcFieldsForNewRequest,
  evalCalcFieldsForNewResponse,
  formDataRequest,
  formDataResponse,
  formForceRefreshRequest,
  formForceRefreshResponse,
  formResponse,
  formValidateRequest,
  formValidateResponse,
  idOrAlias,
  relatedRecordsSaveRequest,
  relatedRecordsSaveResponse,
  runCustomValidationRequest,
  runCustomValidationResponse,
} from '@plinth/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { behaviorCalcDependencies } from './behaviorDependencies.js';
import { evalCalcFieldsForNew } from './evalCalcFieldsForNew.js';
import { forceRefreshForms } from './forceRefresh.js';
import { formData } from './formData.js';
import {
  defaultFormForCaller,
  formChangeMarker,
  formResponseOf,
  type LoadedForm,
  loadForm,
} from './formDefinitions.js';
import { instanceForm } from './instanceForm.js';
import { runPageCustomValidation } from './pageCustomValidation.js';
import { saveRelatedRecords } from './relatedRecords.js';
import { validateForm } from './validateForm.js';

const tags = ['forms'];
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/**
 * Answers a form with its change marker as the ETag; a caller whose cached copy has that marker
 * (If-None-Match) gets 304 and keeps it (decision 0075).
 */
async function withMarker<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  form: LoadedForm,
  answer: (marker: string) => T,
): Promise<T> {
  const marker = await formChangeMarker(request.ctx, form);
  const etag = `"${marker}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((t) => t.trim() === etag)) {
    // Sent here, without a body; fastify takes the reply as answered.
    return reply.code(304).send() as unknown as T;
  }
  return answer(marker);
}

/** The form and data service calls of spec 03 §7. */
export async function formRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/spapi/data/v1/form/:idOrAlias',
    {
      schema: {
        tags,
        summary: 'A stored form definition (designmode: every control, for those who may change it)',
        params: z.object({ idOrAlias }),
        querystring: z.object({ designmode: flag }),
        response: { 200: formResponse },
      },
    },
    async (request, reply) => {
      const designMode = request.query.designmode;
      const form = await loadForm(request.ctx, request.params.idOrAlias, { designMode });
      return withMarker(request, reply, form, (changeMarker) =>
        formResponseOf(form, { designMode, changeMarker }),
      );
    },
  );
  r.get(
    '/spapi/data/v1/instance/:idOrAlias',
    {
      schema: {
        tags,
        summary:
          "The form a record is shown with: its type's default form (forceGenerate: the generated one)",
        params: z.object({ idOrAlias }),
        querystring: z.object({ forceGenerate: flag }),
        response: { 200: formResponse },
      },
    },
    async (request, reply) => {
      const form = await instanceForm(request.ctx, request.params.idOrAlias, {
        forceGenerate: request.query.forceGenerate,
      });
      return withMarker(request, reply, form, (changeMarker) => formResponseOf(form, { changeMarker }));
    },
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
    async (request, reply) => {
      const form = await defaultFormForCaller(request.ctx, request.params.idOrAlias, {
        forceGenerate: request.query.forceGenerate,
      });
      return withMarker(request, reply, form, (changeMarker) => formResponseOf(form, { changeMarker }));
    },
  );
  r.get(
    '/spapi/data/v1/form/behaviorCalcDependencies/:idOrAlias',
    {
      schema: {
        tags,
        summary: "What each control's custom validation and calculation read of the record",
        params: z.object({ idOrAlias }),
        response: { 200: behaviorCalcDependenciesResponse },
      },
    },
    async (request, reply) => {
      const form = await loadForm(request.ctx, request.params.idOrAlias);
      return withMarker(request, reply, form, (changeMarker) => ({
        behaviorCalcDependencies: behaviorCalcDependencies(request.ctx.schema, form),
        changeMarker,
      }));
    },
  );
  r.post(
    '/spapi/data/v1/form/data',
    {
      schema: {
        tags,
        summary: 'The record a form shows, and its controls hidden or read-only from the start',
        body: formDataRequest,
        response: { 200: formDataResponse },
      },
    },
    async (request) => formData(request.ctx, request.body),
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
  r.post(
    '/spapi/data/v1/form/evalCalcFieldsForNew',
    {
      schema: {
        tags,
        summary: 'The calculated fields of a new unsaved record, evaluated with the values entered so far',
        body: evalCalcFieldsForNewRequest,
        response: { 200: evalCalcFieldsForNewResponse },
      },
    },
    async (request) => evalCalcFieldsForNew(request.ctx, request.body),
  );
  r.post(
    '/spapi/data/v1/form/forcerefresh',
    {
      schema: {
        tags,
        summary: 'Make every cached copy of these forms out of date',
        body: formForceRefreshRequest,
        response: { 200: formForceRefreshResponse },
      },
    },
    async (request) => ({ changeMarkers: await forceRefreshForms(request.ctx, request.body) }),
  );
  r.post(
    '/spapi/data/v1/form/relatedRecords',
    {
      schema: {
        tags,
        summary: "Relate records to a record through a relationship control, with the control's filters",
        body: relatedRecordsSaveRequest,
        response: { 200: relatedRecordsSaveResponse },
      },
    },
    async (request) => saveRelatedRecords(request.ctx, request.body),
  );
  r.post(
    '/spapi/data/v1/appManagement/runCustomValidation',
    {
      schema: {
        tags,
        summary: "Run the custom validations of a page's components on its record; errors by component id",
        body: runCustomValidationRequest,
        response: { 200: runCustomValidationResponse },
      },
    },
    async (request) => runPageCustomValidation(request.ctx, request.body),
  );
}
