import { type KeyboardEvent, useId, useMemo, useState } from 'react';

/** An item of the Functions or Snippets popup. */
export interface InsertItem {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  /** Shown when the item is clicked: the signature, the snippet's text. */
  readonly detail: string;
  readonly description: string;
  /** What double-click, Enter or a drop into the editor inserts. */
  readonly text: string;
}

export interface InsertListProps {
  items: readonly InsertItem[];
  searchPlaceholder: string;
  /** Accessible name of the list. */
  label: string;
  onInsert: (item: InsertItem) => void;
}

/**
 * The body of the Functions and Snippets popups: a search box, the items grouped, the clicked
 * item's detail and description; double-click (or Enter) inserts, and an item can be dragged into
 * the editor as text.
 */
export function InsertList({ items, searchPlaceholder, label, onInsert }: InsertListProps) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<InsertItem | null>(null);
  const detailId = useId();
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const shown = items.filter(
      (i) =>
        !needle || i.label.toLowerCase().includes(needle) || i.description.toLowerCase().includes(needle),
    );
    const byGroup = new Map<string, InsertItem[]>();
    for (const item of shown) byGroup.set(item.group, [...(byGroup.get(item.group) ?? []), item]);
    return [...byGroup];
  }, [items, search]);

  const onKeyDown = (item: InsertItem) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onInsert(item);
    } else if (e.key === ' ') {
      e.preventDefault();
      setSelected(item);
    }
  };

  return (
    <div className="pl-expr-insert">
      <input
        type="search"
        className="pl-expr-insert__search"
        placeholder={searchPlaceholder}
        aria-label={searchPlaceholder}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="pl-expr-insert__list" role="listbox" aria-label={label} aria-describedby={detailId}>
        {groups.length === 0 && <p className="pl-expr-insert__empty">No matches.</p>}
        {groups.map(([group, list]) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA), not a form's fieldset.
          <div key={group} role="group" aria-label={group}>
            <div className="pl-expr-insert__group" aria-hidden="true">
              {group}
            </div>
            {list.map((item) => (
              <div
                key={item.id}
                role="option"
                tabIndex={0}
                aria-selected={selected?.id === item.id}
                className="pl-expr-insert__item"
                draggable
                title="Double-click to insert, or drag into the expression"
                onDragStart={(e) => {
                  e.dataTransfer.setData('text/plain', item.text);
                  e.dataTransfer.effectAllowed = 'copy';
                }}
                onClick={() => setSelected(item)}
                onDoubleClick={() => onInsert(item)}
                onKeyDown={onKeyDown(item)}
              >
                {item.label}
              </div>
            ))}
          </div>
        ))}
      </div>
      <div id={detailId} className="pl-expr-insert__detail" aria-live="polite">
        {selected ? (
          <>
            <code className="pl-expr-insert__signature">{selected.detail}</code>
            <p>{selected.description}</p>
          </>
        ) : (
          <p className="pl-expr-insert__hint">
            Click an item to see what it does; double-click to insert it.
          </p>
        )}
      </div>
    </div>
  );
}
