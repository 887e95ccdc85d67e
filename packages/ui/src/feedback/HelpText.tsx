import { useState } from 'react';
import { Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Button } from '../button/Button';
import { Modal } from '../modal/Modal';

/** Help text longer than this opens in a dialog instead of a tooltip (spec 02 §9). */
export const helpTextDialogThreshold = 1000;

export interface HelpTextProps {
  text: string;
  /** What the help is about, for the button's accessible name. */
  label: string;
}

/**
 * The help-text "?" button: a click-triggered tooltip for short help, an acknowledgement dialog
 * with OK for help over 1000 characters.
 */
export function HelpText({ text, label }: HelpTextProps) {
  const [isDialogOpen, setDialogOpen] = useState(false);
  const trigger = (
    <Button
      variant="subtle"
      size="small"
      className="pl-help-button"
      aria-label={`Help for ${label}`}
      onPress={text.length > helpTextDialogThreshold ? () => setDialogOpen(true) : undefined}
    >
      ?
    </Button>
  );
  if (text.length > helpTextDialogThreshold) {
    return (
      <>
        {trigger}
        <Modal
          title={label}
          isOpen={isDialogOpen}
          onOpenChange={setDialogOpen}
          buttons={[{ kind: 'ok', onPress: () => setDialogOpen(false) }]}
        >
          <p className="pl-help-text-long">{text}</p>
        </Modal>
      </>
    );
  }
  return (
    <DialogTrigger>
      {trigger}
      <Popover placement="top" className="pl-tooltip pl-help-tooltip" offset={6}>
        <Dialog aria-label={`Help for ${label}`}>{text}</Dialog>
      </Popover>
    </DialogTrigger>
  );
}
