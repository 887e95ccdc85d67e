import {
  boundComponentType,
  type NavigationAction,
  type RunnerPageResponse,
  type TypeSchemaResponse,
} from '@plinth/schema';
import { Button, toast } from '@plinth/ui';
import { useCallback, useMemo, useState } from 'react';
import {
  MultistepFormPage,
  type NewRecordLink,
  RelatedRecordFormsContext,
  relatedRecordForms,
  saveFormPage,
  useFormPageReady,
} from '../../forms/public';
import { useNotificationRefreshOn } from '../../notifications/public';
import { createPageBus, type PageBus, type PageFormMode, PageRenderer } from '../../pages/public';
import { registerPageComponentRenderers } from '../page/pageComponentRenderers';

registerPageComponentRenderers();

/** Whether a page is a form page: it has data-bound components (decision 0086). */
export const isFormPage = (page: RunnerPageResponse | null): page is RunnerPageResponse =>
  page?.content.components.some((c) => boundComponentType(c.typeAlias) !== undefined) === true;

export interface FormPageRecordProps {
  page: RunnerPageResponse;
  type: TypeSchemaResponse;
  mode: 'create' | 'edit' | 'view';
  record: { id: number; name: string | null } | null;
  /** Where a new record starts related (the route's relEid, relTypeId, relDir). */
  link?: NewRecordLink | null;
  onDirtyChange(isDirty: boolean): void;
  onSaved(id: number, saved: 'new' | 'edit'): void;
  /** The page's bus when the route shares it (the record's actions post on it); else its own. */
  bus?: PageBus;
}

const formModes = { create: 'new', edit: 'edit', view: 'view' } as const;

/**
 * A record route's form page (decision 0094): the type's record page with its bound components on
 * the record (PageInput), with Save or Update and Discard changes, or Edit in view mode; a multistep
 * page walks its steps instead.
 */
export function FormPageRecord({
  page,
  type,
  mode,
  record,
  link,
  onDirtyChange,
  onSaved,
  bus: given,
}: FormPageRecordProps) {
  const bus = useMemo(() => given ?? createPageBus(), [given]);
  useNotificationRefreshOn(bus);
  const [formMode, setFormMode] = useState<PageFormMode>(formModes[mode]);
  const [isSaving, setSaving] = useState(false);
  const [isDirty, setDirty] = useState(false);
  const isReady = useFormPageReady(bus);
  const context = useMemo(
    () => ({
      app: page.app,
      page: page.page,
      record: record ? { id: record.id, typeId: type.type.id, name: record.name } : null,
      formMode,
      ...(link && !record ? { newRecordLink: link } : {}),
    }),
    [page, record, type, formMode, link],
  );
  const dirtyChanged = useCallback(
    (dirty: boolean) => {
      setDirty(dirty);
      onDirtyChange(dirty);
    },
    [onDirtyChange],
  );
  const onNavigate = useCallback((action: NavigationAction) => {
    console.warn('A form page asked to navigate; the record route does not follow it', action);
  }, []);
  const finished = (id: number, wasNew: boolean) => {
    toast.success(wasNew ? 'Record created' : 'Changes saved');
    onSaved(id, wasNew ? 'new' : 'edit');
  };
  if (page.page.type === 'singleRecordMultistepEdit')
    return (
      <RelatedRecordFormsContext value={relatedRecordForms}>
        <MultistepFormPage
          content={page.content}
          context={context}
          bus={bus}
          type={type}
          onNavigate={onNavigate}
          onDirtyChange={dirtyChanged}
          onFinished={(saved) => {
            // In a modal the record stays on screen: it is stored now, so its next save is an Update.
            if (formMode === 'new') setFormMode('edit');
            finished(saved.id, formMode === 'new');
          }}
        />
      </RelatedRecordFormsContext>
    );
  const save = async () => {
    const wasNew = formMode === 'new';
    setSaving(true);
    const outcome = await saveFormPage(bus);
    setSaving(false);
    if (!outcome.ok) return;
    if (!wasNew && outcome.saved.every((s) => s.written === false)) {
      toast.info('There are no changes to save.');
      return;
    }
    const id = outcome.saved[0]?.id ?? record?.id;
    if (wasNew) setFormMode('edit');
    if (id !== undefined) finished(id, wasNew);
  };
  return (
    <div className="pl-record-form-page">
      {/* Related records open and are created in their own forms, in modals (decision 0082). */}
      <RelatedRecordFormsContext value={relatedRecordForms}>
        <PageRenderer
          content={page.content}
          context={context}
          onNavigate={onNavigate}
          onDirtyChange={dirtyChanged}
          bus={bus}
        />
      </RelatedRecordFormsContext>
      <div className="pl-record-form__actions">
        {formMode === 'view' ? (
          <Button variant="primary" onPress={() => setFormMode('edit')}>
            Edit
          </Button>
        ) : (
          <>
            <Button variant="primary" onPress={save} isDisabled={isSaving || !isReady}>
              {formMode === 'new' ? 'Save' : 'Update'}
            </Button>
            {isDirty && (
              <Button
                variant="outline"
                onPress={() => bus.send({ type: 'DISCARD_CHANGES' })}
                isDisabled={isSaving}
              >
                Discard changes
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
