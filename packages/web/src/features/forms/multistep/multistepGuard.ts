import {
  boundComponentType,
  type MultistepMember,
  type MultistepProblem,
  multistepPlacementProblems,
  type PageVersionContent,
  type TypeSchemaResponse,
} from '@plinth/schema';

/**
 * The placement rules (spec 03 §5) as the runner checks them before showing a multistep page: the
 * server refuses such a page when it is saved, but a type changed since (a field made mandatory)
 * can break a stored one (decision 0093).
 */
export function multistepGuard(content: PageVersionContent, type: TypeSchemaResponse): MultistepProblem[] {
  const byId = new Map(content.components.map((c) => [c.id, c]));
  const memberOf = (componentId: string): MultistepMember | null => {
    const component = byId.get(componentId);
    const kind = component ? boundComponentType(component.typeAlias)?.kind : undefined;
    if (!component || !kind) return null;
    if (kind === 'relationship' || kind === 'documents') return { kind: 'relationshipList' };
    const ext = component.extendedProperties ?? {};
    if (ext.fieldId !== undefined) {
      const field = type.fields.find((f) => f.id === ext.fieldId);
      return field ? { kind: 'field', name: field.name, isMandatory: field.isRequired } : null;
    }
    const direction = ext.relationshipDirection ?? 'fwd';
    const end = type.relationships.find((r) => r.id === ext.relationshipId && r.direction === direction);
    if (!end) return null;
    return {
      kind: 'field',
      name: end.endName,
      isMandatory: direction === 'fwd' ? end.isMandatory : end.isReverseMandatory,
    };
  };
  return multistepPlacementProblems(content, memberOf);
}
