import { type EntityId, idOrAlias, sysType } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../context.js';
import { systemQuery } from '../data/systemQuery.js';
import { deleteWithDependents } from '../entities/putEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, badRequest, notFound } from '../http/errors.js';
import { requireAdmin } from '../users/requireAdmin.js';
import { createTypeReport } from './typeReports.js';
import { isTypeInUse, readTypeUsage, type TypeUsage, usedByMessage } from './typeUsage.js';

const tags = ['schema'];

/** Records deleted per statement batch when an Object goes with its records. */
const deleteBatch = 500;

/**
 * The schema editor's calls about whole Objects (decision 0095), for administrators only: the
 * tenant's Objects, what uses one, a report of its records (decision 0111), and deleting one with
 * its records once the count was confirmed.
 */
export async function typeAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/spapi/data/v1/schema/types',
    { onRequest: requireAdmin, schema: { tags, summary: 'The tenant’s Objects, system ones included' } },
    async (request) => ({
      types: [...request.ctx.schema.types()].map((t) => ({
        id: t.id,
        alias: t.alias ?? null,
        name: t.name,
        scriptName: t.scriptName,
        description: t.description ?? null,
        inheritsId: t.inheritsId ?? null,
        isAbstract: t.isAbstract,
        isChoiceType: t.isChoiceType,
        isSystem: t.isSystem,
        iconImageId: t.iconImageId ?? null,
      })),
    }),
  );

  r.get(
    '/spapi/data/v1/schema/type/:idOrAlias/usage',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'The forms, pages, reports, relationships and derived Objects using an Object, and its record count',
        params: z.object({ idOrAlias }),
      },
    },
    async (request) => readTypeUsage(request.ctx, userTypeOrThrow(request.ctx, request.params.idOrAlias)),
  );

  r.post(
    '/spapi/data/v1/schema/type/:idOrAlias/report',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Makes a saved report of an Object’s records, every column, named after the Object',
        params: z.object({ idOrAlias }),
        response: { 200: z.object({ id: z.number(), name: z.string() }) },
      },
    },
    async (request) => {
      const typeId = userTypeOrThrow(request.ctx, request.params.idOrAlias);
      if (request.ctx.schema.typeOrThrow(typeId).isAbstract)
        throw badRequest('An abstract Object has no records of its own to list.');
      return createTypeReport(request.ctx, typeId);
    },
  );

  r.post(
    '/spapi/data/v1/schema/type/:idOrAlias/delete',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Deletes an Object nothing uses, with the records the caller confirmed',
        params: z.object({ idOrAlias }),
        body: z.object({ recordCount: z.number().int().nonnegative() }).strict(),
      },
    },
    async (request) => {
      const typeId = userTypeOrThrow(request.ctx, request.params.idOrAlias);
      return inTransaction(request.ctx, async (ctx) => {
        const usage = await readTypeUsage(ctx, typeId);
        if (isTypeInUse(usage)) throw new AppError('conflict', inUseMessage(usage), usage);
        // The confirmation named a count: more or fewer records now means the user confirmed something else.
        if (usage.recordCount !== request.body.recordCount)
          throw new AppError(
            'conflict',
            `The Object now has ${usage.recordCount} records, not ${request.body.recordCount}. Check again before deleting.`,
            usage,
          );
        await deleteRecordsOf(ctx, typeId);
        await deleteWithDependents(ctx, [typeId]);
        return { deleted: typeId, recordCount: usage.recordCount };
      });
    },
  );
}

/** A type the tenant made (never a catalogue one), by id or alias; else 404. */
function userTypeOrThrow(ctx: RequestContext, idOrAliasValue: string | number): EntityId {
  const type = ctx.schema.type(idOrAliasValue);
  if (!type || type.isSystem || ctx.perms.forType(sysType.type).read === 'none') throw notFound();
  return type.id;
}

async function deleteRecordsOf(ctx: RequestContext, typeId: EntityId): Promise<void> {
  for (;;) {
    const ids = await systemQuery(ctx.db, 'write integrity')
      .selectFrom('entities')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('type_id', '=', typeId)
      .limit(deleteBatch)
      .execute();
    if (ids.length === 0) return;
    await deleteWithDependents(
      ctx,
      ids.map((r) => r.id),
    );
  }
}

/** The refusal names every use, so the user knows what to change first. */
export function inUseMessage(usage: TypeUsage): string {
  return usedByMessage('Object', [
    ['Forms', usage.forms],
    ['Pages', usage.pages],
    ['Reports', usage.reports],
    ['Relationships', usage.relationships],
    ['Derived Objects', usage.derivedTypes],
  ]);
}
