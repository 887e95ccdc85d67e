import type { PageVariable } from '@plinth/schema';

/**
 * The runner's runtime options (spec 01 §2 `rtOptions`, "Page options are passed as base64-encoded
 * JSON"; decision 0108): what a link that opens a page may ask of its frame, and values for the
 * page's own variables. Each option is read on its own: one of the wrong kind is left out, the
 * rest still apply, and anything not named here is ignored.
 */
export interface RuntimeOptions {
  /** false: the app menu is not shown (a page embedded in another screen). */
  showMenu?: boolean;
  /** false: the breadcrumb bar is not shown (the visit is still recorded). */
  showBreadcrumbs?: boolean;
  /** Shows or hides the page's title bar, whatever the page says. */
  showTitleBar?: boolean;
  /** Values for the page's variables, by name; each must fit its variable's type. */
  variables: Readonly<Record<string, unknown>>;
}

const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/** The options in a decoded `rtOptions` object; none for null. */
export function readRuntimeOptions(raw: Readonly<Record<string, unknown>> | null): RuntimeOptions {
  const options: RuntimeOptions = { variables: {} };
  if (!raw) return options;
  const showMenu = flag(raw.showMenu);
  const showBreadcrumbs = flag(raw.showBreadcrumbs);
  const showTitleBar = flag(raw.showTitleBar);
  if (showMenu !== undefined) options.showMenu = showMenu;
  if (showBreadcrumbs !== undefined) options.showBreadcrumbs = showBreadcrumbs;
  if (showTitleBar !== undefined) options.showTitleBar = showTitleBar;
  const variables = raw.variables;
  if (variables !== null && typeof variables === 'object' && !Array.isArray(variables))
    options.variables = variables as Record<string, unknown>;
  return options;
}

const maxText = 10_000;
const maxList = 1000;
const datePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const isDate = (v: unknown): v is string =>
  typeof v === 'string' && datePattern.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** One value as a variable of this type takes it (spec 01 §5 "values must match type"), or undefined. */
function scalarOf(type: PageVariable['type'], value: unknown): unknown {
  switch (type) {
    case 'Bool':
      return typeof value === 'boolean' ? value : undefined;
    case 'Int32':
      return Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647 ? value : undefined;
    case 'Decimal':
    case 'Currency':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'String':
      return typeof value === 'string' && value.length <= maxText ? value : undefined;
    case 'Date':
      return isDate(value) ? value : undefined;
    case 'DateTime':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}T/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? value
        : undefined;
    case 'Time':
      return typeof value === 'string' && timePattern.test(value) ? value : undefined;
    case 'Entity':
      return Number.isSafeInteger(value) && (value as number) > 0 ? value : undefined;
  }
}

/** A variable's value from the options: a list of values of its type, or one; undefined if it does not fit. */
export function variableValueOf(variable: PageVariable, value: unknown): unknown {
  if (!variable.isList) return scalarOf(variable.type, value);
  if (!Array.isArray(value) || value.length > maxList) return undefined;
  const values = value.map((v) => scalarOf(variable.type, v));
  return values.every((v) => v !== undefined) ? values : undefined;
}

/**
 * The page's variables with the values the options give them (names match case-insensitively);
 * a variable the options do not name, or give a value that does not fit, keeps its own.
 */
export function withOptionValues(
  variables: readonly PageVariable[],
  values: Readonly<Record<string, unknown>>,
): PageVariable[] {
  const given = new Map(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
  if (given.size === 0) return [...variables];
  return variables.map((variable) => {
    const name = variable.name.toLowerCase();
    if (!given.has(name)) return variable;
    const value = variableValueOf(variable, given.get(name));
    return value === undefined ? variable : { ...variable, value };
  });
}
