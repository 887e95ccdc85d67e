import { Button, Modal, Tooltip } from '@plinth/ui';
import type { ReactNode } from 'react';
import { Popover as AriaPopover, Dialog, DialogTrigger, Heading } from 'react-aria-components';
import type { Breakpoint } from '../../types.js';
import { ScrollArea } from './ScrollArea.js';

export interface ToolbarPopupProps {
  /** 'Sort by', 'Filter by'. */
  title: string;
  /** The toolbar button's content. */
  trigger: ReactNode;
  /** The toolbar button's accessible name. */
  triggerLabel: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Small screens show the popup as a modal (spec 02 §2). */
  breakpoint: Breakpoint;
  width: string;
  maxHeight?: string;
  isDisabled?: boolean;
  /** Shown over the toolbar button on hover and focus. */
  tooltip?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * A toolbar button with its popup: a popover under the button, or a modal on small screens. The
 * popup closes on Escape, a click outside or its own buttons; the owner decides what closing means.
 */
export function ToolbarPopup({
  title,
  trigger,
  triggerLabel,
  isOpen,
  onOpenChange,
  breakpoint,
  width,
  maxHeight,
  isDisabled = false,
  tooltip,
  footer,
  children,
}: ToolbarPopupProps) {
  const plainButton = (
    <Button
      variant="subtle"
      aria-label={triggerLabel}
      isDisabled={isDisabled}
      onPress={breakpoint === 'sm' ? () => onOpenChange(true) : undefined}
      className="pl-toolbar__button"
    >
      {trigger}
    </Button>
  );
  const button = tooltip ? <Tooltip content={tooltip}>{plainButton}</Tooltip> : plainButton;
  const body = (
    <ScrollArea
      className="pl-toolbar-popup__body"
      {...(maxHeight ? { style: { maxHeight, overflowY: 'auto' } } : {})}
    >
      {children}
    </ScrollArea>
  );
  if (breakpoint === 'sm') {
    return (
      <>
        {button}
        <Modal title={title} isOpen={isOpen} onOpenChange={onOpenChange}>
          {body}
          <footer className="pl-toolbar-popup__footer">{footer}</footer>
        </Modal>
      </>
    );
  }
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      {button}
      <AriaPopover
        placement="bottom end"
        offset={4}
        className="pl-popover pl-toolbar-popup"
        style={{ width }}
      >
        <Dialog className="pl-popover__dialog pl-toolbar-popup__dialog">
          <Heading slot="title" className="pl-toolbar-popup__title">
            {title}
          </Heading>
          {body}
          <footer className="pl-toolbar-popup__footer">{footer}</footer>
        </Dialog>
      </AriaPopover>
    </DialogTrigger>
  );
}
