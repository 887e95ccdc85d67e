import type { ComponentType } from '@plinth/schema';
import { useState } from 'react';
import { renderableComponentTypes } from '../pages/public';
import { registerPageComponentRenderers } from '../runner/public';
import type { DragData } from './canvas/CanvasElement';
import { useDelegatedDrag } from './canvas/useDelegatedDrag';

// The toolbox offers the components a runner page renders.
registerPageComponentRenderers();

/** The Containers group of the toolbox (spec 01 §2). */
export const toolboxContainers: ReadonlyArray<Extract<DragData, { kind: 'newContainer' }>> = [
  { kind: 'newContainer', container: 'grid', label: 'Grid' },
  { kind: 'newContainer', container: 'horizontal', label: 'Horizontal container' },
  { kind: 'newContainer', container: 'vertical', label: 'Vertical container' },
];

const groupOrder: ReadonlyArray<ComponentType['group']> = ['Display', 'Data', 'Form', 'Actions'];

/** The registered components the toolbox offers, by group (in the registry's order within each). */
export function toolboxGroups(): Array<{ group: string; items: DragData[] }> {
  const types = renderableComponentTypes();
  return groupOrder
    .map((group) => ({
      group,
      items: types
        .filter((t) => t.group === group)
        .map((t): DragData => ({ kind: 'new', typeAlias: t.alias, label: t.label })),
    }))
    .filter((g) => g.items.length > 0);
}

/** The ids and data of what the toolbox offers, by the `data-tool` attribute each item's button has. */
function toolsById(): Map<string, DragData> {
  const all = [...toolboxContainers, ...toolboxGroups().flatMap((g) => g.items)];
  return new Map(all.map((item) => [toolId(item), item]));
}

const toolId = (item: DragData) =>
  item.kind === 'new'
    ? `new:${item.typeAlias}`
    : item.kind === 'newContainer'
      ? `container:${item.container}`
      : item.id;

interface ToolboxDrag {
  isDragging: boolean;
  describedBy: string;
}

function ToolboxItem({
  item,
  drag,
  onAdd,
}: {
  item: DragData;
  drag: ToolboxDrag;
  onAdd(item: DragData): void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`pl-builder-toolbox__item${drag.isDragging ? ' is-dragging' : ''}`}
        data-tool={toolId(item)}
        aria-disabled={false}
        aria-roledescription="draggable"
        aria-describedby={drag.describedBy}
        onClick={() => onAdd(item)}
      >
        {item.label}
      </button>
    </li>
  );
}

/**
 * The Components tab (spec 01 §2): the Containers group, then every registered component by group
 * and order. Drag one onto the page (mouse, or Space then the arrow keys), or click it to add it to
 * the selected grid or container (the page when none is selected).
 */
export function Toolbox({ onAdd }: { onAdd(item: DragData): void }) {
  const [tools] = useState(toolsById);
  // One draggable for every item (useDelegatedDrag): a drag's start re-renders the toolbox once.
  const drag = useDelegatedDrag<DragData>('toolbox', (target) => {
    const node = target instanceof Element ? target.closest<HTMLElement>('[data-tool]') : null;
    const data = node && tools.get(node.dataset.tool ?? '');
    return node && data ? { node, data } : null;
  });
  const dragOf = (item: DragData): ToolboxDrag => ({
    isDragging: drag.dragged !== null && toolId(drag.dragged) === toolId(item),
    describedBy: drag.describedBy,
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the items inside are the controls (buttons); this passes their presses on to the drag.
    <div className="pl-builder-toolbox" onPointerDown={drag.onPointerDown} onKeyDown={drag.onKeyDown}>
      <p className="pl-admin__muted">
        Drag onto the page, or click to add to the selected container. Keyboard: Enter adds; Space picks up,
        the arrow keys choose a place, Space drops.
      </p>
      <h3 id="toolbox-containers">Containers</h3>
      <ul aria-labelledby="toolbox-containers">
        {toolboxContainers.map((item) => (
          <ToolboxItem key={item.container} item={item} drag={dragOf(item)} onAdd={onAdd} />
        ))}
      </ul>
      {toolboxGroups().map(({ group, items }) => (
        <section key={group} aria-label={group}>
          <h3>{group}</h3>
          <ul>
            {items.map((item) => (
              <ToolboxItem
                key={item.kind === 'new' ? item.typeAlias : item.label}
                item={item}
                drag={dragOf(item)}
                onAdd={onAdd}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
