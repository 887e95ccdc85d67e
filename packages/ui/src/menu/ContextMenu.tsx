import { type ReactNode, useRef, useState } from 'react';
import { Menu, MenuItem, Popover, SubmenuTrigger } from 'react-aria-components';

/** Submenus open after this delay (spec 02 §9: context-menu submenu delay 50 ms). */
export const contextMenuSubmenuDelayMs = 50;
/** The menu scrolls past this height (spec 02 §9). */
export const contextMenuMaxHeight = '20rem';

const menuStyle = { maxHeight: contextMenuMaxHeight, overflowY: 'auto' } as const;

export interface ContextMenuItem {
  id: string;
  label: string;
  isDisabled?: boolean;
  onAction?: () => void;
  items?: ContextMenuItem[];
}

export interface ContextMenuProps {
  items: ContextMenuItem[];
  /** The area that answers a right-click (or the context-menu key / Shift+F10 when focused). */
  children: ReactNode;
  'aria-label': string;
}

function renderItems(items: ContextMenuItem[], close: () => void): ReactNode {
  return items.map((item) =>
    item.items && item.items.length > 0 ? (
      <SubmenuTrigger key={item.id} delay={contextMenuSubmenuDelayMs}>
        <MenuItem id={item.id} className="pl-menu__item" isDisabled={item.isDisabled ?? false}>
          {item.label} <span aria-hidden="true">›</span>
        </MenuItem>
        <Popover className="pl-popover pl-menu-popover">
          <Menu className="pl-menu" aria-label={item.label} style={menuStyle}>
            {renderItems(item.items, close)}
          </Menu>
        </Popover>
      </SubmenuTrigger>
    ) : (
      <MenuItem
        key={item.id}
        id={item.id}
        className="pl-menu__item"
        isDisabled={item.isDisabled ?? false}
        onAction={() => {
          item.onAction?.();
          close();
        }}
      >
        {item.label}
      </MenuItem>
    ),
  );
}

/** A right-click menu opened at the pointer, with submenus, keyboard navigation and Escape. */
export function ContextMenu({ items, children, 'aria-label': ariaLabel }: ContextMenuProps) {
  const [position, setPosition] = useState<{ x: number; y: number } | null>(null);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const close = () => setPosition(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the menu itself is keyboard reachable via the context-menu key
    <div
      className="pl-context-area"
      onContextMenu={(event) => {
        event.preventDefault();
        setPosition({ x: event.clientX, y: event.clientY });
      }}
      onKeyDown={(event) => {
        if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
          event.preventDefault();
          const box = (event.target as HTMLElement).getBoundingClientRect();
          setPosition({ x: box.left, y: box.bottom });
        }
      }}
    >
      {children}
      <span
        ref={anchorRef}
        aria-hidden="true"
        style={{ position: 'fixed', left: position?.x ?? 0, top: position?.y ?? 0, width: 0, height: 0 }}
      />
      <Popover
        triggerRef={anchorRef}
        isOpen={position !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        placement="bottom start"
        className="pl-popover pl-menu-popover"
      >
        <Menu className="pl-menu" aria-label={ariaLabel} autoFocus="first" style={menuStyle}>
          {renderItems(items, close)}
        </Menu>
      </Popover>
    </div>
  );
}
