import type { PatchEntityRequest } from '@plinth/schema';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../../api/apiClient';
import { ApiError } from '../../../api/apiClient';
import { validateFormData } from '../../../api/formApi';
import { useSession } from '../../auth/public';
import {
  createRecordWithRelated,
  newRecordKey,
  putRecordWithRelated,
} from '../relationship/relatedRecordSave';
import { type NewRecordLink, withNewRecordLink } from './newRecordLink';
import {
  createRecord,
  type LoadedRecordForm,
  loadRecordForm,
  patchRecord,
  type RecordFormMode,
} from './recordFormApi';
import {
  changedControls,
  checkValues,
  createdRelatedRecords,
  type FormValue,
  type FormValues,
  isEditableControl,
  memberKey,
  saveBody,
  savedValues,
  serverErrors,
  valuesOfRecord,
} from './recordValues';

export type RecordFormLoad =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; loaded: LoadedRecordForm };

/** The outcome of a save: saved (with the record's id), or refused and kept on screen. */
/** A save's outcome; `unchanged` when there was nothing to write, and nothing was. */
export type SaveOutcome = { ok: true; id: number; unchanged?: boolean } | { ok: false };

/** Said when a save is refused because someone else changed the record after it was read. */
export const staleRecordMessage =
  'Someone else changed this record after you opened it, so your changes were not saved. Reload it to see their changes (yours will be lost), or keep your changes on screen to copy them first.';

/** Said above the form when values are not valid; each message is under its field. */
export const correctErrorsMessage = 'Some values are not valid. Correct them and save again.';

/** A value worth sending for a new record: not empty, not an empty list of related records. */
const hasValue = (value: FormValue) =>
  value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);

/**
 * The form's own checks on the server (POST form/validate): its controls' mandatory flags and
 * custom validations on the record as it would be saved. The messages by control id, or null when
 * the form is valid — or when the check could not run (the save's own checks still apply).
 */
async function formRefusals(
  client: ApiClient,
  loaded: LoadedRecordForm,
  isNew: boolean,
  body: PatchEntityRequest,
): Promise<Record<string, string> | null> {
  const { form, record } = loaded;
  try {
    const verdict = await validateFormData(client, {
      ...(form.id !== null ? { formId: form.id } : {}),
      formData: isNew ? { typeId: record.typeId, ...body } : { id: record.id, ...body },
      changedFields: Object.keys(body.fields ?? {}),
      changedRelationships: Object.keys(body.relationships ?? {}),
    });
    if (verdict.isValid) return null;
    const errors: Record<string, string> = {};
    for (const [controlId, messages] of Object.entries(verdict.errors))
      if (messages.length > 0) errors[controlId] = messages.join(' ');
    return Object.keys(errors).length > 0 ? errors : null;
  } catch {
    return null;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface RecordFormState {
  load: RecordFormLoad;
  mode: RecordFormMode;
  values: FormValues;
  errors: Readonly<Record<string, string>>;
  /** A message about the whole form (a refusal naming no field, a failed save). */
  formError: string | null;
  /** The last save was refused as stale (412): offer to reload. */
  isStale: boolean;
  isSaving: boolean;
  isDirty: boolean;
  setValue: (controlId: string, value: FormValue) => void;
  /** Puts a message under a control (a typed date that is not one). */
  setError: (controlId: string, message: string) => void;
  /** Checks and saves: the changed fields of an existing record, or a new record. */
  save: () => Promise<SaveOutcome>;
  /** Reads the record again, dropping the edits. */
  reload: () => void;
  /** Keeps the edits and closes the stale message. */
  keepEdits: () => void;
}

/**
 * A record form's data and its save (spec 03 §4 "New record", issue 17 item 6): the values as read,
 * the user's edits, validation before saving with spec 03 §5's messages, and the save — only the
 * changed fields with the version read (a newer version is refused, the edits kept), or a new
 * record, whose id is taken after the save.
 */
export function useRecordForm(target: {
  mode: RecordFormMode;
  entityId?: number | undefined;
  typeId?: number | undefined;
  /**
   * A new record starts related to this record through the end of this script name: shown in
   * that end's to-one control, and saved with the record even where no such control shows it.
   */
  preset?: NewRecordLink | undefined;
  /** A new record is not created: its checked values are handed here, saved later with another. */
  deferCreate?: ((body: PatchEntityRequest, name: string | null) => void) | undefined;
}): RecordFormState {
  const { client } = useSession();
  // A new record once saved is edited as the record it became.
  const [savedId, setSavedId] = useState<number | undefined>(undefined);
  const mode: RecordFormMode = savedId !== undefined ? 'edit' : target.mode;
  const entityId = savedId ?? target.entityId;
  const [generation, setGeneration] = useState(0);
  const [load, setLoad] = useState<RecordFormLoad>({ status: 'loading' });
  const [read, setRead] = useState<FormValues>({});
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isStale, setStale] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const shownKey = useRef<string | null>(null);
  const presetRef = useRef(target.preset);
  presetRef.current = target.preset;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation asks for the record again
  useEffect(() => {
    const controller = new AbortController();
    // Reading the same record again (after a save, or to reload) keeps the form on screen meanwhile.
    const key = `${mode}|${entityId}|${target.typeId}`;
    if (shownKey.current !== key) setLoad({ status: 'loading' });
    shownKey.current = key;
    loadRecordForm(client, { mode, entityId, typeId: target.typeId }, controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        const initial = valuesOfRecord(loaded.controls, loaded.record);
        const preset = mode === 'new' ? presetRef.current : undefined;
        for (const node of loaded.controls)
          if (preset && node.kind === 'relationship' && !node.isToMany && memberKey(node) === preset.key)
            initial[node.id] = [preset.record];
        setRead(initial);
        setValues(initial);
        setErrors({});
        setFormError(null);
        setStale(false);
        setLoad({ status: 'ready', loaded });
      },
      (error) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [client, mode, entityId, target.typeId, generation]);

  const loaded = load.status === 'ready' ? load.loaded : null;
  const changed = useMemo(
    () => (loaded ? changedControls(loaded.controls, read, values) : []),
    [loaded, read, values],
  );

  const setValue = useCallback((controlId: string, value: FormValue) => {
    setValues((current) => ({ ...current, [controlId]: value }));
    setErrors((current) => {
      if (!(controlId in current)) return current;
      const { [controlId]: _, ...rest } = current;
      return rest;
    });
  }, []);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (!loaded || savingRef.current) return { ok: false };
    const { controls, readOnlyControls, record } = loaded;
    const checked = checkValues(controls, values, readOnlyControls);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      setFormError(correctErrorsMessage);
      return { ok: false };
    }
    const isNew = mode === 'new';
    // A new record sends every value it has (its defaults included); an existing one what changed.
    const toSend = isNew
      ? controls.filter((n) => isEditableControl(n, readOnlyControls) && hasValue(checked.values[n.id]))
      : changed.filter((n) => isEditableControl(n, readOnlyControls));
    if (!isNew && toSend.length === 0) return { ok: true, id: record.id, unchanged: true };
    savingRef.current = true;
    setSaving(true);
    setFormError(null);
    try {
      const preset = isNew && !target.deferCreate ? presetRef.current : undefined;
      // A new record's start link is saved with it even where no to-one control it may change shows it.
      const isShown = controls.some(
        (n) =>
          n.kind === 'relationship' &&
          !n.isToMany &&
          memberKey(n) === preset?.key &&
          isEditableControl(n, readOnlyControls),
      );
      const body = withNewRecordLink(saveBody(toSend, checked.values), preset, isShown);
      const refused = await formRefusals(client, loaded, isNew, body);
      if (refused) {
        // Messages of controls the form does not show (hidden ones) are said above the form.
        const shown = new Set(controls.map((n) => n.id));
        const elsewhere = Object.entries(refused).filter(([id]) => !shown.has(id));
        setErrors(Object.fromEntries(Object.entries(refused).filter(([id]) => shown.has(id))));
        setFormError([correctErrorsMessage, ...elsewhere.map(([, message]) => message)].join(' '));
        return { ok: false };
      }
      if (isNew && target.deferCreate) {
        const name = checked.values[controls.find((n) => memberKey(n) === 'name')?.id ?? ''];
        target.deferCreate(body, typeof name === 'string' && name.trim() ? name : null);
        return { ok: true, id: 0 };
      }
      const created = createdRelatedRecords(toSend, checked.values, isNew ? newRecordKey : record.id);
      const id = isNew
        ? created.length > 0
          ? await createRecordWithRelated(client, record.typeId, body, created)
          : await createRecord(client, record.typeId, body)
        : created.length > 0
          ? await putRecordWithRelated(client, record, body, created)
          : (await patchRecord(client, record.id, record.version, body)).id;
      // What was saved is what the record holds now: nothing is unsaved while it is read again.
      const saved = savedValues(controls, checked.values);
      setRead(saved);
      setValues(saved);
      if (isNew) setSavedId(id);
      else setGeneration((g) => g + 1);
      return { ok: true, id };
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStale(true);
        setFormError(staleRecordMessage);
      } else if (error instanceof ApiError && error.code === 'validation_failed') {
        const refused = serverErrors(controls, error.details);
        setErrors(refused.byControl);
        setFormError([correctErrorsMessage, ...refused.other].join(' '));
      } else setFormError(messageOf(error));
      return { ok: false };
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [client, loaded, values, changed, mode, target.deferCreate]);

  const setError = useCallback(
    (controlId: string, message: string) => setErrors((current) => ({ ...current, [controlId]: message })),
    [],
  );
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const keepEdits = useCallback(() => {
    setStale(false);
    setFormError(null);
  }, []);

  return {
    load,
    mode,
    values,
    errors,
    formError,
    isStale,
    isSaving,
    isDirty: changed.length > 0,
    setValue,
    setError,
    save,
    reload,
    keepEdits,
  };
}
