import type { ReactNode } from 'react';
import { Tooltip } from '../overlay/Tooltip';
import { Button, type ButtonSize, type ButtonVariant } from './Button';

export interface IconButtonProps {
  /** The button's accessible name, and its tooltip unless `tooltip` says more. */
  label: string;
  /** What the tooltip shows; the label by default. */
  tooltip?: ReactNode;
  /** The icon or symbol shown; hidden from assistive technology, which reads the label. */
  children: ReactNode;
  onPress: () => void;
  isDisabled?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * A button that shows only an icon: named by its label for assistive technology, and showing a
 * tooltip on hover and keyboard focus for everyone else (issue 12 item 9).
 */
export function IconButton({
  label,
  tooltip,
  children,
  onPress,
  isDisabled = false,
  variant = 'subtle',
  size,
  className,
}: IconButtonProps) {
  return (
    <Tooltip content={tooltip ?? label}>
      <Button
        variant={variant}
        {...(size ? { size } : {})}
        aria-label={label}
        isDisabled={isDisabled}
        onPress={onPress}
        {...(className ? { className } : {})}
      >
        <span aria-hidden="true">{children}</span>
      </Button>
    </Tooltip>
  );
}
