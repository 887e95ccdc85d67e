import { compile } from '@plinth/calc';
import {
  customValidationText,
  type PageComponent,
  type RunCustomValidationRequest,
  type RunCustomValidationResponse,
} from '@plinth/schema';
import { z } from 'zod';
import { loadPageById } from '../apps/public.js';
import { evalParam } from '../calc/calcContracts.js';
import { paramValues, toCalcParams } from '../calc/calcService.js';
import type { RequestContext } from '../context.js';
import { calcSchemaOf } from '../data/calcSchema.js';
import { resolveIds } from '../entities/readEntities.js';
import { badRequest, invalidShape } from '../http/errors.js';
import { customValidationProblem, FormCalcData, outcomeOf } from './customValidation.js';
import { type RecordAfterChange, recordAfterChange } from './recordAfterChange.js';

/** A component a custom validation runs for, with the member key it is bound to. */
interface Checked {
  component: PageComponent;
  expression: string;
  key: string | undefined;
  alwaysValidate: boolean;
}

const truthy = (v: unknown) => v === true || v === 'true';

/**
 * Whether a page component's custom validation runs (spec 03 §5): a non-blank calculation on a
 * component that is not hidden, read-only or excluded by the page (outside the active multistep
 * section…); a field component unless it shows an auto-number; a relationship component only when
 * displayed inline.
 */
function checkedComponent(
  ctx: RequestContext,
  record: RecordAfterChange,
  c: PageComponent,
  excluded: ReadonlySet<string>,
): Checked | undefined {
  const expression = c.customValidation?.expression ?? '';
  if (expression.trim() === '' || excluded.has(c.id)) return undefined;
  const ext = c.extendedProperties ?? {};
  if (ext.isHidden || truthy(c.properties.isReadOnly) || truthy(c.properties.readOnly)) return undefined;
  let key: string | undefined;
  if (ext.fieldId !== undefined) {
    const member = ctx.schema.member(record.type.id, `#${ext.fieldId}`);
    if (member?.kind !== 'field') return undefined;
    const f = member.field;
    if (f.type === 'AutoNumber' || f.type === 'Calculation' || f.isReadOnly) return undefined;
    key = `#${f.id}`;
  } else if (ext.relationshipId !== undefined) {
    if (c.style.displayAs !== 'inline') return undefined;
    const direction = ext.relationshipDirection ?? 'fwd';
    const member = ctx.schema.member(record.type.id, `#${ext.relationshipId}:${direction}`);
    if (member?.kind !== 'relationship' || member.rel.column) return undefined;
    key = `#${member.rel.id}:${direction}`;
  }
  return { component: c, expression, key, alwaysValidate: c.customValidation?.alwaysValidate === true };
}

/**
 * POST appManagement/runCustomValidation (spec 03 §5, §7): the custom validations of a page's
 * components on the page's record as edited, with the page's variables as parameters. Skipped in
 * build mode; for an existing record, only when something changed or a component always validates.
 * Errors keyed by component id: the component's message, then the calculation's own, joined by a
 * space. The page must be one the caller may open; the record one they may read.
 */
export async function runPageCustomValidation(
  ctx: RequestContext,
  req: RunCustomValidationRequest,
): Promise<RunCustomValidationResponse> {
  if (req.isBuildMode) return { errors: {} };
  const [pageId] = await resolveIds(ctx.db, ctx.tenantId, [req.pageId]);
  const page = await loadPageById(ctx, pageId!, false);
  const data = req.contextEntityData;
  if (data.id === undefined && data.typeId === undefined)
    throw badRequest('The context entity data needs the record id or, for a new record, its typeId.');
  const record = await recordAfterChange(ctx, data);
  if (record.unknown.length > 0) throw badRequest(record.unknown[0]!.message, { errors: record.unknown });
  const pageType = page.content.contextEntityTypeId;
  if (pageType !== null && !ctx.schema.isA(record.type.id, pageType))
    throw badRequest(`The page is not for records of '${record.type.name}'.`);

  if (!record.isNew && (req.changedFields !== undefined || req.changedRelationships !== undefined)) {
    // What the page says it changed, beside what differs from the stored record.
    for (const name of [...(req.changedFields ?? []), ...(req.changedRelationships ?? [])]) {
      const member = ctx.schema.member(record.type.id, name);
      if (!member) throw badRequest(`'${name}' is not a member of '${record.type.name}'.`);
      record.changed.add(
        member.kind === 'field' ? `#${member.field.id}` : `#${member.rel.id}:${member.direction}`,
      );
    }
  }
  const somethingChanged = record.isNew || record.changed.size > 0;
  const excluded = new Set(req.excludedComponents);
  const checked = page.content.components
    .map((c) => checkedComponent(ctx, record, c, excluded))
    .filter((c): c is Checked => c !== undefined && (somethingChanged || c.alwaysValidate));
  if (checked.length === 0) return { errors: {} };

  const params = z.array(evalParam).safeParse(req.params);
  if (!params.success) throw invalidShape('Invalid params provided.', params.error.issues);
  const calcData = new FormCalcData(ctx, record);
  const values = await paramValues(calcData, params.data);
  const calcParams = toCalcParams(ctx, params.data);
  const context = { id: String(record.row.id), typeId: String(record.type.id) };
  const errors: Record<string, string[]> = {};
  await Promise.all(
    checked.map(async (c) => {
      const compiled = compile(c.expression, {
        schema: calcSchemaOf(ctx.schema),
        contextTypeId: String(record.type.id),
        host: 'Evaluate',
        params: calcParams,
      });
      const problem = customValidationProblem(compiled);
      const outcome = problem
        ? { ok: false as const, text: `The custom validation could not run: ${problem}` }
        : outcomeOf(await calcData.evaluate(compiled, context, values));
      if (!outcome.ok)
        errors[c.component.id] = [
          customValidationText(c.component.customValidation?.errorMessage, outcome.text),
        ];
    }),
  );
  return { errors };
}
