import { useDraggable } from '@dnd-kit/core';
import type { ComponentType } from '@plinth/schema';
import { renderableComponentTypes } from '../pages/public';
import type { DragData } from './canvas/CanvasElement';

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

function ToolboxItem({ item, onAdd }: { item: DragData; onAdd(item: DragData): void }) {
  const id =
    item.kind === 'new'
      ? `new:${item.typeAlias}`
      : item.kind === 'newContainer'
        ? `container:${item.container}`
        : item.id;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id, data: item });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        className={`pl-builder-toolbox__item${isDragging ? ' is-dragging' : ''}`}
        {...attributes}
        {...listeners}
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
  return (
    <div className="pl-builder-toolbox">
      <p className="pl-admin__muted">
        Drag onto the page, or click to add to the selected container. Keyboard: Enter adds; Space picks up,
        the arrow keys choose a place, Space drops.
      </p>
      <h3 id="toolbox-containers">Containers</h3>
      <ul aria-labelledby="toolbox-containers">
        {toolboxContainers.map((item) => (
          <ToolboxItem key={item.container} item={item} onAdd={onAdd} />
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
                onAdd={onAdd}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
