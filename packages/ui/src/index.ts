export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button/Button';
export { IconButton, type IconButtonProps } from './button/IconButton';
export { ErrorDisplay, type ErrorDisplayProps } from './feedback/ErrorDisplay';
export { HelpText, type HelpTextProps, helpTextDialogThreshold } from './feedback/HelpText';
export { defaultPlaceholderColumns, LoadingGrid, type LoadingGridProps } from './feedback/LoadingGrid';
export {
  CalendarIcon,
  ClearFormattingIcon,
  ImageIcon,
  LinkIcon,
  NumberedListIcon,
  QuoteIcon,
  SparkleIcon,
} from './icons/icons';
export {
  ContextMenu,
  type ContextMenuItem,
  type ContextMenuProps,
  contextMenuMaxHeight,
  contextMenuSubmenuDelayMs,
} from './menu/ContextMenu';
export { MenuButton, type MenuButtonProps } from './menu/MenuButton';
export { ConfirmDialog, type ConfirmDialogProps } from './modal/ConfirmDialog';
export {
  Modal,
  type ModalButton,
  type ModalProps,
  type ModalSize,
  type StandardModalButton,
  standardModalButtons,
} from './modal/Modal';
export { Popover, type PopoverProps } from './overlay/Popover';
export { Tooltip, type TooltipProps } from './overlay/Tooltip';
export {
  type ToastKind,
  type ToastOptions,
  type ToastPosition,
  ToastRegions,
  toast,
  toastPositions,
} from './toast/toasts';
export * from './tokens/tokens';
