import { componentType } from './componentTypes.js';
import { pageComponent, pageVariable } from './pageComponents.js';
import {
  defaultPageTitleBar,
  type PageVersionContent,
  pageTitleBar,
  pageVersionContent,
} from './pageDefinition.js';
import { type LayoutElement, layoutProblems, readPageConfiguration, safeJson } from './pageLayout.js';
import { variableValueProblem } from './variableValues.js';

/**
 * The shape a page version's stored content is in (decision 0062). A stored version keeps the
 * format it was written in (the version record's `pageVersionFormat`); reading brings it up to
 * the current format one step at a time, so a page saved long ago still loads.
 */
export const currentPageVersionFormat = 1;

/** Turns content of format n into format n + 1 (keyed by n). */
export type PageVersionMigrations = Readonly<Record<number, (content: unknown) => unknown>>;

/**
 * The steps from each older format to the next. There is no older format yet: format 2 adds
 * `1: (v1) => v2` here, and bumps `currentPageVersionFormat`; a test in pageVersionFormat.test.ts
 * shows a chain running.
 */
export const pageVersionMigrations: PageVersionMigrations = {};

/** Brings stored content of `format` to `target`; throws when a step is missing (a format from the future). */
export function migratePageVersionContent(
  content: unknown,
  format: number,
  target = currentPageVersionFormat,
  steps: PageVersionMigrations = pageVersionMigrations,
): unknown {
  let value = content;
  for (let f = format; f < target; f++) {
    const step = steps[f];
    if (!step) throw new Error(`No migration of page content from format ${f} to ${f + 1}.`);
    value = step(value);
  }
  return value;
}

export interface ReadPageVersion {
  content: PageVersionContent;
  /** Some of the stored content could not be read and was left out or replaced by defaults. */
  fellBack: boolean;
}

/**
 * A stored version's content as the runner reads it: migrated to the current format and parsed;
 * when the whole does not parse, each part is read on its own (components that do not parse are
 * left out, an unreadable layout becomes the default configuration, spec 01 §4).
 */
export function readPageVersionContent(
  stored: unknown,
  format: number | null | undefined = currentPageVersionFormat,
  steps: PageVersionMigrations = pageVersionMigrations,
): ReadPageVersion {
  const raw = typeof stored === 'string' ? safeJson(stored) : stored;
  let value: unknown;
  try {
    value = migratePageVersionContent(
      raw,
      format ?? currentPageVersionFormat,
      currentPageVersionFormat,
      steps,
    );
  } catch {
    value = raw;
  }
  const whole = pageVersionContent.safeParse(value);
  if (whole.success && layoutProblems(whole.data.configuration.root).length === 0)
    return { content: whole.data, fellBack: false };
  const parts = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  const components = list(parts.components).flatMap((c) => {
    const parsed = pageComponent.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
  const variables = list(parts.variables).flatMap((v) => {
    const parsed = pageVariable.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
  const titleBar = pageTitleBar.safeParse(parts.titleBar);
  const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
  return {
    content: {
      components,
      configuration: readPageConfiguration(parts.configuration).configuration,
      contextEntityTypeId: id(parts.contextEntityTypeId),
      testResourceId: id(parts.testResourceId),
      titleBar: titleBar.success ? titleBar.data : defaultPageTitleBar(),
      variables,
    },
    fellBack: true,
  };
}

/** A problem with content about to be stored: where (a path into the content) and what. */
export interface PageContentProblem {
  path: string;
  message: string;
}

export const unknownComponentTypeMessage = 'Unknown component type';
export const duplicateComponentIdMessage = 'Another component already has this Id.';

/** A page variable's value that does not match its type, naming the variable (spec 01 §5). */
export const variableValueMessage = (name: string, problem: string): string =>
  `Page variable '${name}': ${problem}`;

export function maxPerPageMessage(max: number, label: string): string {
  return `The component cannot be added. Only ${max} ${label} component(s) per page are currently supported.`;
}

/**
 * What is wrong with content a save would store (spec 01 §5): its shape, each component's
 * properties against its registered type, ids (no spaces, unique), per-page maximums, page
 * variable values against their types and the layout naming only the page's components. Empty
 * when it may be stored.
 */
export function pageContentProblems(content: unknown): PageContentProblem[] {
  const parsed = pageVersionContent.safeParse(content);
  if (!parsed.success)
    return parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const problems: PageContentProblem[] = [];
  const { components, configuration } = parsed.data;
  const ids = new Set<string>();
  const counts = new Map<string, number>();
  components.forEach((component, index) => {
    const path = `components.${index}`;
    if (ids.has(component.id)) problems.push({ path: `${path}.id`, message: duplicateComponentIdMessage });
    ids.add(component.id);
    const type = componentType(component.typeAlias);
    if (!type) {
      problems.push({ path: `${path}.typeAlias`, message: unknownComponentTypeMessage });
      return;
    }
    const count = (counts.get(type.alias) ?? 0) + 1;
    counts.set(type.alias, count);
    if (type.maxPerPage !== undefined && count === type.maxPerPage + 1)
      problems.push({ path, message: maxPerPageMessage(type.maxPerPage, type.label) });
    const properties = type.properties.safeParse(component.properties);
    if (!properties.success)
      for (const issue of properties.error.issues)
        problems.push({ path: [path, 'properties', ...issue.path].join('.'), message: issue.message });
  });
  parsed.data.variables.forEach((variable, index) => {
    const problem = variableValueProblem(variable.type, variable.isList, variable.value);
    if (problem)
      problems.push({
        path: `variables.${index}.value`,
        message: variableValueMessage(variable.name, problem),
      });
  });
  for (const message of layoutProblems(configuration.root))
    problems.push({ path: 'configuration.root', message });
  const walk = (element: LayoutElement) => {
    if (element.type === 'component' && !ids.has(element.id))
      problems.push({
        path: 'configuration.root',
        message: `The layout places a component the page does not have: '${element.id}'.`,
      });
    if (element.type !== 'component' && ids.has(element.id))
      problems.push({ path: 'configuration.root', message: duplicateComponentIdMessage });
    for (const child of element.elements) walk(child);
  };
  walk(configuration.root);
  return problems;
}
