/** The grid's icon-only buttons are the design system's (`@plinth/ui`), named and with a tooltip. */
export { IconButton, type IconButtonProps } from '@plinth/ui';
