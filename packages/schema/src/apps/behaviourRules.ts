import type { ElementBehaviour, LayoutElement } from './pageLayout.js';

/**
 * Visibility and read-only of a page's elements from their behaviour expressions (spec 01 §4
 * 'Visibility and read-only'; decision 0070). Pure: the expressions' results come from the
 * server's batched evaluation.
 */

/** One evaluated expression as the evaluation call answers it. */
export interface BehaviourResult {
  value: unknown;
  error?: string | null;
}

/** The expressions of a page to evaluate, each under a name unique in the batch. */
export interface BehaviourExpression {
  name: string;
  elementId: string;
  kind: 'visibility' | 'readOnly';
  expression: string;
}

/** The name an element's expression is evaluated under. */
export const behaviourExpressionName = (elementId: string, kind: BehaviourExpression['kind']) =>
  `${kind}:${elementId}`;

/** Every expression of the layout that an operator uses; `none` and empty expressions are skipped. */
export function behaviourExpressions(root: LayoutElement): BehaviourExpression[] {
  const found: BehaviourExpression[] = [];
  const walk = (element: LayoutElement) => {
    const b = element.behavior;
    if (b && b.visibilityOperator !== 'none' && b.visibility?.trim())
      found.push({
        name: behaviourExpressionName(element.id, 'visibility'),
        elementId: element.id,
        kind: 'visibility',
        expression: b.visibility,
      });
    if (b && b.readOnlyOperator !== 'none' && b.readOnly?.trim())
      found.push({
        name: behaviourExpressionName(element.id, 'readOnly'),
        elementId: element.id,
        kind: 'readOnly',
        expression: b.readOnly,
      });
    for (const child of element.elements) walk(child);
  };
  walk(root);
  return found;
}

/** A valid result is a true or false value without an error. */
function truth(result: BehaviourResult | undefined): boolean | undefined {
  if (!result || result.error) return undefined;
  return typeof result.value === 'boolean' ? result.value : undefined;
}

/**
 * Whether an element's own expression lets it show: with no operator it shows; visibleWhen shows it
 * only when the expression is true; visibleExcept hides it only when true. No valid result (none, an
 * error, not a true/false value) means visible.
 */
export function isVisibleByExpression(
  behaviour: ElementBehaviour | undefined,
  result: BehaviourResult | undefined,
): boolean {
  if (!behaviour || behaviour.visibilityOperator === 'none' || !behaviour.visibility?.trim()) return true;
  const value = truth(result);
  if (value === undefined) return true;
  return behaviour.visibilityOperator === 'visibleWhen' ? value : !value;
}

/**
 * Whether an element's own expression makes it read-only: readOnlyWhen when the expression is true,
 * readOnlyExcept unless it is true. No valid result leaves it editable, as visibility leaves it shown.
 */
export function isReadOnlyByExpression(
  behaviour: ElementBehaviour | undefined,
  result: BehaviourResult | undefined,
): boolean {
  if (!behaviour || behaviour.readOnlyOperator === 'none' || !behaviour.readOnly?.trim()) return false;
  const value = truth(result);
  if (value === undefined) return false;
  return behaviour.readOnlyOperator === 'readOnlyWhen' ? value : !value;
}

export interface PageBehaviour {
  /** Every element id of the layout, shown or not. */
  visible: Record<string, boolean>;
  readOnly: Record<string, boolean>;
}

/**
 * Visibility and read-only of every element: an element shows when its expression lets it and,
 * for a grid or container holding elements, when any child shows. Read-only passes down: every
 * element inside a read-only container is read-only. Results are looked up by expression name.
 */
export function resolvePageBehaviour(
  root: LayoutElement,
  results: Readonly<Record<string, BehaviourResult | undefined>>,
): PageBehaviour {
  const visible: Record<string, boolean> = {};
  const readOnly: Record<string, boolean> = {};
  const walk = (element: LayoutElement, parentReadOnly: boolean): boolean => {
    const b = element.behavior;
    const own = isVisibleByExpression(b, results[behaviourExpressionName(element.id, 'visibility')]);
    const isReadOnly =
      parentReadOnly || isReadOnlyByExpression(b, results[behaviourExpressionName(element.id, 'readOnly')]);
    readOnly[element.id] = isReadOnly;
    const children = element.elements.map((child) => walk(child, isReadOnly));
    const shows =
      own && (element.elements.length === 0 || element.type === 'component' || children.some(Boolean));
    visible[element.id] = shows;
    return shows;
  };
  walk(root, false);
  // The page itself always shows, even with every element hidden.
  visible[root.id] = true;
  return { visible, readOnly };
}
