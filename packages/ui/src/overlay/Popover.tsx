import type { ReactElement, ReactNode } from 'react';
import { Popover as AriaPopover, Dialog, DialogTrigger } from 'react-aria-components';

export interface PopoverProps {
  /** The trigger: a Button. */
  children: ReactElement;
  content: ReactNode;
  /** Accessible name of the popover dialog. */
  label: string;
  placement?: 'top' | 'bottom' | 'start' | 'end' | 'bottom start' | 'bottom end';
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** A click-triggered, non-modal popover with focus containment and Escape to close. */
export function Popover({ children, content, label, placement = 'bottom start', ...state }: PopoverProps) {
  return (
    <DialogTrigger {...state}>
      {children}
      <AriaPopover placement={placement} className="pl-popover" offset={4}>
        <Dialog aria-label={label} className="pl-popover__dialog">
          {content}
        </Dialog>
      </AriaPopover>
    </DialogTrigger>
  );
}
