import { type ActionItem, recordActionIds } from '@plinth/schema';
import { Button, MenuButton } from '@plinth/ui';
import { useEffect, useState } from 'react';
import { fetchFormActions } from '../../../api/formApi';
import { useSession } from '../../auth/public';

export interface RecordActionsProps {
  typeId: number;
  /** The record shown; none for a new one. */
  recordId: number | undefined;
  /** Opens a new record of a type (one of the type-creation menu's); without it no New is offered. */
  onCreate?: ((typeId: number) => void) | undefined;
  /** Starts the delete flow for the record; without it no Delete is offered. */
  onDelete?: (() => void) | undefined;
}

/** The actions a record's form offers, as the server enables them for it (actions/formActions). */
export function useFormActions(typeId: number, recordId: number | undefined): ActionItem[] {
  const { client } = useSession();
  const [actions, setActions] = useState<ActionItem[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    let isCurrent = true;
    fetchFormActions(
      client,
      { entityTypeId: typeId, ids: recordId === undefined ? [] : [recordId] },
      { signal: controller.signal, isCurrent: () => isCurrent },
    ).then(
      (menu) => {
        if (menu) setActions(menu.actions);
      },
      // Without actions the form still shows and saves; the buttons are what is lost.
      () => setActions([]),
    );
    return () => {
      isCurrent = false;
      controller.abort();
    };
  }, [client, typeId, recordId]);
  return actions;
}

/**
 * A record form's action buttons (spec 03 §1): the type-creation menu — New, listing the type and
 * the derived types the user may create, a plain button when there is only one — and Delete,
 * enabled only when the server says this record may be deleted.
 */
export function RecordActions({ typeId, recordId, onCreate, onDelete }: RecordActionsProps) {
  const actions = useFormActions(typeId, recordId);
  const creatable = onCreate ? actions.filter((a) => a.isnew && a.isenabled) : [];
  const remove = actions.find((a) => a.id === recordActionIds.delete);
  const canDelete = onDelete !== undefined && recordId !== undefined && remove?.isenabled === true;
  if (creatable.length === 0 && !canDelete) return null;
  return (
    <div className="pl-record-view__actions" role="toolbar" aria-label="Record actions">
      {creatable.length === 1 && (
        <Button variant="outline" onPress={() => onCreate?.(creatable[0]!.eid)}>
          {creatable[0]!.displayname}
        </Button>
      )}
      {creatable.length > 1 && (
        <MenuButton
          label="New"
          variant="outline"
          items={creatable.map((a) => ({
            id: `new-${a.eid}`,
            label: a.label ?? a.name,
            onAction: () => onCreate?.(a.eid),
          }))}
        />
      )}
      {canDelete && (
        <Button variant="outline" onPress={onDelete}>
          {remove.label ?? remove.name}
        </Button>
      )}
    </div>
  );
}
