import type { BehaviourExpression, PageVariable } from '@plinth/schema';
import type { PageContext } from './pageRendererTypes';

/** One parameter of the evaluation call (the server's evalParam). */
export interface EvalParam {
  name: string;
  type: string;
  isList?: boolean;
  entityTypeId?: number;
  value?: unknown;
  entityId?: number;
  entityIds?: number[];
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** A page variable's value as a parameter: records by id (one or a list), other values as they are. */
function variableParam(variable: PageVariable, value: unknown): EvalParam {
  const base = {
    name: variable.name,
    type: variable.type,
    isList: variable.isList,
    ...(variable.entityTypeId ? { entityTypeId: variable.entityTypeId } : {}),
  };
  if (variable.type !== 'Entity') return { ...base, ...(value === undefined ? {} : { value }) };
  const ids = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .map((v) => (typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : v))
    .filter(isId)
    .slice(0, 10_000);
  return variable.isList ? { ...base, entityIds: ids } : { ...base, ...(ids[0] ? { entityId: ids[0] } : {}) };
}

/**
 * The page variables an evaluation takes (spec 01 §3, spec 03 §3): the built-ins PageInput (the
 * page's record), Page and App (their records), and the page's own variables with the values its
 * components published, else their stored values. Only variables an expression names are sent
 * (`[Name]`), so a record the user may not read never fails an unrelated rule.
 */
export function pageParams(
  context: PageContext,
  variables: readonly PageVariable[],
  published: ReadonlyMap<string, unknown>,
  expressions: readonly Pick<BehaviourExpression, 'expression'>[],
): EvalParam[] {
  const text = expressions.map((e) => e.expression.toLowerCase()).join('\n');
  const named = (name: string) => text.includes(`[${name.toLowerCase()}]`);
  const params: EvalParam[] = [];
  if (context.record && named('PageInput'))
    params.push({
      name: 'PageInput',
      type: 'Entity',
      entityTypeId: context.record.typeId,
      entityId: context.record.id,
    });
  if (named('Page')) params.push({ name: 'Page', type: 'Entity', entityId: context.page.id });
  if (named('App')) params.push({ name: 'App', type: 'Entity', entityId: context.app.id });
  const builtIn = new Set(['pageinput', 'page', 'app']);
  for (const variable of variables) {
    if (builtIn.has(variable.name.toLowerCase()) || !named(variable.name)) continue;
    const value = published.has(variable.name) ? published.get(variable.name) : variable.value;
    params.push(variableParam(variable, value));
  }
  return params;
}
