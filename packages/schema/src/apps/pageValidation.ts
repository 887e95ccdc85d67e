import type { AppMenu } from './appMenu.js';
import { appRuleMessages, type NamedSlugged, pageSettingsProblems } from './appRules.js';
import { componentType } from './componentTypes.js';
import { pageContentProblems, variableValueMessage } from './pageVersionFormat.js';

/**
 * A page's validation issues as the builder's Page Validation tab lists them and a save is
 * blocked by (spec 01 §5): its settings (name, slug, input), its page variables and its
 * components, each issue saying which. Pure: the caller says what the page is to its app (its
 * other pages, whether it is the home page, whether it is in the menu). Decision 0120.
 */

/** The page settings validated against the app (spec 01 §5). */
export type ValidatedPageSetting = 'name' | 'slug' | 'input';

/** The spec's field labels of the validated settings (spec 01 §5). */
export const pageSettingValidationLabels: Readonly<Record<ValidatedPageSetting, string>> = {
  name: 'Failing ID validation',
  slug: 'Failing URL slug validation',
  input: 'Page input validation',
};

/** The settings as the blocking messages name them ("Page name must not have …"). */
export const pageSettingNames: Readonly<Record<ValidatedPageSetting, string>> = {
  name: 'Page name',
  slug: 'URL slug',
  input: 'Page input',
};

export type PageIssue =
  | { area: 'setting'; setting: ValidatedPageSetting; label: string; message: string }
  | { area: 'variable'; variableName: string; message: string }
  | { area: 'component'; componentId: string; componentName: string; message: string }
  /** A problem of the page's content as a whole (its layout, title bar or shape). */
  | { area: 'page'; message: string };

/** The page being validated: its settings as edited and its content (as edited, or as stored). */
export interface ValidatedPage {
  /** Null for a page not yet made. */
  id: number | null;
  name: string;
  slug: string;
  content: unknown;
}

/** What the page is to its app. */
export interface PagePlacement {
  /** The app's pages (the page itself may be among them: it is left out by id). */
  otherPages: readonly NamedSlugged[];
  /** It is the app's default (home) page. */
  isHomePage: boolean;
  /** It is in the app's menu (a folder of the menu included). */
  isInMenu: boolean;
}

export const componentIssuesMessage =
  'Component properties must not have validation errors. Please correct the errors before proceeding.';

/** Spec 01 §5's blocking message for a page setting that has a validation error. */
export const blockingMessage = (label: string): string =>
  `${label} must not have validation errors. Please correct the ${label} before proceeding.`;

/** Whether the page is in the app's menu: in its order or in one of its folders. */
export function isPageInMenu(menu: AppMenu, pageId: number): boolean {
  const key = String(pageId);
  return menu.menuOrder.includes(key) || menu.menuFolders.some((f) => f.childOrder.includes(key));
}

type Raw = Record<string, unknown>;
const record = (v: unknown): Raw =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A component as issues name it: its name, else its type's label, else its id. */
function componentLabel(component: Raw, id: string): string {
  const name = typeof component.name === 'string' ? component.name.trim() : '';
  if (name) return name;
  const type = typeof component.typeAlias === 'string' ? componentType(component.typeAlias) : undefined;
  return type?.label ?? id;
}

/** The layout element a path such as `configuration.root.elements.0.id` leads to, if any. */
function layoutElementAt(content: unknown, path: string): Raw | undefined {
  const steps = path.split('.');
  let at: unknown = content;
  for (const step of steps) {
    const next = Array.isArray(at) ? at[Number(step)] : record(at)[step];
    if (next === undefined || next === null || typeof next !== 'object') break;
    at = next;
  }
  return at === content ? undefined : record(at);
}

function componentIssue(component: Raw, fallbackId: string, message: string): PageIssue {
  const id = typeof component.id === 'string' ? component.id : fallbackId;
  return { area: 'component', componentId: id, componentName: componentLabel(component, id), message };
}

/** A problem of pageContentProblems as an issue of the setting, variable or component it is about. */
function contentIssue(content: unknown, path: string, message: string): PageIssue {
  const [head, index] = path.split('.');
  const at = Number(index);
  const components = list(record(content).components).map(record);
  if (head === 'contextEntityTypeId')
    return { area: 'setting', setting: 'input', label: pageSettingValidationLabels.input, message };
  if (head === 'components' && Number.isInteger(at) && components[at])
    return componentIssue(components[at], `#${at + 1}`, message);
  if (head === 'configuration') {
    // A component's layout element is the component: its problem is the component's.
    const element = layoutElementAt(content, path);
    const component = components.find((c) => element?.type === 'component' && c.id === element.id);
    if (component) return componentIssue(component, '', message);
  }
  if (head === 'variables' && Number.isInteger(at)) {
    const variable = record(list(record(content).variables)[at]);
    const name = typeof variable.name === 'string' && variable.name ? variable.name : `#${at + 1}`;
    // The issue names the variable itself: its message need not.
    const prefix = variableValueMessage(name, '');
    const text = message.startsWith(prefix) ? message.slice(prefix.length) : message;
    return { area: 'variable', variableName: name, message: text };
  }
  return { area: 'page', message };
}

/**
 * The page's issues (spec 01 §5): name and slug against the app's other pages, an Object input
 * on the home page or a menu page, page variable values against their types, component ids (no
 * spaces, unique), unknown component types, per-page maximums and component properties. Empty
 * when the page may be saved.
 *
 * @example pageIssues({ id: 7, name: 'Job', slug: 'job', content }, { otherPages, isHomePage: false, isInMenu: true })
 */
export function pageIssues(page: ValidatedPage, placement: PagePlacement): PageIssue[] {
  const issues: PageIssue[] = [];
  const setting = (key: ValidatedPageSetting, message: string) =>
    issues.push({ area: 'setting', setting: key, label: pageSettingValidationLabels[key], message });
  const settings = pageSettingsProblems(
    { id: page.id, name: page.name, slug: page.slug },
    placement.otherPages,
  );
  if (settings.name) setting('name', settings.name);
  if (settings.slug) setting('slug', settings.slug);
  const input = record(page.content).contextEntityTypeId;
  const takesObject = input !== null && input !== undefined;
  if (takesObject && placement.isHomePage) setting('input', appRuleMessages.homePageInput);
  else if (takesObject && placement.isInMenu) setting('input', appRuleMessages.menuPageInput);
  const seen = new Set(issues.map((i) => JSON.stringify(i)));
  for (const problem of pageContentProblems(page.content)) {
    const issue = contentIssue(page.content, problem.path, problem.message);
    const key = JSON.stringify(issue);
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  // The layout repeats what a component's issue says (its element has the component's id).
  const onComponents = new Set(issues.flatMap((i) => (i.area === 'component' ? [i.message] : [])));
  return issues.filter((i) => i.area !== 'page' || !onComponents.has(i.message));
}

/** The components the issues name, each once, in order. */
export function componentsWithIssues(issues: readonly PageIssue[]): string[] {
  const names: string[] = [];
  for (const issue of issues)
    if (issue.area === 'component' && !names.includes(issue.componentName)) names.push(issue.componentName);
  return names;
}

/**
 * The summary of a page's issues (spec 01 §5): 'The page has validation errors in 'Page settings'
 * and component(s) '{names}'.', with only the part that has issues when the other has none (page
 * variables and the layout count as page settings; decision 0120). Null when there are none.
 */
export function validationSummary(issues: readonly PageIssue[]): string | null {
  const names = componentsWithIssues(issues);
  const inSettings = issues.some((i) => i.area !== 'component');
  const components = `component(s) '${names.join(', ')}'`;
  if (inSettings && names.length > 0)
    return `The page has validation errors in 'Page settings' and ${components}.`;
  if (inSettings) return "The page has validation errors in 'Page settings'.";
  if (names.length > 0) return `The page has validation errors in ${components}.`;
  return null;
}

/**
 * The messages a save blocked by these issues shows (spec 01 §5), empty when the save may go
 * on: the summary, then one blocking message per setting with issues (name, slug, input), one for
 * the page variables, and the component-level one.
 */
export function saveBlockers(issues: readonly PageIssue[]): string[] {
  const summary = validationSummary(issues);
  if (summary === null) return [];
  const messages = [summary];
  for (const key of ['name', 'slug', 'input'] as const)
    if (issues.some((i) => i.area === 'setting' && i.setting === key))
      messages.push(blockingMessage(pageSettingNames[key]));
  if (issues.some((i) => i.area === 'variable')) messages.push(blockingMessage('Page variables'));
  if (issues.some((i) => i.area === 'component')) messages.push(componentIssuesMessage);
  return messages;
}
