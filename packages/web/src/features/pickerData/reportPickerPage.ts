import type { PickerCondition, PickerPage, PickerReportMeta, PickerRow } from '@plinth/fields';
import type { ReportRunResponse } from '@plinth/schema';

type Meta = NonNullable<ReportRunResponse['meta']>;
type Cell = ReportRunResponse['gdata'][number]['values'][number];

function cellText(cell: Cell | undefined): string | null {
  if (!cell) return null;
  if ('vals' in cell) {
    const names = cell.vals.map((v) => v.val).filter((name): name is string => !!name);
    return names.length > 0 ? names.join(', ') : null;
  }
  if (cell.val === null) return null;
  // The server's text for the value (an auto-number's display pattern, decision 0023).
  if (typeof cell.text === 'string') return cell.text;
  if (typeof cell.val === 'boolean') return cell.val ? 'Yes' : 'No';
  return String(cell.val);
}

const conditionValue = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The report's own conditions that hold a value; only the full metadata carries them. */
function conditionsOf(meta: Meta): PickerCondition[] {
  return Object.values(meta.anlcols).flatMap((c) => {
    const value = c.values?.length ? c.values.map(conditionValue).join(', ') : conditionValue(c.value);
    return c.hidden || value === '' ? [] : [{ title: c.title, operator: c.oper ?? null, value }];
  });
}

/**
 * A report answer as the picker shows it (spec 02 §3 "Picker report request"): the name column
 * labels each record (a choice's colour comes with it), the visible columns feed the modal grid.
 */
export function reportPickerPage(
  answer: ReportRunResponse,
  options: { isPerson: boolean; isFullMetadata: boolean },
): PickerPage {
  const meta = answer.meta;
  // gdata values follow the report's column order (ord), hidden columns included.
  const byOrd = Object.entries(meta?.rcols ?? {})
    .map(([id, column]) => ({ id, column }))
    .sort((a, b) => a.column.ord - b.column.ord);
  const nameAt = byOrd.findIndex(({ column }) => column.entityname === true);
  const report: PickerReportMeta | undefined = meta && {
    title: meta.title,
    columns: byOrd
      .filter(({ column }) => !column.hide)
      .map(({ id, column }) => ({ id, title: column.title, isName: column.entityname === true })),
    conditions: options.isFullMetadata ? conditionsOf(meta) : null,
  };
  if (nameAt < 0) return { rows: [], hasNameColumn: false, ...(report ? { report } : {}) };
  const visible = byOrd.flatMap(({ column }, at) => (column.hide ? [] : [at]));
  const rows = answer.gdata.map((row): PickerRow => {
    const cell = row.values[nameAt];
    const cells = visible.map((at) => cellText(row.values[at]));
    if (cell && 'vals' in cell) {
      const first = cell.vals[0];
      return { id: row.eid, name: first?.val ?? null, colour: first?.color ?? null, cells };
    }
    return {
      id: row.eid,
      name: cell && cell.val !== null ? (cell.text ?? String(cell.val)) : null,
      ...(options.isPerson ? { isPerson: true } : {}),
      cells,
    };
  });
  return { rows, hasNameColumn: true, ...(report ? { report } : {}) };
}
