import { type EntityId, type IdOrAlias, sysType } from '@plinth/schema';
import { permittedIds } from '../access/rowChecks.js';
import type { RequestContext } from '../context.js';
import { selectEntities, updateEntity } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { resolveIds } from '../entities/readEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { forbidden, notFound } from '../http/errors.js';
import { formChangeMarker } from './formDefinitions.js';

/**
 * POST form/forcerefresh (spec 03 §7; decision 0075): every cached copy of these forms, in every
 * browser, is dropped at its next revalidation. The server keeps no copy of a stored form, so the
 * call moves each form's version on (its change marker follows). Only someone who may change a
 * form may refresh it; a form the caller cannot read is a 404 like a missing one.
 */
export async function forceRefreshForms(
  ctx: RequestContext,
  refs: readonly IdOrAlias[],
): Promise<Record<string, string>> {
  const ids = [...new Set(await resolveIds(ctx.db, ctx.tenantId, refs))];
  return inTransaction(ctx, async (tx) => {
    // Forms are served to whoever may read their type's records: refusing a refresh reveals nothing.
    const rows = await selectEntities(systemQuery(tx.db, 'catalogue'), tx.tenantId, ids);
    if (rows.length !== ids.length || rows.some((r) => r.typeId !== sysType.form)) throw notFound();
    const modifiable = await permittedIds(tx, 'modify', rows);
    if (rows.some((r) => !modifiable.has(r.id))) throw forbidden();
    const now = tx.clock.now().toISOString();
    const markers: Record<string, string> = {};
    for (const row of rows) {
      const touched = { ...row, version: row.version + 1, modifiedAt: now, modifiedBy: tx.actor.userId };
      if (!(await updateEntity(tx.db, tx.tenantId, touched, row.version))) throw notFound();
      markers[String(row.id as EntityId)] = await formChangeMarker(tx, {
        id: row.id,
        version: touched.version,
      });
    }
    return markers;
  });
}
