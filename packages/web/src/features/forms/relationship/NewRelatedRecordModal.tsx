import { Modal, type ModalButton } from '@plinth/ui';
import { RecordFormBody } from '../record/RecordFormBody';
import { recordFormModalSize, recordFormTitle } from '../record/recordFormTitle';
import { UnsavedChangesDialog, useCloseUnlessUnsaved } from '../record/UnsavedChangesDialog';
import { useFormTextSettings } from '../record/useFormTextSettings';
import { useRecordForm } from '../record/useRecordForm';
import { countContainers } from '../render/formTree';
import type { NewRecordModalProps } from './relatedRecordForms';

/** The related type, the record it relates to (through its end of `parent.key`), and where its values go. */
export type NewRelatedRecordModalProps = NewRecordModalProps;

/**
 * 'New {type name}' for a relationship table: the related type's form in new mode (spec 01 form
 * modal, spec 03 §2 "Related-record form in a modal"), its end to the parent filled in. Save checks
 * the values as the form's own save does (and asks the server's form checks), then hands them to
 * the table: the record is created when the parent is saved, so discarding the parent drops it.
 */
export function NewRelatedRecordModal({ typeId, parent, onClose, onCreated }: NewRelatedRecordModalProps) {
  const state = useRecordForm({ mode: 'new', typeId, preset: parent, deferCreate: onCreated });
  const settings = useFormTextSettings(undefined);
  const loaded = state.load.status === 'ready' ? state.load.loaded : null;
  const title = loaded ? recordFormTitle('new', loaded.record.name, loaded.type.type.name) : '';
  const { close, dialog } = useCloseUnlessUnsaved(state.isDirty, onClose);
  const buttons: ModalButton[] = [
    { kind: 'cancel', onPress: close, variant: 'outline' },
    {
      kind: 'custom',
      label: 'Save',
      onPress: () => void state.save(),
      variant: 'primary',
      isDisabled: !loaded || state.isSaving,
    },
  ];
  return (
    <>
      <Modal
        title={title}
        isOpen
        onOpenChange={(open) => {
          if (!open) close();
        }}
        size={recordFormModalSize(loaded ? countContainers(loaded.tree) : 0)}
        buttons={buttons}
      >
        <RecordFormBody state={state} settings={settings} />
      </Modal>
      <UnsavedChangesDialog {...dialog} />
    </>
  );
}
