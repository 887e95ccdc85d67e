import {
  type EntityId,
  type FieldDef,
  firstUserId,
  idOrAlias,
  schemaFromRecords,
  sysRel,
  sysType,
  validateFieldValue,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';
import { deleteWithDependents } from '../entities/putEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, notFound } from '../http/errors.js';
import { requireAdmin } from '../users/requireAdmin.js';
import { fieldInUseMessage, isFieldInUse, readFieldUsage } from './fieldUsage.js';
import { removeStoredValues, valuesAgainst } from './fieldValueChanges.js';

const tags = ['schema'];

/**
 * The schema editor's calls about one field (decision 0107), for administrators only: what uses
 * it, what a proposed change would make of the values stored now, and deleting it with its values
 * once their count was confirmed.
 */
export async function fieldAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ idOrAlias });

  r.get(
    '/spapi/data/v1/schema/field/:idOrAlias/usage',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'The forms, pages, reports and calculations using a field, and how many records hold a value',
        params,
      },
    },
    async (request) => readFieldUsage(request.ctx, userFieldOrThrow(request.ctx, request.params.idOrAlias)),
  );

  r.post(
    '/spapi/data/v1/schema/field/:idOrAlias/impact',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'What a change of a field (its properties by script name, as a put sends them) would make of the stored values',
        params,
        body: z.object({ fields: z.record(z.string().max(100), z.unknown()) }).strict(),
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const before = userFieldOrThrow(ctx, request.params.idOrAlias);
      const after = await proposedField(ctx, before, request.body.fields);
      const { valueCount, broken, missing } = await valuesAgainst(ctx, before, after);
      return { valueCount, broken, missing, typeChanged: before.type !== after.type };
    },
  );

  r.post(
    '/spapi/data/v1/schema/field/:idOrAlias/delete',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Deletes a field nothing uses, with the values the caller confirmed',
        params,
        body: z.object({ valueCount: z.number().int().nonnegative() }).strict(),
      },
    },
    async (request) => {
      const field = userFieldOrThrow(request.ctx, request.params.idOrAlias);
      return inTransaction(request.ctx, async (ctx) => {
        const usage = await readFieldUsage(ctx, field);
        if (isFieldInUse(usage)) throw new AppError('conflict', fieldInUseMessage(usage), usage);
        // The confirmation named a count: more or fewer values now means the user confirmed something else.
        if (usage.valueCount !== request.body.valueCount)
          throw new AppError(
            'conflict',
            `The field now has values in ${usage.valueCount} records, not ${request.body.valueCount}. Check again before deleting.`,
            usage,
          );
        await removeStoredValues(ctx, field.id);
        await deleteWithDependents(ctx, [field.id]);
        return { deleted: field.id, valueCount: usage.valueCount };
      });
    },
  );
}

/** A field the tenant made (never a catalogue one), by id or alias; else 404. */
function userFieldOrThrow(ctx: RequestContext, ref: string | number): FieldDef {
  const id: EntityId | undefined =
    typeof ref === 'number' || /^\d+$/.test(String(ref))
      ? Number(ref)
      : [...ctx.schema.types()].flatMap((t) => ctx.schema.fieldsOf(t.id)).find((f) => f.alias === ref)?.id;
  const field = id === undefined ? undefined : ctx.schema.field(id);
  if (!field || field.id < firstUserId || ctx.perms.forType(sysType.field).read === 'none') throw notFound();
  return field;
}

/**
 * The field as the change would leave it: its stored record with the changed properties laid
 * over, read the way the schema reads every field. Values a put would refuse are left out here;
 * the put itself says what is wrong with them.
 */
async function proposedField(
  ctx: RequestContext,
  before: FieldDef,
  changes: Record<string, unknown>,
): Promise<FieldDef> {
  const [row] = await tenantScope(ctx).readRecords([before.id]);
  if (!row) throw notFound();
  const data = { ...row.data };
  for (const [key, value] of Object.entries(changes)) {
    const member = ctx.schema.member(sysType.field, key);
    if (member?.kind !== 'field') continue;
    const checked = validateFieldValue(member.field, value);
    if (checked.ok) data[String(member.field.id)] = checked.value;
  }
  const proposed = schemaFromRecords(
    [{ ...row, data }],
    [{ relId: sysRel.fieldIsOnType, fromId: before.id, toId: before.typeId }],
  ).field(before.id);
  return proposed ?? before;
}
