import type { CellTextSettings } from '@plinth/grid';
import { Modal, type ModalButton } from '@plinth/ui';
import { NewRelatedRecordModal } from '../relationship/NewRelatedRecordModal';
import {
  type OpenRecordModalProps,
  type RelatedRecordForms,
  RelatedRecordFormsContext,
} from '../relationship/relatedRecordForms';
import { countContainers } from '../render/formTree';
import { RecordFormBody } from './RecordFormBody';
import type { RecordFormMode } from './recordFormApi';
import { recordFormButtonLabel, recordFormModalSize, recordFormTitle } from './recordFormTitle';
import { UnsavedChangesDialog, useCloseUnlessUnsaved } from './UnsavedChangesDialog';
import { useFormTextSettings } from './useFormTextSettings';
import { useRecordForm } from './useRecordForm';

export interface RecordFormModalProps {
  mode: RecordFormMode;
  entityId?: number | undefined;
  typeId?: number | undefined;
  isOpen: boolean;
  onClose: () => void;
  onSaved?: (id: number, mode: RecordFormMode) => void;
  settings?: CellTextSettings | undefined;
}

/**
 * A record form in a modal (spec 01 §2, §4): titled 'Edit {name}', 'View {name}' or 'New {type
 * name}', with Save (new), Update (edit) or Close (view); small with 4 or fewer containers, else
 * medium. Closing a form with unsaved changes asks first.
 */
export function RecordFormModal({
  mode,
  entityId,
  typeId,
  isOpen,
  onClose,
  onSaved,
  settings,
}: RecordFormModalProps) {
  const state = useRecordForm({ mode, entityId, typeId });
  const textSettings = useFormTextSettings(settings);
  const loaded = state.load.status === 'ready' ? state.load.loaded : null;
  const title = loaded ? recordFormTitle(state.mode, loaded.record.name, loaded.type.type.name) : '';
  const { close, dialog } = useCloseUnlessUnsaved(state.isDirty, onClose);
  const save = async () => {
    const wasNew = state.mode === 'new';
    const outcome = await state.save();
    if (!outcome.ok) return;
    onSaved?.(outcome.id, wasNew ? 'new' : 'edit');
    onClose();
  };
  const buttons: ModalButton[] =
    state.mode === 'view'
      ? [{ kind: 'close', onPress: onClose, variant: 'primary' }]
      : [
          { kind: 'cancel', onPress: close, variant: 'outline' },
          {
            kind: 'custom',
            label: recordFormButtonLabel(state.mode),
            onPress: () => void save(),
            variant: 'primary',
            isDisabled: !loaded || state.isSaving,
          },
        ];
  return (
    <>
      <Modal
        title={title}
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        size={recordFormModalSize(loaded ? countContainers(loaded.tree) : 0)}
        buttons={buttons}
      >
        <RelatedRecordFormsContext value={relatedRecordForms}>
          <RecordFormBody state={state} settings={textSettings} />
        </RelatedRecordFormsContext>
      </Modal>
      <UnsavedChangesDialog {...dialog} />
    </>
  );
}

function OpenRecordModal({ id, mode, onClose, onSaved }: OpenRecordModalProps) {
  return <RecordFormModal mode={mode} entityId={id} isOpen onClose={onClose} onSaved={onSaved} />;
}

/** The forms a relationship table opens: a related record's in this modal, a new one's. */
export const relatedRecordForms: RelatedRecordForms = {
  OpenRecordModal,
  NewRecordModal: NewRelatedRecordModal,
};
