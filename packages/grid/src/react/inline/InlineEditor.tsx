import {
  Checkbox,
  DateInput,
  LazyRichTextEditor,
  NumericInput,
  type PickerDataSource,
  RecordPicker,
  SelectList,
  TextInput,
} from '@plinth/fields';
import { useState } from 'react';
import type { CellTextSettings } from '../../columns/cellText.js';
import type { GridColumn } from '../../columns/columnModel.js';
import type { CellEdit, InlineEditField, InlineEditorKind, ReportCell } from '../../types.js';
import {
  boolOf,
  dateEditorValue,
  editedRaw,
  idsOf,
  numberOf,
  storedDateValue,
  textOf,
} from './inlineEditValues.js';

export interface InlineEditorProps {
  column: GridColumn;
  field: InlineEditField & { kind: InlineEditorKind };
  cell: ReportCell | undefined;
  edit: CellEdit | undefined;
  settings: CellTextSettings;
  isError: boolean;
  pickerDataSource?: PickerDataSource;
  onEdit: (edit: CellEdit) => void;
  /** An invalid typed date, time or date-time: 'Invalid date.', 'Invalid time.' or 'Invalid date time.'. */
  onInvalid: (message: string) => void;
}

/**
 * The field editor of an inline-edited cell, from @plinth/fields by field kind (spec 02 §3
 * "Inline-edit field kinds"); every change is reported as the cell's edit.
 */
export function InlineEditor({
  column,
  field,
  cell,
  edit,
  settings,
  isError,
  pickerDataSource,
  onEdit,
  onInvalid,
}: InlineEditorProps) {
  const raw = editedRaw(cell, edit);
  const [initial] = useState(raw);
  const member = {
    colid: column.id,
    ...(column.meta.fid !== undefined ? { fid: column.meta.fid } : {}),
    ...(column.meta.rid !== undefined ? { rid: column.meta.rid } : {}),
    ...(column.meta.rev !== undefined ? { rev: column.meta.rev } : {}),
  };
  const report = (value: unknown, text?: string) =>
    onEdit({ ...member, value, ...(text !== undefined ? { text } : {}) });
  const base = {
    label: column.title,
    isError,
    isMandatory: field.isRequired ?? false,
  };
  // A cleared number is empty, not 0: a required one is refused, an untouched empty one is no edit.
  const numeric = {
    ...base,
    value: numberOf(initial),
    onValueChange: (v: number) => report(v),
    onClear: () => report(null),
  };
  const bounds = {
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
  };
  switch (field.kind) {
    case 'text':
    case 'multilineText':
      return (
        <TextInput
          {...base}
          defaultValue={textOf(initial)}
          onValueChange={(v) => report(v)}
          isMultiline={field.kind === 'multilineText'}
          rows={1}
          resize="none"
          {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})}
        />
      );
    case 'richText':
      return (
        <LazyRichTextEditor
          {...base}
          defaultValue={textOf(initial)}
          onValueChange={(html) => report(html)}
          size="small"
          {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})}
        />
      );
    case 'bool':
      return <Checkbox {...base} defaultValue={boolOf(initial)} onValueChange={(v) => report(v)} />;
    case 'int':
      return <NumericInput {...numeric} {...bounds} isFloating={false} />;
    case 'decimal':
      return (
        <NumericInput
          {...numeric}
          {...bounds}
          isFloating
          decimalPlaces={field.places ?? column.places ?? 2}
        />
      );
    case 'currency':
      return (
        <NumericInput
          {...numeric}
          {...bounds}
          isCurrency
          isFloating
          decimalPlaces={field.places ?? column.places ?? 2}
        />
      );
    case 'date':
      return (
        <DateInput
          {...base}
          kind="date"
          locale={settings.locale}
          defaultValue={dateEditorValue('date', initial)}
          onValueChange={(v) => report(storedDateValue('date', v))}
          onInvalid={onInvalid}
        />
      );
    case 'time':
      return (
        <DateInput
          {...base}
          kind="time"
          locale={settings.locale}
          defaultValue={dateEditorValue('time', initial)}
          onValueChange={(v) => report(storedDateValue('time', v))}
          onInvalid={onInvalid}
        />
      );
    case 'dateTime':
      return (
        <DateInput
          {...base}
          kind="dateTime"
          locale={settings.locale}
          defaultValue={dateEditorValue('dateTime', initial, settings.timeZone)}
          onValueChange={(v) => report(storedDateValue('dateTime', v, settings.timeZone))}
          onInvalid={onInvalid}
        />
      );
    case 'choice': {
      const options = (field.options ?? []).map((o) => ({
        id: o.id,
        label: o.label,
        colour: o.colour ?? null,
      }));
      return (
        <SelectList
          {...base}
          options={options}
          defaultValue={idsOf(initial)}
          onValueChange={(ids) =>
            report(
              ids,
              options
                .filter((o) => ids.includes(o.id))
                .map((o) => o.label)
                .join(', '),
            )
          }
        />
      );
    }
    case 'lookup':
    case 'relationshipMany': {
      if (!field.picker || !pickerDataSource) return null;
      return (
        <RecordPicker
          {...base}
          config={{
            typeId: field.picker.typeId,
            ...(field.picker.reportId !== undefined ? { reportId: field.picker.reportId } : {}),
            ...(field.picker.relationshipEnd ? { relationshipEnd: field.picker.relationshipEnd } : {}),
            ...(field.picker.isPeople ? { isPeople: true } : {}),
          }}
          dataSource={pickerDataSource}
          entityTypeName={field.picker.entityTypeName}
          isMulti={field.kind === 'relationshipMany'}
          value={idsOf(initial)}
          onValueChange={(ids, rows) =>
            report(
              ids,
              rows
                .filter((r) => ids.includes(r.id))
                .map((r) => r.name ?? '')
                .join(', '),
            )
          }
        />
      );
    }
  }
}
