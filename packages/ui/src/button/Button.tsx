import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

/** Button variants and sizes of spec 02 §9. */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'subtle';
export type ButtonSize = 'small' | 'standard' | 'large';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children?: ReactNode;
  className?: string;
}

/**
 * The design system's button: keyboard and screen-reader accessible (react-aria), `onPress` for
 * mouse, touch and keyboard alike.
 *
 * @example <Button variant="primary" onPress={save}>Save</Button>
 */
export function Button({
  variant = 'secondary',
  size = 'standard',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <AriaButton
      {...rest}
      className={['pl-button', `pl-button--${variant}`, `pl-button--${size}`, className]
        .filter(Boolean)
        .join(' ')}
    >
      {children}
    </AriaButton>
  );
}
