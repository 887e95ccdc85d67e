import { formServiceMessages, type IdOrAlias } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';
import { resolveIds } from '../entities/readEntities.js';
import { AppError, forbidden } from '../http/errors.js';
import { canReadType, defaultFormOf, type LoadedForm } from './formDefinitions.js';

const noForm = () => new AppError('not_found', formServiceMessages.noInstanceForm);

/**
 * GET instance/{idOrAlias} (spec 03 §7): the form a record is shown with — its type's default
 * form, or with `forceGenerate` the one generated from the type. A record the caller cannot read,
 * or of another tenant, answers like a missing one: 'Unable to get form for instance.'
 */
export async function instanceForm(
  ctx: RequestContext,
  ref: IdOrAlias,
  options: { forceGenerate?: boolean } = {},
): Promise<LoadedForm> {
  let id: number;
  try {
    [id] = (await resolveIds(ctx.db, ctx.tenantId, [ref])) as [number];
  } catch {
    throw noForm();
  }
  const [row] = await tenantScope(ctx).readRecords([id]);
  const type = row ? ctx.schema.type(row.typeId) : undefined;
  if (!type) throw noForm();
  if (!canReadType(ctx, type.id)) throw forbidden();
  return defaultFormOf(ctx, type, options);
}
