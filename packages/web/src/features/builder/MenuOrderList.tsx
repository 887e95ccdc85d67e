import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { AppMenu, BuilderPageRef, MenuList, MenuTarget } from '@plinth/schema';
import { addFolder, type MenuChange } from '@plinth/schema';
import { Button, MenuButton, toast } from '@plinth/ui';
import { type ReactNode, useState } from 'react';
import type { PageListItem } from './builderPages';
import { pageLists } from './builderPages';
import { FolderNameDialog } from './FolderNameDialog';
import {
  buttonMoves,
  deleteFolder,
  describeTarget,
  dropTargetOf,
  listDropId,
  listNames,
  type MenuEntry,
  menuEntries,
  moveInMenu,
  newFolderId,
  normalizedMenu,
  renameFolder,
} from './menuMoves';
import './menuOrderList.css';

export interface MenuOrderListProps {
  menu: AppMenu;
  pages: readonly BuilderPageRef[];
  onMenuChange: (menu: AppMenu) => void;
  /** A page row's content beside its drag handle and Move menu: its link and actions. */
  renderPage: (page: BuilderPageRef) => ReactNode;
}

type FolderDialog = { kind: 'add'; list: MenuList } | { kind: 'rename'; folderId: string; text: string };

// A press on the handle is not a drag until the pointer moves a little.
const pointerActivation = { activationConstraint: { distance: 4 } };

/** Pointer drags drop where the pointer is; the keyboard moves from row to row (no pointer). */
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCorners(args);
};

const instructions =
  'To pick up a page or folder, press Space or Enter. Use the up and down arrow keys to move it over another item: over a folder, a page goes into it. Press Space or Enter to drop it there, or Escape to cancel.';

/**
 * The File tab's two lists (spec 01 §2, §4 "Menu and page ordering"): the menu and the other
 * pages, each with its folders, ordered by drag and drop (mouse, touch or keyboard, with what
 * moved where announced) or by each item's Move menu. Every move goes through the schema's menu
 * operations; a refused one says why in a toast. Folders are added, renamed and deleted here (a
 * deleted folder's pages stay in its list). Changes go to `onMenuChange`: saved with the page.
 */
export function MenuOrderList({ menu, pages, onMenuChange, renderPage }: MenuOrderListProps) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [pending, setPending] = useState<MenuTarget | null>(null);
  const [dialog, setDialog] = useState<FolderDialog | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, pointerActivation),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const lists = pageLists(menu, pages);
  const entries = menuEntries(lists);
  const nameOf = (key: string) => {
    const entry = entries.find((e) => e.key === key);
    return entry ? `${entry.kind === 'folder' ? 'Folder' : 'Page'} ${entry.name}` : key;
  };

  const tryMove = (key: string, target: MenuTarget): MenuChange => moveInMenu(menu, pages, key, target);
  const move = (key: string, target: MenuTarget) => {
    const change = tryMove(key, target);
    if (change.ok) onMenuChange(change.menu);
    else toast.error(change.reason);
  };
  const outcome = (key: string, overId: string | undefined): string => {
    const target = overId === undefined ? null : dropTargetOf(entries, key, overId);
    if (!target) return `${nameOf(key)} was dropped where it was.`;
    const change = tryMove(key, target);
    return change.ok
      ? `${nameOf(key)} was moved ${describeTarget(entries, target)}.`
      : `${nameOf(key)} was not moved: ${change.reason}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(String(active.id))}.`,
    onDragOver: ({ active, over }) => {
      // Over itself (as a drag starts): "Picked up" stays the last thing said.
      if (over?.id === active.id) return undefined;
      const target = over ? dropTargetOf(entries, String(active.id), String(over.id)) : null;
      return target
        ? `${nameOf(String(active.id))} will move ${describeTarget(entries, target)}.`
        : `${nameOf(String(active.id))} is where it was.`;
    },
    onDragEnd: ({ active, over }) => outcome(String(active.id), over ? String(over.id) : undefined),
    onDragCancel: ({ active }) => `Moving ${nameOf(String(active.id))} was cancelled: it stays where it was.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    setActiveKey(String(active.id));
    setPending(null);
  };
  const onDragOver = ({ active, over }: DragOverEvent) =>
    setPending(over ? dropTargetOf(entries, String(active.id), String(over.id)) : null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveKey(null);
    setPending(null);
    const target = over ? dropTargetOf(entries, String(active.id), String(over.id)) : null;
    if (target) move(String(active.id), target);
  };

  const saveFolder = (text: string) => {
    if (dialog?.kind === 'add') {
      const from = normalizedMenu(menu, pages);
      const change = addFolder(from, { id: newFolderId(from, text), text }, dialog.list);
      if (change.ok) onMenuChange(change.menu);
      else toast.error(change.reason);
    } else if (dialog?.kind === 'rename')
      onMenuChange(renameFolder(normalizedMenu(menu, pages), dialog.folderId, text));
    setDialog(null);
  };

  const dropMark = (key: string): string | undefined => {
    if (!pending || activeKey === key) return undefined;
    if (pending.kind === 'into' && pending.folderId === key) return 'into';
    if ((pending.kind === 'above' || pending.kind === 'below') && pending.itemId === key) return pending.kind;
    return undefined;
  };
  const rowProps = { entries, dropMark, onMove: move };

  const items = (list: PageListItem[]) =>
    list.map((item) =>
      item.kind === 'page' ? (
        <PageRow key={item.page.id} page={item.page} {...rowProps}>
          {renderPage(item.page)}
        </PageRow>
      ) : (
        <FolderRow
          key={item.id}
          folderId={item.id}
          text={item.text}
          {...rowProps}
          onRename={() => setDialog({ kind: 'rename', folderId: item.id, text: item.text })}
          onDelete={() => onMenuChange(deleteFolder(normalizedMenu(menu, pages), item.id))}
        >
          {item.pages.length === 0 ? (
            <li className="pl-menu-order__empty">No pages in this folder.</li>
          ) : (
            item.pages.map((page) => (
              <PageRow key={page.id} page={page} {...rowProps}>
                {renderPage(page)}
              </PageRow>
            ))
          )}
        </FolderRow>
      ),
    );
  const section = (list: MenuList) => (
    <section className="pl-menu-order__list" aria-labelledby={`menu-order-${list}`}>
      <ListHeading list={list} isDropTarget={pending?.kind === 'list' && pending.list === list}>
        <Button
          size="small"
          variant="subtle"
          aria-label={`Add folder to ${listNames[list]}`}
          onPress={() => setDialog({ kind: 'add', list })}
        >
          Add folder
        </Button>
      </ListHeading>
      {lists[list].length === 0 ? (
        <p className="pl-admin__muted">{list === 'menu' ? 'No pages in the menu.' : 'No other pages.'}</p>
      ) : (
        <ul aria-labelledby={`menu-order-${list}`}>{items(lists[list])}</ul>
      )}
    </section>
  );

  return (
    <div className="pl-menu-order">
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setActiveKey(null);
          setPending(null);
        }}
      >
        {section('menu')}
        {section('other')}
        <DragOverlay dropAnimation={null}>
          {activeKey ? <div className="pl-menu-order__overlay">{nameOf(activeKey)}</div> : null}
        </DragOverlay>
      </DndContext>
      {dialog && (
        <FolderNameDialog
          title={dialog.kind === 'add' ? `Add folder to ${listNames[dialog.list]}` : 'Rename folder'}
          submitLabel={dialog.kind === 'add' ? 'Add folder' : 'Rename'}
          initialText={dialog.kind === 'rename' ? dialog.text : ''}
          onClose={() => setDialog(null)}
          onSubmit={saveFolder}
        />
      )}
    </div>
  );
}

/** A list's heading: a drop on it puts the item first in the list. */
function ListHeading({
  list,
  isDropTarget,
  children,
}: {
  list: MenuList;
  isDropTarget: boolean;
  children: ReactNode;
}) {
  const { setNodeRef } = useDroppable({ id: listDropId(list) });
  return (
    <div ref={setNodeRef} className="pl-menu-order__heading" data-drop={isDropTarget ? 'above' : undefined}>
      <h3 id={`menu-order-${list}`}>{listNames[list]}</h3>
      {children}
    </div>
  );
}

interface RowProps {
  entries: readonly MenuEntry[];
  dropMark: (key: string) => string | undefined;
  onMove: (key: string, target: MenuTarget) => void;
}

/** A row both dragged (by its handle) and dropped on. */
function useMenuRow(key: string) {
  const drag = useDraggable({ id: key });
  const drop = useDroppable({ id: key });
  const setRef = (node: HTMLElement | null) => {
    drag.setNodeRef(node);
    drop.setNodeRef(node);
  };
  return { setRef, handle: { ...drag.attributes, ...drag.listeners }, isDragging: drag.isDragging };
}

function DragHandle({ name, handle }: { name: string; handle: Record<string, unknown> }) {
  return (
    <button type="button" className="pl-menu-order__handle" aria-label={`Drag ${name}`} {...handle}>
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

function MoveMenu({ entries, itemKey, name, onMove }: RowProps & { itemKey: string; name: string }) {
  return (
    <MenuButton
      label="Move"
      aria-label={`Move ${name}`}
      size="small"
      variant="subtle"
      items={buttonMoves(entries, itemKey).map((m) => ({
        id: m.id,
        label: m.label,
        onAction: () => onMove(itemKey, m.target),
      }))}
    />
  );
}

function PageRow({
  page,
  entries,
  dropMark,
  onMove,
  children,
}: RowProps & { page: BuilderPageRef; children: ReactNode }) {
  const key = String(page.id);
  const row = useMenuRow(key);
  return (
    <li
      ref={row.setRef}
      className="pl-menu-order__row"
      data-drop={dropMark(key)}
      data-dragging={row.isDragging || undefined}
    >
      <DragHandle name={page.name} handle={row.handle} />
      <div className="pl-menu-order__content">{children}</div>
      <MoveMenu entries={entries} dropMark={dropMark} onMove={onMove} itemKey={key} name={page.name} />
    </li>
  );
}

function FolderRow({
  folderId,
  text,
  entries,
  dropMark,
  onMove,
  onRename,
  onDelete,
  children,
}: RowProps & {
  folderId: string;
  text: string;
  onRename: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  const row = useMenuRow(folderId);
  return (
    <li className="pl-menu-order__folder" data-dragging={row.isDragging || undefined}>
      <div
        ref={row.setRef}
        className="pl-menu-order__row pl-menu-order__folder-head"
        data-drop={dropMark(folderId)}
      >
        <DragHandle name={`folder ${text}`} handle={row.handle} />
        <div className="pl-menu-order__content">
          <span className="pl-menu-order__folder-name">{text}</span>
          <span className="pl-menu-order__actions">
            <Button size="small" variant="subtle" aria-label={`Rename folder ${text}`} onPress={onRename}>
              Rename
            </Button>
            <Button size="small" variant="subtle" aria-label={`Delete folder ${text}`} onPress={onDelete}>
              Delete
            </Button>
          </span>
        </div>
        <MoveMenu
          entries={entries}
          dropMark={dropMark}
          onMove={onMove}
          itemKey={folderId}
          name={`folder ${text}`}
        />
      </div>
      <ul aria-label={`Folder ${text}`}>{children}</ul>
    </li>
  );
}
