import type { LayoutElement, PageVersionContent } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useEffect, useRef, useState } from 'react';

export interface LayoutTabProps {
  content: PageVersionContent;
  selectedId: string | null;
  labelOf(elementId: string): string;
  onSelect(id: string): void;
  onRename(id: string, name: string): void;
  /** Moves an element one place up (-1) or down (1) among its siblings. */
  onMove(id: string, delta: -1 | 1): void;
}

/**
 * The Layout tab (spec 01 §2): the page's elements as a tree — select one (the canvas and the
 * properties panel follow), rename it, move it up or down among its siblings (the buttons, or
 * Alt+Arrow keys on a selected row).
 */
export function LayoutTab({ content, selectedId, labelOf, onSelect, onRename, onMove }: LayoutTabProps) {
  const root = content.configuration.root;
  if (root.elements.length === 0) return <p className="pl-admin__muted">The page has no elements yet.</p>;
  return (
    <LayoutBranch
      elements={root.elements}
      props={{ content, selectedId, labelOf, onSelect, onRename, onMove }}
      label="Page elements"
    />
  );
}

function LayoutBranch({
  elements,
  props,
  label,
}: {
  elements: readonly LayoutElement[];
  props: LayoutTabProps;
  label?: string;
}) {
  return (
    <ul className="pl-builder-layout" aria-label={label}>
      {elements.map((e, index) => (
        <LayoutRow
          key={e.id}
          element={e}
          props={props}
          isFirst={index === 0}
          isLast={index === elements.length - 1}
        />
      ))}
    </ul>
  );
}

function LayoutRow({
  element,
  props,
  isFirst,
  isLast,
}: {
  element: LayoutElement;
  props: LayoutTabProps;
  isFirst: boolean;
  isLast: boolean;
}) {
  const { selectedId, labelOf, onSelect, onRename, onMove } = props;
  const [renaming, setRenaming] = useState<string | null>(null);
  const nameButton = useRef<HTMLButtonElement>(null);
  // Enter and Escape end a rename from the keyboard: the focus goes back to the row's name.
  const refocus = useRef(false);
  useEffect(() => {
    if (renaming !== null || !refocus.current) return;
    refocus.current = false;
    nameButton.current?.focus();
  }, [renaming]);
  const label = labelOf(element.id);
  const isSelected = selectedId === element.id;
  const isRenaming = useRef(false);
  const startRename = () => {
    isRenaming.current = true;
    setRenaming(label);
  };
  /** Ends the rename once (the box's blur may follow Enter); a name as it was is no change. */
  const finish = (name: string | null, returnFocus: boolean) => {
    if (!isRenaming.current) return;
    isRenaming.current = false;
    const trimmed = name?.trim() ?? '';
    if (trimmed.length > 0 && trimmed !== label) onRename(element.id, trimmed);
    refocus.current = returnFocus;
    setRenaming(null);
  };
  return (
    <li>
      <div className={`pl-builder-layout__row${isSelected ? ' is-selected' : ''}`}>
        {renaming === null ? (
          <button
            ref={nameButton}
            type="button"
            className="pl-builder-layout__name"
            aria-pressed={isSelected}
            onClick={() => onSelect(element.id)}
            onDoubleClick={startRename}
            onKeyDown={(event) => {
              if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
                event.preventDefault();
                onMove(element.id, event.key === 'ArrowUp' ? -1 : 1);
              } else if (event.key === 'F2') startRename();
            }}
          >
            {label}
          </button>
        ) : (
          <input
            className="pl-input pl-builder-layout__rename"
            aria-label={`Name of ${label}`}
            value={renaming}
            // biome-ignore lint/a11y/noAutofocus: the user asked to rename this row.
            autoFocus
            onChange={(event) => setRenaming(event.target.value)}
            onBlur={() => finish(renaming, false)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') finish(renaming, true);
              if (event.key === 'Escape') finish(null, true);
            }}
          />
        )}
        <span className="pl-builder-layout__actions">
          <Button size="small" variant="subtle" aria-label={`Rename ${label}`} onPress={startRename}>
            Rename
          </Button>
          <Button
            size="small"
            variant="subtle"
            aria-label={`Move ${label} up`}
            isDisabled={isFirst}
            onPress={() => onMove(element.id, -1)}
          >
            ↑
          </Button>
          <Button
            size="small"
            variant="subtle"
            aria-label={`Move ${label} down`}
            isDisabled={isLast}
            onPress={() => onMove(element.id, 1)}
          >
            ↓
          </Button>
        </span>
      </div>
      {element.elements.length > 0 && <LayoutBranch elements={element.elements} props={props} />}
    </li>
  );
}
