import type { PickerDataSource } from '@plinth/fields';
import {
  type CellTextSettings,
  type ColumnModelOptions,
  canRunAction,
  type DataGridInlineEdit,
  groupsWithMore as groupsWithMoreOf,
  inlineCellError,
  offeredActions,
  type QuickMenuAction,
  type ReportSnapshot,
} from '@plinth/grid';
import { sysField } from '@plinth/schema';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ReportActor } from './ReportToolbar';

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const sameSet = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * What the grid shows, read from the report machine with selectors that change only when their
 * part does, so a 200-row page does not re-render on unrelated events.
 */
export function useReportRows(actor: ReportActor) {
  const rows = useSelector(actor, (s) => s.context.rows);
  const groups = useSelector(actor, (s) => s.context.groups);
  const groupsWithMore = useSelector(actor, groupsWithMoreOf, sameSet);
  const total = useSelector(actor, (s) => s.context.total);
  const mode = useSelector(actor, (s) => s.context.mode);
  const selectedIds = useSelector(actor, (s) => s.context.selectedIds);
  const settings = useSelector(actor, (s) => s.context.tenantSettings);
  const entity = useSelector(actor, (s) => s.context.reportEntity);
  const personTypeIds = useSelector(actor, (s) => s.context.personDerivedTypeIds, sameList);
  const form = useSelector(actor, (s) => s.context.inlineEditForm);
  const editedRecords = useSelector(actor, (s) => s.context.editedRecords);
  const savedIds = useSelector(actor, (s) => s.context.savedIds);
  const actions = useSelector(actor, offeredActions, sameList);
  const enabled = useSelector(actor, (s: ReportSnapshot) => actions.map((a) => canRunAction(s, a)), sameList);

  const textSettings = useMemo<CellTextSettings>(
    () => ({
      locale: settings.locale || 'en-AU',
      currencySymbol: settings.currencySymbol || '$',
      ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
    }),
    [settings],
  );
  const columnOptions = useMemo<ColumnModelOptions>(() => {
    const aliases = [entity?.typeAlias, ...(entity?.inheritedTypeAliases ?? [])];
    return {
      isDocumentReport: aliases.includes('core:document'),
      isTaskReport: aliases.includes('core:task'),
      isPersonReport: aliases.includes('core:person'),
      personTypeIds: new Set(personTypeIds),
      fileSizeFieldId: sysField.fileSize,
    };
  }, [entity, personTypeIds]);

  return {
    rows,
    groups,
    groupsWithMore,
    total,
    mode,
    selectedIds,
    textSettings,
    columnOptions,
    actions,
    isEnabled: (action: QuickMenuAction) => enabled[actions.indexOf(action)] ?? false,
    inlineEdit: (pickerDataSource: PickerDataSource): DataGridInlineEdit => ({
      hasForm: form !== undefined,
      fields: form?.fields ?? {},
      records: editedRecords,
      savedIds,
      pickerDataSource,
      // Checked against the form as it changes: an invalid record stays red and is not sent.
      onCellEdit: (eid, cell) =>
        actor.send({ type: 'EDIT_CELL', eid, cell, error: inlineCellError(form?.fields[cell.colid], cell) }),
      onInvalidValue: (eid, colid, error) => actor.send({ type: 'INVALID_DATE', eid, colid, error }),
      onActiveCellChange: (cell) => {
        if (cell) actor.send({ type: 'START_ROW_EDIT', eid: cell.eid });
      },
    }),
  };
}
