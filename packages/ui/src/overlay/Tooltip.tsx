import type { ReactElement, ReactNode } from 'react';
import { Tooltip as AriaTooltip, OverlayArrow, TooltipTrigger } from 'react-aria-components';

export interface TooltipProps {
  /** A focusable trigger (a Button). */
  children: ReactElement;
  content: ReactNode;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  delay?: number;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** 'focus' opens only on keyboard focus or programmatically (error tooltips). */
  trigger?: 'focus';
}

/** A hover/focus tooltip (react-aria: shows on hover after a delay and on keyboard focus). */
export function Tooltip({ children, content, placement = 'top', delay = 500, ...state }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} {...state}>
      {children}
      <AriaTooltip placement={placement} className="pl-tooltip" offset={6}>
        <OverlayArrow className="pl-tooltip__arrow">
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
