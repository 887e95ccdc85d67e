import {
  DateInput,
  NumericInput,
  type PickerDataSource,
  RecordPicker,
  SelectList,
  TextInput,
} from '@plinth/fields';
import {
  dateOperatorIdsFor,
  filterOperatorLabels,
  takesArgument,
  takesRecords,
} from '../../filters/filterOperators.js';
import type { FilterChange } from '../../filters/filterState.js';
import { isRange } from '../../filters/filterState.js';
import type { Filter, FilterRange } from '../../filters/filterTypes.js';
import { maxFilterTextLength } from '../../filters/normaliseFilterValue.js';
import {
  fromDateTimeValue,
  fromDateValue,
  fromTimeValue,
  toDateTimeValue,
  toDateValue,
  toTimeValue,
} from './filterDateValues.js';

export interface FilterValueEditorProps {
  filter: Filter;
  onChange: (change: FilterChange) => void;
  /** Where choice and record filters read their records; without one they cannot be changed. */
  pickerDataSource?: PickerDataSource | undefined;
}

const boolOptions = [
  { id: 'true', label: 'Yes' },
  { id: 'false', label: 'No' },
];

/** The value field of a filter, by its value type; nothing for operators that take no value. */
export function FilterValueEditor({ filter, onChange, pickerDataSource }: FilterValueEditorProps) {
  const label = filter.operatorId === 'ResultLimit' ? filter.name : `${filter.name} value`;
  const setValue = (value: unknown) => onChange({ kind: 'value', value });
  if (filter.operatorId === 'IsOnly') {
    return (
      <SelectList
        label={`${filter.name} period`}
        options={dateOperatorIdsFor('IsOnly').map((id) => ({ id, label: filterOperatorLabels[id] }))}
        value={filter.dateOperatorId ? [filter.dateOperatorId] : []}
        onValueChange={([id]) =>
          id !== undefined && onChange({ kind: 'dateOperator', dateOperatorId: id as never })
        }
      />
    );
  }
  if (!takesArgument(filter.operatorId)) return null;
  if (filter.operatorId === 'InTheLast' || filter.operatorId === 'InTheNext') {
    return (
      <span className="pl-filter-value pl-filter-value--relative">
        <NumericInput
          label={`${filter.name} count`}
          min={1}
          max={10_000}
          value={filter.dateOperatorValue}
          onValueChange={(value) => onChange({ kind: 'dateOperatorValue', value })}
        />
        <SelectList
          label={`${filter.name} unit`}
          options={dateOperatorIdsFor(filter.operatorId).map((id) => ({
            id,
            label: filterOperatorLabels[id],
          }))}
          value={filter.dateOperatorId ? [filter.dateOperatorId] : []}
          onValueChange={([id]) =>
            id !== undefined && onChange({ kind: 'dateOperator', dateOperatorId: id as never })
          }
        />
      </span>
    );
  }
  if (takesRecords(filter.operatorId)) {
    if (!pickerDataSource || filter.entityTypeId === null) {
      return (
        <TextInput
          label={label}
          value={filter.choiceSelectedOptions.map((o) => o.name).join(', ')}
          isReadOnly
        />
      );
    }
    return (
      <RecordPicker
        label={label}
        isMulti
        entityTypeName={filter.name}
        dataSource={pickerDataSource}
        config={{
          typeId: filter.entityTypeId,
          reportId: filter.pickerId,
          isDropdown: true,
          isEnumeration: filter.columnType === 'ChoiceRelationship',
          isPeople: filter.columnType === 'UserInlineRelationship',
        }}
        value={filter.filterEids}
        onValueChange={(ids, rows) =>
          onChange({
            kind: 'choices',
            options: ids.map((id) => ({
              id,
              name:
                rows.find((r) => r.id === id)?.name ??
                filter.choiceSelectedOptions.find((o) => o.id === id)?.name ??
                '',
            })),
          })
        }
      />
    );
  }
  if (isRange(filter.value) || filter.operatorId === 'Between') {
    const range: FilterRange = isRange(filter.value) ? filter.value : { from: null, to: null };
    return <RangeEditor filter={filter} range={range} onChange={onChange} />;
  }
  const value = filter.value;
  switch (filter.operatorsFieldType) {
    case 'String':
      return (
        <TextInput
          label={label}
          maxLength={maxFilterTextLength}
          value={typeof value === 'string' ? value : ''}
          onValueChange={setValue}
        />
      );
    case 'Int32':
    case 'Decimal':
    case 'Currency':
      return (
        <NumericInput
          label={label}
          isFloating={filter.operatorsFieldType !== 'Int32'}
          isCurrency={filter.operatorsFieldType === 'Currency'}
          {...(filter.operatorId === 'ResultLimit' ? { min: 1 } : {})}
          value={typeof value === 'number' ? value : null}
          onValueChange={setValue}
        />
      );
    case 'Bool':
      return (
        <SelectList
          label={label}
          options={boolOptions}
          placeholder="Any"
          value={typeof value === 'boolean' ? [String(value)] : []}
          onValueChange={([id]) => setValue(id === undefined ? null : id === 'true')}
        />
      );
    case 'Date':
      return (
        <DateInput
          kind="date"
          label={label}
          value={toDateValue(typeof value === 'string' ? value : null)}
          onValueChange={(v) => setValue(fromDateValue(v))}
        />
      );
    case 'DateTime':
      return (
        <DateInput
          kind="dateTime"
          label={label}
          value={toDateTimeValue(typeof value === 'string' ? value : null)}
          onValueChange={(v) => setValue(fromDateTimeValue(v))}
        />
      );
    case 'Time':
      return (
        <DateInput
          kind="time"
          label={label}
          value={toTimeValue(typeof value === 'string' ? value : null)}
          onValueChange={(v) => setValue(fromTimeValue(v))}
        />
      );
    default:
      return null;
  }
}

interface RangeEditorProps {
  filter: Filter;
  range: FilterRange;
  onChange: (change: FilterChange) => void;
}

/** The two bounds of a Between filter; for dates each bound caps the other in the calendar too. */
function RangeEditor({ filter, range, onChange }: RangeEditorProps) {
  const bound = (which: 'from' | 'to', value: string | null) =>
    onChange({ kind: 'bound', bound: which, value });
  const fromLabel = `${filter.name} from`;
  const toLabel = `${filter.name} to`;
  if (filter.operatorsFieldType === 'TimeRange') {
    return (
      <span className="pl-filter-value pl-filter-value--range">
        <DateInput
          kind="time"
          label={fromLabel}
          value={toTimeValue(range.from)}
          onValueChange={(v) => bound('from', fromTimeValue(v))}
        />
        <DateInput
          kind="time"
          label={toLabel}
          value={toTimeValue(range.to)}
          onValueChange={(v) => bound('to', fromTimeValue(v))}
        />
      </span>
    );
  }
  if (filter.operatorsFieldType === 'DateTimeRange') {
    const from = toDateTimeValue(range.from);
    const to = toDateTimeValue(range.to);
    return (
      <span className="pl-filter-value pl-filter-value--range">
        <DateInput
          kind="dateTime"
          label={fromLabel}
          value={from}
          max={to ? toDateValue(datePart(range.to)) : null}
          onValueChange={(v) => bound('from', fromDateTimeValue(v))}
        />
        <DateInput
          kind="dateTime"
          label={toLabel}
          value={to}
          min={from ? toDateValue(datePart(range.from)) : null}
          onValueChange={(v) => bound('to', fromDateTimeValue(v))}
        />
      </span>
    );
  }
  const from = toDateValue(range.from);
  const to = toDateValue(range.to);
  return (
    <span className="pl-filter-value pl-filter-value--range">
      <DateInput
        kind="date"
        label={fromLabel}
        value={from}
        max={to}
        onValueChange={(v) => bound('from', fromDateValue(v))}
      />
      <DateInput
        kind="date"
        label={toLabel}
        value={to}
        min={from}
        onValueChange={(v) => bound('to', fromDateValue(v))}
      />
    </span>
  );
}

/** The local date of an ISO instant, `yyyy-MM-dd`. */
function datePart(iso: string | null): string | null {
  const at = toDateTimeValue(iso);
  if (!at) return null;
  return `${String(at.year).padStart(4, '0')}-${String(at.month).padStart(2, '0')}-${String(at.day).padStart(2, '0')}`;
}
