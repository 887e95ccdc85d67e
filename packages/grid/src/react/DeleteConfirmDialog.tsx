import { Modal } from '@plinth/ui';
import type { DeleteConfirmation } from '../machine/delete/deleteConfirmation.js';
import { type DeleteItem, deleteMessages } from '../machine/delete/deleteMessages.js';

/** The dialog's title (spec 01 §2 "Modals"). */
export const deleteConfirmTitle = 'Confirm delete';

export interface DeleteConfirmDialogProps {
  /** The open confirmation; undefined when closed. */
  confirmation: DeleteConfirmation | undefined;
  /** The delete is being performed: Yes and No wait for it. */
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A record's name, or 'Unnamed resource' (spec 02 §5). */
const nameOf = (item: DeleteItem) => item.name?.trim() || 'Unnamed resource';

/**
 * 'Confirm delete' (spec 01 §2, §8), for the report grid and the runner's record pages alike:
 * names what is deleted and lists the records that go with it, in a list at most 24rem high that
 * scrolls (spec 01 §9). Yes waits for the list: nothing is deleted that was not shown.
 */
export function DeleteConfirmDialog({
  confirmation,
  isBusy = false,
  onConfirm,
  onCancel,
}: DeleteConfirmDialogProps) {
  const isLoading = confirmation?.isLoading ?? true;
  return (
    <Modal
      title={deleteConfirmTitle}
      role="alertdialog"
      size="small"
      isOpen={confirmation !== undefined}
      onOpenChange={(open) => {
        if (!open && !isBusy) onCancel();
      }}
      buttons={[
        { kind: 'no', onPress: onCancel, isDisabled: isBusy },
        { kind: 'yes', onPress: onConfirm, isDisabled: isLoading || isBusy },
      ]}
    >
      {confirmation && (
        <div className="pl-delete-confirm" aria-busy={isBusy || undefined}>
          <p className="pl-delete-confirm__message">{confirmation.message}</p>
          {isLoading && (
            <p className="pl-delete-confirm__loading" role="status">
              {deleteMessages.loadingDetails}
            </p>
          )}
          {confirmation.dependentsHeading && <DependentsList confirmation={confirmation} />}
        </div>
      )}
    </Modal>
  );
}

/** The dependents, each with the records that lead to it when that is not plain (several chosen, or deeper). */
function DependentsList({ confirmation }: { confirmation: DeleteConfirmation }) {
  const headingId = 'pl-delete-confirm-dependents';
  const isPlain = (path: readonly DeleteItem[]) => confirmation.items.length === 1 && path.length <= 1;
  return (
    <>
      <p id={headingId} className="pl-delete-confirm__heading">
        {confirmation.dependentsHeading}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard must reach a list that scrolls */}
      <ul className="pl-delete-confirm__dependents" aria-labelledby={headingId} tabIndex={0}>
        {confirmation.dependents.map((d) => (
          <li key={d.id}>
            <span className="pl-delete-confirm__type">{d.typeName}</span> {nameOf(d)}
            {!isPlain(d.path) && (
              <span className="pl-delete-confirm__path">
                {' '}
                (of {d.path.map((p) => `${p.typeName} '${nameOf(p)}'`).join(' › ')})
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
