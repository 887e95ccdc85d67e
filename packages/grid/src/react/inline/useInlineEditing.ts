import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GridColumn } from '../../columns/columnModel.js';
import { type InlineEditability, inlineEditability } from '../../columns/inlineEditability.js';
import type { InlineEditField, RowId } from '../../types.js';
import type { DataGridInlineEdit } from '../DataGrid.types.js';
import type { InlineGridState } from '../gridContext.js';
import { type CellAddress, type InlineMove, moveInlineCell } from './inlineNavigation.js';

/** A lookup or relationship the grid cannot pick records for is not supported inline. */
function usableField(
  field: InlineEditField | undefined,
  hasPickerData: boolean,
): InlineEditField | undefined {
  if (!field || (field.kind !== 'lookup' && field.kind !== 'relationshipMany')) return field;
  return field.picker && hasPickerData ? field : { ...field, kind: 'unsupported' };
}

/** The first editable cell is focused this long after inline editing starts (spec 02 §4). */
export const inlineEditFocusDelayMs = 100;

export interface InlineEditingInput {
  isInline: boolean;
  inlineEdit: DataGridInlineEdit | undefined;
  columns: readonly GridColumn[];
  /** The visible record rows, in order (group rows left out). */
  recordIds: readonly RowId[];
  scrollToRecord: (eid: RowId) => void;
}

/**
 * The grid's inline-editing state: which columns can be edited, the active cell (the first
 * editable one 100 ms after editing starts), and keyboard moves between cells.
 */
export function useInlineEditing({
  isInline,
  inlineEdit,
  columns,
  recordIds,
  scrollToRecord,
}: InlineEditingInput): {
  inlineState: InlineGridState | null;
  savedIds: ReadonlySet<RowId>;
} {
  const editability = useMemo<Record<string, InlineEditability>>(
    () =>
      Object.fromEntries(
        columns.map((c) => [
          c.id,
          inlineEditability({
            column: c,
            isInlineEditing: isInline,
            hasForm: inlineEdit?.hasForm ?? false,
            field: usableField(inlineEdit?.fields?.[c.id], inlineEdit?.pickerDataSource !== undefined),
          }),
        ]),
      ),
    [columns, isInline, inlineEdit?.hasForm, inlineEdit?.fields, inlineEdit?.pickerDataSource],
  );
  const editableColumnIds = useMemo(
    () => columns.filter((c) => editability[c.id]?.isEditable).map((c) => c.id),
    [columns, editability],
  );
  const [active, setActive] = useState<CellAddress | null>(null);
  const activeRef = useRef(active);
  activeRef.current = active;
  const onActiveCellChange = inlineEdit?.onActiveCellChange;
  const activate = useCallback(
    (cell: CellAddress | null) => {
      setActive(cell);
      onActiveCellChange?.(cell);
    },
    [onActiveCellChange],
  );
  const firstRecord = recordIds[0];
  const firstEditable = editableColumnIds[0];
  // Only on entering inline editing (or when the first editable cell first appears), not on every row change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!isInline) {
      setActive(null);
      return;
    }
    if (firstRecord === undefined || firstEditable === undefined) return;
    // A cell the user picked meanwhile stays active.
    const timer = setTimeout(() => {
      if (!activeRef.current) activate({ eid: firstRecord, colid: firstEditable });
    }, inlineEditFocusDelayMs);
    return () => clearTimeout(timer);
  }, [isInline, firstRecord === undefined, firstEditable]);

  const move = (how: InlineMove): boolean => {
    if (!active) return false;
    const next = moveInlineCell(recordIds, editableColumnIds, active, how);
    if (!next) return false;
    // Blur first so editors that settle on blur (numbers) report their value.
    (document.activeElement as HTMLElement | null)?.blur?.();
    scrollToRecord(next.eid);
    activate(next);
    return true;
  };
  const moveRef = useRef(move);
  moveRef.current = move;
  const stableMove = useCallback((how: InlineMove) => moveRef.current(how), []);
  const records = inlineEdit?.records;
  const onCellEdit = inlineEdit?.onCellEdit;
  const onInvalidValue = inlineEdit?.onInvalidValue;
  const pickerDataSource = inlineEdit?.pickerDataSource;
  const inlineState = useMemo<InlineGridState | null>(
    () =>
      isInline && onCellEdit
        ? {
            editability,
            records: records ?? {},
            active,
            activate,
            move: stableMove,
            onCellEdit,
            onInvalidValue: onInvalidValue ?? (() => undefined),
            pickerDataSource,
          }
        : null,
    [
      isInline,
      editability,
      records,
      active,
      activate,
      stableMove,
      onCellEdit,
      onInvalidValue,
      pickerDataSource,
    ],
  );
  const savedIds = useMemo(() => new Set(inlineEdit?.savedIds ?? []), [inlineEdit?.savedIds]);
  return { inlineState, savedIds };
}
