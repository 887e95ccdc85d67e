import type { FormContainerType } from '@plinth/schema';
import type { FormNode } from './formTree';

/** The most passes the simplification makes (spec 03 §9). */
export const maxMobileSimplificationPasses = 10;

const stackTypes = new Set<FormContainerType>(['horizontalStack', 'verticalStack', 'headerColumn']);

export interface MobileFormOptions {
  /**
   * Controls whose type pages on mobile (a tab relationship, a report…) and that the form
   * explicitly shows: kept. Any other control with pager support is removed.
   */
  shownPagerControls?: ReadonlySet<string>;
}

/**
 * Whether a control supports pager on mobile (spec 01 §3: tab relationship, report, survey
 * sections editor, campaign targets editor): here the relationship controls that reach many
 * records (shown as a table) and the report render containers.
 */
export function hasPagerOnMobile(node: FormNode): boolean {
  if (node.kind === 'relationship') return node.isToMany;
  return node.kind === 'container' && node.containerType === 'reportRender';
}

/** One pass: tabs flattened into their parent, pager controls removed, empty stacks removed. */
function simplifyOnce(nodes: readonly FormNode[], options: MobileFormOptions): FormNode[] {
  const shown = options.shownPagerControls ?? new Set<string>();
  return nodes.flatMap((node): FormNode[] => {
    if (hasPagerOnMobile(node) && !shown.has(node.id)) return [];
    if (node.kind !== 'container') return [node];
    // A tab container's tabs join its parent; each tab becomes a vertical stack with its title
    // (a tab container inside is flattened in the next pass).
    if (node.containerType === 'tabContainer')
      return node.children.map((tab) =>
        tab.kind === 'container' && tab.containerType !== 'tabContainer'
          ? { ...tab, containerType: 'verticalStack', isExpander: false }
          : tab,
      );
    const children = simplifyOnce(node.children, options);
    if (stackTypes.has(node.containerType) && children.length === 0) return [];
    // Forms are always rendered vertically on mobile.
    const containerType = node.containerType === 'horizontalStack' ? 'verticalStack' : node.containerType;
    return [{ ...node, containerType, children }];
  });
}

const shapeOf = (nodes: readonly FormNode[]): string =>
  nodes
    .map((n) => (n.kind === 'container' ? `${n.id}:${n.containerType}(${shapeOf(n.children)})` : n.id))
    .join(',');

/**
 * The mobile-simplified form (spec 03 §2): tab containers flattened into their parent, controls
 * with pager support on mobile removed unless explicitly shown, empty stack containers removed,
 * and every horizontal stack made vertical (forms are always vertical on mobile). Repeats until
 * nothing changes, at most 10 passes. Pure: the tree given is not changed.
 */
export function mobileFormTree(nodes: readonly FormNode[], options: MobileFormOptions = {}): FormNode[] {
  let current = [...nodes];
  for (let pass = 0; pass < maxMobileSimplificationPasses; pass++) {
    const next = simplifyOnce(current, options);
    const isSettled = shapeOf(next) === shapeOf(current);
    current = next;
    if (isSettled) break;
  }
  return current;
}
