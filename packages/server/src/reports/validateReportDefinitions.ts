import { type EntityRef, isStructureLevelOperator, sysField, sysType } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import type { EntityRow } from '../data/entityRepository.js';
import { calculationSql } from '../data/sql/calculationSql.js';
import { columnValueForCheck } from '../data/sql/sqlFragments.js';
import type { MemberError } from '../entities/relationshipChanges.js';
import { AppError } from '../http/errors.js';
import { aggregateSql } from './aggregateSql.js';
import { parseDefinition } from './loadReport.js';
import { resolveColumns } from './resolveColumns.js';

/**
 * Checks the definitions of written reports against the schema, so a report that would fail to
 * run is refused when it is saved, with the reason.
 */
export function validateReportDefinitions(
  ctx: RequestContext,
  rows: readonly EntityRow[],
  refOf: (id: number) => EntityRef,
): MemberError[] {
  const errors: MemberError[] = [];
  for (const row of rows) {
    if (row.typeId !== sysType.report) continue;
    const member = 'reportDefinition';
    try {
      const def = parseDefinition(row.data[String(sysField.reportDefinition)] ?? null);
      const columns = new Map(resolveColumns(ctx.schema, def).map((c) => [c.id, c]));
      const refs = [
        ...def.conditions.map((c) => c.columnId),
        ...def.sorts.map((s) => s.columnId),
        ...def.groups.map((g) => g.columnId),
        ...def.aggregates.map((a) => a.columnId),
      ];
      const unknown = refs.find((id) => !columns.has(id));
      if (unknown !== undefined) throw new AppError('bad_request', `Unknown column '${unknown}'.`);
      for (const id of refs) {
        const c = columns.get(id)!;
        // Sorting, filtering and totals by a calculated field need its SQL translation.
        if (c.kind === 'field' && c.field.type === 'Calculation')
          calculationSql(ctx, c.field, 'e0', { timeZone: 'UTC', now: ctx.clock.now() });
      }
      for (const cond of def.conditions) {
        const c = columns.get(cond.columnId)!;
        // A structure-level condition needs a relationship to an object with a structure.
        if (cond.oper && isStructureLevelOperator(cond.oper) && !(c.kind === 'relationship' && c.structure))
          throw new AppError(
            'bad_request',
            `Condition '${cond.id}': the operator ${cond.oper} applies to relationships to objects with a structure only.`,
          );
      }
      for (const a of def.aggregates) {
        for (const kind of a.kinds)
          aggregateSql(ctx.engine, kind, columns.get(a.columnId)!, columnValueForCheck);
      }
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      errors.push({ id: refOf(row.id), member, message: e.message });
    }
  }
  return errors;
}
