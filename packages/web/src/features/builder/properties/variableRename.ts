import { renameReferences } from '@plinth/calc/references';
import type { LayoutElement, PageVersionContent } from '@plinth/schema';

/**
 * The page with a renamed variable's uses following it: the visibility and read-only expressions
 * of its elements, its components' custom validation and data-source expressions, and the
 * data-source entries bound to the variable by name. Names match case-insensitively.
 */
export function renameVariableUses(
  content: PageVersionContent,
  from: string,
  to: string,
): PageVersionContent {
  if (from === to) return content;
  const rename = (expr: string) => renameReferences(expr, from, to);
  const renameIn = (element: LayoutElement): LayoutElement => {
    const { behavior } = element;
    return {
      ...element,
      ...(behavior
        ? {
            behavior: {
              ...behavior,
              ...(behavior.visibility !== undefined ? { visibility: rename(behavior.visibility) } : {}),
              ...(behavior.readOnly !== undefined ? { readOnly: rename(behavior.readOnly) } : {}),
            },
          }
        : {}),
      elements: element.elements.map(renameIn),
    };
  };
  const old = from.toLowerCase();
  return {
    ...content,
    configuration: { ...content.configuration, root: renameIn(content.configuration.root) },
    components: content.components.map((component) => ({
      ...component,
      dataSourceConfiguration: component.dataSourceConfiguration.map((entry) =>
        entry.type === 'expression'
          ? { ...entry, expression: rename(entry.expression) }
          : entry.variableName.toLowerCase() === old
            ? { ...entry, variableName: to }
            : entry,
      ),
      ...(component.customValidation
        ? {
            customValidation: {
              ...component.customValidation,
              expression: rename(component.customValidation.expression),
            },
          }
        : {}),
    })),
  };
}
