import { compile } from '@plinth/calc';
import {
  type CheckRuleResponse,
  type EntityId,
  type RuleDiagnostic,
  type Schema,
  sysType,
} from '@plinth/schema';
import { calcSchemaOf } from '../data/calcSchema.js';
import type { Engine } from '../db/tables.js';
import { currentUserParam, translateRuleFilter, withCurrentUserParam } from './ruleFilters.js';

/**
 * What an access rule's calculation compiles to for a type, as the Roles screen shows it while the
 * administrator types: every compile message with its line, column and length, and whether saving the rule
 * would accept it (the same `translateRuleFilter` the save runs, so the two never disagree). An
 * empty calculation is fine: the rule covers every record of its type.
 */
export function ruleDiagnostics(
  schema: Schema,
  engine: Engine,
  tenantId: number,
  typeId: EntityId,
  source: string,
): CheckRuleResponse {
  if (source.trim() === '') return { ok: true, diagnostics: [] };
  const diagnostics: RuleDiagnostic[] = [];
  try {
    const compiled = compile(withCurrentUserParam(source), {
      schema: calcSchemaOf(schema),
      contextTypeId: String(typeId),
      host: 'Report',
      params: [{ name: currentUserParam, type: 'Entity', entityTypeId: String(sysType.userAccount) }],
      expectedResultType: { type: 'Bool' },
    });
    for (const m of compiled.messages) {
      if (m.type === 'Suggestion') continue;
      diagnostics.push({
        severity: m.type === 'Error' ? 'error' : 'warning',
        message: m.text,
        line: m.location.line,
        column: m.location.col,
        length: m.location.length,
      });
    }
  } catch (e) {
    diagnostics.push({
      severity: 'error',
      message: e instanceof Error ? e.message : 'The calculation cannot run.',
      line: 1,
      column: 1,
      length: source.length,
    });
  }
  const saved = translateRuleFilter(schema, engine, tenantId, typeId, source);
  if (!saved.ok && !diagnostics.some((d) => d.severity === 'error'))
    diagnostics.push({
      severity: 'error',
      message: saved.message,
      line: 1,
      column: 1,
      length: source.length,
    });
  return { ok: saved.ok, diagnostics };
}
