import { type EntityId, firstUserId, idOrAlias, sysType } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../context.js';
import { deleteWithDependents } from '../entities/putEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, notFound } from '../http/errors.js';
import { requireAdmin } from '../users/requireAdmin.js';
import { reportsListing } from './relationshipRules.js';
import {
  deleteLinksOf,
  isRelationshipInUse,
  type RelationshipUsage,
  readRelationshipUsage,
} from './relationshipUsage.js';
import { usedByMessage } from './typeUsage.js';

const tags = ['schema'];

/**
 * The schema editor's calls about one relationship (decision 0100), for administrators only: what
 * uses it, and deleting it with its links once their count was confirmed.
 */
export async function relationshipAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/spapi/data/v1/schema/relationship/:idOrAlias/usage',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The forms, pages and reports using a relationship, and how many links it holds',
        params: z.object({ idOrAlias }),
      },
    },
    async (request) =>
      readRelationshipUsage(request.ctx, userRelationshipOrThrow(request.ctx, request.params.idOrAlias)),
  );

  r.get(
    '/spapi/data/v1/schema/type/:idOrAlias/reports',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The reports listing an Object’s records: a relationship end’s display and picker choices',
        params: z.object({ idOrAlias }),
      },
    },
    async (request) => {
      const { schema } = request.ctx;
      const type = schema.type(request.params.idOrAlias);
      if (!type || request.ctx.perms.forType(sysType.type).read === 'none') throw notFound();
      return { reports: await reportsListing(request.ctx, type.id) };
    },
  );

  r.post(
    '/spapi/data/v1/schema/relationship/:idOrAlias/delete',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Deletes a relationship nothing uses, with the links the caller confirmed',
        params: z.object({ idOrAlias }),
        body: z.object({ linkCount: z.number().int().nonnegative() }).strict(),
      },
    },
    async (request) => {
      const relId = userRelationshipOrThrow(request.ctx, request.params.idOrAlias);
      return inTransaction(request.ctx, async (ctx) => {
        const usage = await readRelationshipUsage(ctx, relId);
        if (isRelationshipInUse(usage))
          throw new AppError('conflict', relationshipInUseMessage(usage), usage);
        // The confirmation named a count: more or fewer links now means the user confirmed something else.
        if (usage.linkCount !== request.body.linkCount)
          throw new AppError(
            'conflict',
            `The relationship now links ${usage.linkCount} pairs of records, not ${request.body.linkCount}. Check again before deleting.`,
            usage,
          );
        await deleteLinksOf(ctx, relId);
        await deleteWithDependents(ctx, [relId]);
        return { deleted: relId, linkCount: usage.linkCount };
      });
    },
  );
}

/** A relationship the tenant made (never a catalogue one), by id or alias; else 404. */
function userRelationshipOrThrow(ctx: RequestContext, idOrAliasValue: string | number): EntityId {
  const rel =
    typeof idOrAliasValue === 'number' || /^\d+$/.test(String(idOrAliasValue))
      ? ctx.schema.relationship(Number(idOrAliasValue))
      : [...ctx.schema.relationships()].find((x) => x.alias === idOrAliasValue);
  if (!rel || rel.id < firstUserId || ctx.perms.forType(sysType.relationship).read === 'none')
    throw notFound();
  return rel.id;
}

/** The refusal names every use, so the user knows what to change first. */
export function relationshipInUseMessage(usage: RelationshipUsage): string {
  return usedByMessage('relationship', [
    ['Forms', usage.forms],
    ['Pages', usage.pages],
    ['Reports', usage.reports],
  ]);
}
