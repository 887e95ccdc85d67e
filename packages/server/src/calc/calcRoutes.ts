import { functionHelp, SNIPPET_GROUP, snippets } from '@plinth/calc';
import { idOrAlias, isFromMany, isToMany } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calcTypeOfStorage } from '../data/calcSchema.js';
import { badRequest } from '../http/errors.js';
import {
  compileRequest,
  compileResponse,
  evalExpressionsRequestV1,
  evalExpressionsRequestV2,
  evalExpressionsResponse,
  evalRequest,
  evalResponse,
  functionHelpResponse,
  snippetsResponse,
} from './calcContracts.js';
import { ServerCalcData } from './calcDataSource.js';
import { compileForEditor, contextRecord, evalForEditor, evaluateFor, paramValues } from './calcService.js';
import { CompileCache } from './compileCache.js';

const tags = ['calculations'];
type CompileAnswer = z.infer<typeof compileResponse>;

/**
 * The calculation calls of the expression editor and of visibility and read-only rules (spec 03 §7):
 * compile (cached 30 s per tenant and metamodel version), eval, evalExpressions v1 and v2, function
 * help and snippets. Everything runs under the caller's permissions.
 */
export async function calcRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = new CompileCache<CompileAnswer>();
  app.addHook('onClose', async () => cache.close());

  r.post(
    '/spapi/data/v1/calceditor/compile',
    {
      schema: {
        tags,
        summary: 'Compile an expression: its result type, messages with locations, and what it depends on',
        body: compileRequest,
        response: { 200: compileResponse },
      },
    },
    async (request) => {
      const { ctx } = request;
      const key = CompileCache.key(ctx.tenantId, CompileCache.schemaVersion(ctx.schema), request.body);
      const cached = cache.get(key);
      if (cached) return cached;
      const answer = compileForEditor(ctx, request.body);
      cache.set(key, answer);
      return answer;
    },
  );

  r.post(
    '/spapi/data/v1/calceditor/eval',
    {
      schema: {
        tags,
        summary: 'Evaluate an expression on a record with parameter values',
        body: evalRequest,
        response: { 200: evalResponse },
      },
    },
    async (request) => evalForEditor(request.ctx, request.body),
  );

  const evalExpressions = async (
    ctx: Parameters<typeof evalForEditor>[0],
    body: z.infer<typeof evalExpressionsRequestV2>,
  ) => {
    const names = Object.keys(body.expressions);
    if (names.length > 200) throw badRequest('At most 200 expressions can be evaluated at once.');
    const data = new ServerCalcData(ctx);
    const context = await contextRecord(data, body.contextEntity);
    const values = await paramValues(data, body.params);
    const results = await Promise.all(
      names.map((name) =>
        evaluateFor(data, body.expressions[name]!, context, 'Evaluate', body.params, values),
      ),
    );
    return Object.fromEntries(names.map((name, i) => [name, results[i]!]));
  };

  r.post(
    '/spapi/data/v1/calcEngine/evalExpressions',
    {
      schema: {
        tags,
        summary: 'Evaluate named expressions on one record (visibility and read-only rules)',
        body: evalExpressionsRequestV1,
        response: { 200: evalExpressionsResponse },
      },
    },
    async (request) => evalExpressions(request.ctx, request.body),
  );

  r.post(
    '/spapi/data/v2/calcEngine/evalExpressions',
    {
      schema: {
        tags,
        summary: 'Evaluate named expressions on one record, with parameter values',
        body: evalExpressionsRequestV2,
        response: { 200: evalExpressionsResponse },
      },
    },
    async (request) => evalExpressions(request.ctx, request.body),
  );

  r.get(
    '/spapi/data/v1/calceditor/functions',
    {
      schema: {
        tags,
        summary: "The editor's function help, and the fields and relationships of a type for hints",
        querystring: z.object({ entityTypeId: idOrAlias.optional() }),
        response: { 200: functionHelpResponse },
      },
    },
    async (request) => {
      const { schema } = request.ctx;
      const ref = request.query.entityTypeId;
      const type = ref === undefined ? undefined : schema.type(ref);
      if (ref !== undefined && !type) throw badRequest(`Unknown type ${ref}.`);
      return {
        functions: functionHelp().map((f) => ({
          ...f,
          aliases: [...f.aliases],
          signatures: [...f.signatures],
        })),
        fields: type
          ? schema.fieldsOf(type.id).map((f) => ({
              id: f.id,
              name: f.name,
              scriptName: f.scriptName,
              type: calcTypeOfStorage[f.storage],
              isCalculated: f.type === 'Calculation',
            }))
          : [],
        relationships: type
          ? schema
              .relationshipsOf(type.id)
              .filter(({ rel, direction }) => !(rel.column && direction === 'rev'))
              .map(({ rel, direction }) => ({
                id: rel.id,
                name: direction === 'fwd' ? rel.toName : rel.fromName,
                direction,
                toTypeId: direction === 'fwd' ? rel.toTypeId : rel.fromTypeId,
                isList: direction === 'fwd' ? isToMany(rel.cardinality) : isFromMany(rel.cardinality),
              }))
          : [],
      };
    },
  );

  r.get(
    '/spapi/data/v1/calceditor/snippets',
    {
      schema: {
        tags,
        summary: "The editor's snippets (one group, System)",
        response: { 200: snippetsResponse },
      },
    },
    async () => ({ group: SNIPPET_GROUP, snippets: snippets.map((s) => ({ ...s })) }),
  );
}
