import {
  type FormContainer,
  type FormContainerType,
  type FormControl,
  type FormResponse,
  reachesMany,
  type TypeSchemaField,
  type TypeSchemaRelationship,
} from '@plinth/schema';

/** A container of the rendered form with its members in rendering order. */
export interface FormContainerNode {
  kind: 'container';
  id: string;
  containerType: FormContainerType;
  title: string;
  /** Shown only where spec 03 §2 allows it (see `containerHelpText`). */
  helpText: string | undefined;
  hideLabel: boolean;
  /** A tab whose name contains '(expander)' renders as an expander (spec 03 §2). */
  isExpander: boolean;
  children: FormNode[];
}

/** A control showing one field of the record. */
export interface FormFieldNode {
  kind: 'field';
  id: string;
  control: FormControl;
  field: TypeSchemaField;
  title: string;
  helpText: string | undefined;
}

/** A control showing one relationship end of the record; `isToMany` when it reaches many records. */
export interface FormRelationshipNode {
  kind: 'relationship';
  id: string;
  control: FormControl;
  end: TypeSchemaRelationship;
  isToMany: boolean;
  title: string;
  helpText: string | undefined;
}

export type FormNode = FormContainerNode | FormFieldNode | FormRelationshipNode;

/** What the tree needs of the record's type: its fields and relationship ends (type schema call). */
export interface FormTypeMembers {
  fields: readonly TypeSchemaField[];
  relationships: readonly TypeSchemaRelationship[];
}

/**
 * A control's title (spec 03 §3): its name, else the field name, else the relationship end's name
 * (reverse direction: the relationship's fromName; forward: its toName).
 */
export function controlTitle(
  control: Pick<FormControl, 'label' | 'isReversed'>,
  field: Pick<TypeSchemaField, 'name'> | undefined,
  rel: Pick<TypeSchemaRelationship, 'fromName' | 'toName' | 'name'> | undefined,
): string {
  const own = control.label?.trim();
  if (own) return own;
  if (field) return field.name;
  if (rel) return (control.isReversed ? rel.fromName : rel.toName) || rel.name;
  return '';
}

/**
 * A control's help text (spec 03 §2): only when it has help text enabled and a description. The
 * description is the field's, or the relationship's.
 */
export function controlHelpText(
  control: Pick<FormControl, 'showControlHelpText'>,
  description: string | null | undefined,
): string | undefined {
  const text = description?.trim();
  return control.showControlHelpText === true && text ? text : undefined;
}

/**
 * A container's help text (spec 03 §2): never for tabs (a tab container and the tabs in it); for
 * the others — stacks, forms, charts and reports included — only when explicitly allowed
 * (`showControlHelpText`) and there is a description.
 */
export function containerHelpText(
  container: Pick<FormContainer, 'containerType' | 'showControlHelpText' | 'description'>,
  isTab: boolean,
): string | undefined {
  if (isTab || container.containerType === 'tabContainer') return undefined;
  return controlHelpText(container, container.description);
}

interface Placed {
  ordinal: number;
  index: number;
  node: FormNode;
}

const byOrder = (a: Placed, b: Placed) => a.ordinal - b.ordinal || a.index - b.index;

/**
 * The tree of a form (decision 0074: a flat list of controls and containers, each naming its
 * parent and order) with each control resolved to the field or relationship end it shows.
 * Controls and containers are ordered by `renderingOrdinal` (missing: first, in the order given).
 * Left out: hidden controls and containers (`isHidden` or named in `hidden`), and controls whose
 * field or relationship the type does not have — the tree only holds what renders something.
 */
export function buildFormTree(
  form: Pick<FormResponse, 'controls' | 'containers'>,
  type: FormTypeMembers,
  hidden: ReadonlySet<string> = new Set(),
): FormNode[] {
  const fields = new Map(type.fields.map((f) => [f.id, f]));
  const ends = new Map(type.relationships.map((r) => [`${r.id}:${r.direction}`, r]));
  const containers = new Map(form.containers.map((c) => [c.id, c]));
  const members = new Map<string | undefined, Placed[]>();
  const place = (parent: string | undefined, placed: Placed) => {
    const list = members.get(parent) ?? [];
    list.push(placed);
    members.set(parent, list);
  };
  const isShown = (c: { id: string; isHidden: boolean }) => !c.isHidden && !hidden.has(c.id);

  form.controls.forEach((control, index) => {
    if (!isShown(control)) return;
    const node = controlNode(control, fields, ends);
    if (node) place(control.containerId, { ordinal: control.renderingOrdinal ?? 0, index, node });
  });

  const containerNode = (c: FormContainer, parentType: FormContainerType | undefined): FormContainerNode => {
    const isTab = parentType === 'tabContainer';
    return {
      kind: 'container',
      id: c.id,
      containerType: c.containerType,
      title: c.name?.trim() ?? '',
      helpText: containerHelpText(c, isTab),
      hideLabel: c.hideLabel === true,
      isExpander: isTab && /\(expander\)/i.test(c.name ?? ''),
      children: [],
    };
  };
  form.containers.forEach((c, index) => {
    if (!isShown(c)) return;
    const parentType = c.containerId !== undefined ? containers.get(c.containerId)?.containerType : undefined;
    const node = containerNode(c, parentType);
    place(c.containerId, { ordinal: c.renderingOrdinal ?? 0, index: form.controls.length + index, node });
  });

  // Members of hidden containers are dropped with them; the definition allows no cycles.
  const childrenOf = (parent: string | undefined, depth: number): FormNode[] => {
    if (depth > 50) return [];
    return (members.get(parent) ?? []).sort(byOrder).map(({ node }) => {
      if (node.kind === 'container') node.children = childrenOf(node.id, depth + 1);
      return node;
    });
  };
  return childrenOf(undefined, 0);
}

function controlNode(
  control: FormControl,
  fields: ReadonlyMap<number, TypeSchemaField>,
  ends: ReadonlyMap<string, TypeSchemaRelationship>,
): FormFieldNode | FormRelationshipNode | undefined {
  if (control.fieldToRender !== undefined) {
    const field = fields.get(control.fieldToRender);
    if (!field) return undefined;
    return {
      kind: 'field',
      id: control.id,
      control,
      field,
      title: controlTitle(control, field, undefined),
      helpText: controlHelpText(control, field.description),
    };
  }
  if (control.relationshipToRender === undefined) return undefined;
  const end = ends.get(`${control.relationshipToRender}:${control.isReversed ? 'rev' : 'fwd'}`);
  if (!end) return undefined;
  return {
    kind: 'relationship',
    id: control.id,
    control,
    end,
    isToMany: reachesMany(end, end.direction),
    title: controlTitle(control, undefined, end),
    helpText: controlHelpText(control, (end as { description?: string | null }).description),
  };
}

/** Every field and relationship control of a tree, in rendering order. */
export function treeControls(nodes: readonly FormNode[]): Array<FormFieldNode | FormRelationshipNode> {
  return nodes.flatMap((n) => (n.kind === 'container' ? treeControls(n.children) : [n]));
}

/** How many containers a tree has, at any depth (the form modal's size rule counts them). */
export function countContainers(nodes: readonly FormNode[]): number {
  return nodes.reduce((sum, n) => (n.kind === 'container' ? sum + 1 + countContainers(n.children) : sum), 0);
}
