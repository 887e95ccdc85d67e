import { isUnchangedValue, readCellValue } from '../../query/inlineCellChange.js';
import type { CellEdit, InlineEditedRecord, InlineEditField, RowId } from '../../types.js';
import type { ReportContext } from '../reportMachineTypes.js';

const key = (eid: RowId) => String(eid);

/** What a row showed when read: the cell's value, its editor kind and the record's version. */
export interface ReadCell {
  value: unknown;
  kind?: InlineEditField['kind'];
  version?: number;
}

/**
 * Records an edited cell; its error replaces the column's earlier one (or clears it when valid).
 * A value that is the one read is no edit: the cell (and its error) goes, and a record left with
 * no edit is no longer modified (issue 12). The record keeps the version its row was read at
 * from its first edit on: the save sends it, so a record changed since is not overwritten.
 */
export function withEditedCell(
  records: Record<string, InlineEditedRecord>,
  eid: RowId,
  cell: CellEdit,
  error: string | undefined,
  read?: ReadCell,
): Record<string, InlineEditedRecord> {
  const record = records[key(eid)] ?? { eid, cells: {}, errors: {} };
  const cells = { ...record.cells };
  const errors = { ...record.errors };
  const unchanged = read !== undefined && isUnchangedValue(read.kind, read.value, cell.value);
  if (error && !unchanged) errors[cell.colid] = error;
  else delete errors[cell.colid];
  if (unchanged) delete cells[cell.colid];
  else cells[cell.colid] = cell;
  const version = record.version ?? read?.version;
  const next: InlineEditedRecord = { eid, cells, errors, ...(version === undefined ? {} : { version }) };
  if (Object.keys(cells).length === 0 && Object.keys(errors).length === 0) {
    const { [key(eid)]: _dropped, ...rest } = records;
    return rest;
  }
  return { ...records, [key(eid)]: next };
}

/** An invalid typed date keeps the earlier value and puts the error on the column until corrected. */
export function withInvalidDate(
  records: Record<string, InlineEditedRecord>,
  eid: RowId,
  colid: string,
  error: string,
): Record<string, InlineEditedRecord> {
  const record = records[key(eid)] ?? { eid, cells: {}, errors: {} };
  return { ...records, [key(eid)]: { ...record, errors: { ...record.errors, [colid]: error } } };
}

/** Whether any edited record has a changed cell. */
export function hasModifiedRecords(records: Record<string, InlineEditedRecord>): boolean {
  return Object.values(records).some((r) => Object.keys(r.cells).length > 0);
}

/** What a row showed in a column when read, with its editor kind and the record's version. */
export function readCell(context: ReportContext, eid: RowId, colid: string): ReadCell | undefined {
  const row = context.rows.find((r) => r.eid === eid);
  const column = context.meta?.rcols[colid];
  if (!row || !column) return undefined;
  const kind = context.inlineEditForm?.fields[colid]?.kind;
  return {
    // A row's values are in column order: a column's `ord` is its index.
    value: readCellValue(row.values[column.ord]),
    ...(kind === undefined ? {} : { kind }),
    ...(row.version === undefined ? {} : { version: row.version }),
  };
}
