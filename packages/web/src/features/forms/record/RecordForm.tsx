import type { CellTextSettings } from '@plinth/grid';
import { Button, toast } from '@plinth/ui';
import { useEffect, useState } from 'react';
import { RelatedRecordFormsContext } from '../relationship/relatedRecordForms';
import type { NewRecordLink } from './newRecordLink';
import { RecordFormBody } from './RecordFormBody';
import { relatedRecordForms } from './RecordFormModal';
import type { RecordFormMode } from './recordFormApi';
import { recordFormButtonLabel, recordFormTitle } from './recordFormTitle';
import { useFormTextSettings } from './useFormTextSettings';
import { useRecordForm } from './useRecordForm';

export interface RecordFormProps {
  mode: RecordFormMode;
  /** The record shown (view, edit). */
  entityId?: number | undefined;
  /** The type of the new record (new). */
  typeId?: number | undefined;
  /** Where a new record starts related (the runner's relEid, relTypeId, relDir). */
  preset?: NewRecordLink | undefined;
  settings?: CellTextSettings | undefined;
  /** Shows the title as the page's heading; a host that shows it itself says false. */
  showTitle?: boolean;
  onTitle?: (title: string) => void;
  /** After a save, with the record's id (a new record's new id). */
  onSaved?: (id: number, mode: RecordFormMode) => void;
  onDirtyChange?: (isDirty: boolean) => void;
}

/**
 * A record in its form on a page (issue 17): view mode shows the values (and an Edit button when
 * the record may be changed); edit mode saves the changed fields with Update; new mode creates the
 * record with Save and goes on editing it under its new id.
 */
export function RecordForm({
  mode: initialMode,
  entityId,
  typeId,
  preset,
  settings,
  showTitle = true,
  onTitle,
  onSaved,
  onDirtyChange,
}: RecordFormProps) {
  const [requestedMode, setRequestedMode] = useState(initialMode);
  useEffect(() => setRequestedMode(initialMode), [initialMode]);
  const state = useRecordForm({ mode: requestedMode, entityId, typeId, preset });
  const textSettings = useFormTextSettings(settings);
  const loaded = state.load.status === 'ready' ? state.load.loaded : null;
  const title = loaded ? recordFormTitle(state.mode, loaded.record.name, loaded.type.type.name) : undefined;
  useEffect(() => {
    if (title) onTitle?.(title);
  }, [title, onTitle]);
  useEffect(() => onDirtyChange?.(state.isDirty), [state.isDirty, onDirtyChange]);

  const save = async () => {
    const wasNew = state.mode === 'new';
    const outcome = await state.save();
    if (!outcome.ok) return;
    if (outcome.unchanged) {
      toast.info('There are no changes to save.');
      return;
    }
    toast.success(wasNew ? 'Record created' : 'Changes saved');
    onSaved?.(outcome.id, wasNew ? 'new' : 'edit');
  };
  const canEdit = loaded?.record.canModify === true;
  return (
    <section className="pl-record-form-page" aria-label={title}>
      {showTitle && title && <h1 className="pl-record-form-page__title">{title}</h1>}
      <RelatedRecordFormsContext value={relatedRecordForms}>
        <RecordFormBody state={state} settings={textSettings} />
      </RelatedRecordFormsContext>
      {loaded && (
        <div className="pl-record-form__actions">
          {state.mode === 'view' ? (
            canEdit && (
              <Button variant="primary" onPress={() => setRequestedMode('edit')}>
                Edit
              </Button>
            )
          ) : (
            <>
              <Button variant="primary" onPress={save} isDisabled={state.isSaving}>
                {recordFormButtonLabel(state.mode)}
              </Button>
              {state.isDirty && (
                <Button variant="outline" onPress={state.reload} isDisabled={state.isSaving}>
                  Discard changes
                </Button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
