import type { PageVersionContent } from './pageDefinition.js';
import type { LayoutElement } from './pageLayout.js';

/** The placement messages of a multistep form (spec 03 §5, verbatim). */
export const multistepMessages = {
  outsideSections:
    'Relationship fields cannot be added outside of sections of a multistep form. Add the field to any section other than the first section.',
  firstSection:
    'Relationship fields cannot be added to the first section of a multistep form. Add the field to any section other than the first section.',
  mandatoryField: (name: string) =>
    `The field '${name}' is set to mandatory on Object details. It can only be added to the first section of a multistep form.`,
} as const;

/**
 * What the placement rules need to know of a component's member (decision 0093): a relationship
 * field is a list of related records (the relationship and documents components), which needs a
 * saved record; a field (or a single lookup or choice) may be mandatory on the object's details.
 */
export type MultistepMember =
  | { kind: 'relationshipList' }
  | { kind: 'field'; name: string; isMandatory: boolean };

/** A section of a multistep page: a grid or container of the root grid, its components in layout order. */
export interface MultistepSection {
  id: string;
  name: string;
  componentIds: string[];
}

function componentIdsIn(element: LayoutElement): string[] {
  if (element.type === 'component') return [element.id];
  return element.elements.flatMap(componentIdsIn);
}

/**
 * The sections of a multistep page (decision 0093): each grid or container directly in the root
 * grid, in order. Components placed in the root grid itself are outside the sections and show with every
 * step.
 */
export function multistepSections(content: Pick<PageVersionContent, 'configuration'>): MultistepSection[] {
  return content.configuration.root.elements
    .filter((e) => e.type !== 'component')
    .map((e, i) => ({ id: e.id, name: e.name?.trim() || `Step ${i + 1}`, componentIds: componentIdsIn(e) }));
}

export interface MultistepProblem {
  componentId: string;
  message: string;
}

/**
 * The three placement rules of a multistep form (spec 03 §5): relationship fields neither outside
 * the sections nor in the first one; a field mandatory on the object's details only in the first
 * section (or outside the sections, which show with the first). `memberOf` answers null for
 * components that bind nothing.
 */
export function multistepPlacementProblems(
  content: Pick<PageVersionContent, 'configuration' | 'components'>,
  memberOf: (componentId: string) => MultistepMember | null,
): MultistepProblem[] {
  const sections = multistepSections(content);
  const sectionOf = new Map<string, number>();
  sections.forEach((s, i) => {
    for (const id of s.componentIds) sectionOf.set(id, i);
  });
  const placed = componentIdsIn(content.configuration.root);
  const problems: MultistepProblem[] = [];
  for (const componentId of placed) {
    const member = memberOf(componentId);
    if (!member) continue;
    const section = sectionOf.get(componentId);
    if (member.kind === 'relationshipList') {
      if (section === undefined) problems.push({ componentId, message: multistepMessages.outsideSections });
      else if (section === 0) problems.push({ componentId, message: multistepMessages.firstSection });
    } else if (member.isMandatory && section !== undefined && section > 0)
      problems.push({ componentId, message: multistepMessages.mandatoryField(member.name) });
  }
  return problems;
}
