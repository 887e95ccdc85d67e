import type { ReactNode } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button, type ButtonSize, type ButtonVariant } from '../button/Button';
import { type ContextMenuItem, contextMenuMaxHeight } from './ContextMenu';

export interface MenuButtonProps {
  /** The button's content; `aria-label` names it when that is only an icon. */
  label: ReactNode;
  'aria-label'?: string;
  items: ContextMenuItem[];
  variant?: ButtonVariant;
  size?: ButtonSize;
  isDisabled?: boolean;
}

/**
 * A button that opens a menu (the report's New, Export and overflow menus): keyboard reachable,
 * arrow keys move, Escape closes, the same items as the context menu.
 */
export function MenuButton({
  label,
  'aria-label': ariaLabel,
  items,
  variant = 'secondary',
  size = 'standard',
  isDisabled = false,
}: MenuButtonProps) {
  return (
    <MenuTrigger>
      <Button
        variant={variant}
        size={size}
        isDisabled={isDisabled || items.length === 0}
        {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
      >
        {label}
      </Button>
      <Popover className="pl-popover pl-menu-popover" placement="bottom end">
        <Menu className="pl-menu" style={{ maxHeight: contextMenuMaxHeight, overflowY: 'auto' }}>
          {items.map((item) => (
            <MenuItem
              key={item.id}
              id={item.id}
              className="pl-menu__item"
              isDisabled={item.isDisabled ?? false}
              onAction={() => item.onAction?.()}
            >
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
