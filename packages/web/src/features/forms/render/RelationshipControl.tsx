import { ChoiceGroup, type PickerDataSource, RecordPicker, SelectList } from '@plinth/fields';
import type { EnumValue } from '@plinth/schema';
import { useEffect, useState } from 'react';
import { useSession } from '../../auth/public';
import { endPickerConfig } from '../../pickerData/public';
import type { RecordFormMode } from '../record/recordFormApi';
import { pickedRecords } from '../record/recordValues';
import { RelationshipTable } from '../relationship/RelationshipTable';
import { type RelatedRecord, relatedRecords } from '../relationship/relationshipChanges';
import { isTableEnd, tableValueOf } from '../relationship/relationshipTableValue';
import { ReadOnlyControl } from './FieldControl';
import type { FormRelationshipNode } from './formTree';

export interface RelationshipControlProps {
  node: FormRelationshipNode;
  value: unknown;
  errorText?: string | undefined;
  isReadOnly: boolean;
  isMandatory: boolean;
  pickerDataSource: PickerDataSource;
  /** Related records (a choice, a lookup), or a relationship table's value with its changes. */
  onValueChange: (value: RelatedRecord[] | ReturnType<typeof tableValueOf>) => void;
  /** A lookup's picker report named by its page component; absent: the end's, else the type's. */
  pickerReportId?: number | undefined;
  /** A choice as a select list (default), or all its options at once: radio buttons or a checklist. */
  choiceDisplay?: 'select' | 'radio' | 'checklist' | undefined;
  /** The form's record, mode and read count: a relationship table lists that record's related records. */
  form?: {
    mode: RecordFormMode;
    recordId: number;
    recordName: string | null;
    typeName: string;
    loadIndex: number;
  };
}

/** The type at the control's other end: the records it relates to. */
export const relatedTypeId = (node: FormRelationshipNode) =>
  node.end.direction === 'fwd' ? node.end.toTypeId : node.end.fromTypeId;

const isChoice = (node: FormRelationshipNode) =>
  node.end.relType === 'choiceField' || node.end.relType === 'multiChoiceField';

/** A choice type's values, read once per control. */
function useChoiceValues(typeId: number, isWanted: boolean): EnumValue[] | null {
  const { client } = useSession();
  const [values, setValues] = useState<EnumValue[] | null>(null);
  useEffect(() => {
    if (!isWanted) return;
    const controller = new AbortController();
    client.enumValues(typeId, controller.signal).then(
      (v) => !controller.signal.aborted && setValues(v),
      () => !controller.signal.aborted && setValues([]),
    );
    return () => controller.abort();
  }, [client, typeId, isWanted]);
  return values;
}

/**
 * A relationship control of a record form: a choice (select list), a lookup (the record picker),
 * or — for ends that reach many records — the relationship table. Read-only, the related records'
 * names (a table: its records without its actions).
 */
export function RelationshipControl({
  node,
  value,
  errorText,
  isReadOnly,
  isMandatory,
  pickerDataSource,
  onValueChange,
  form,
  choiceDisplay,
  pickerReportId,
}: RelationshipControlProps) {
  const choices = useChoiceValues(relatedTypeId(node), !isReadOnly && isChoice(node));
  if (form && isTableEnd(node)) {
    const table = tableValueOf(value);
    return (
      <RelationshipTable
        recordId={form.recordId > 0 ? form.recordId : undefined}
        recordTypeName={form.typeName}
        recordName={form.recordName}
        end={node.end}
        title={node.title}
        helpText={node.helpText}
        errorText={errorText}
        isMandatory={isMandatory}
        mode={form.mode}
        isReadOnly={isReadOnly}
        pickerDataSource={pickerDataSource}
        readRecords={table.read}
        value={table.changes}
        onValueChange={(changes) => onValueChange({ read: table.read, changes })}
        refreshToken={form.loadIndex}
      />
    );
  }
  const related = relatedRecords(value);
  const isMulti = node.end.relType === 'multiChoiceField' || node.isToMany;
  const base = {
    label: node.title,
    ...(node.helpText ? { helpText: node.helpText } : {}),
    ...(errorText ? { errorText } : {}),
    isMandatory,
  };
  if (isReadOnly || (node.isToMany && node.end.relType !== 'multiChoiceField')) {
    return (
      <ReadOnlyControl title={node.title} helpText={node.helpText} errorText={errorText}>
        {related.length === 0 ? (
          <span className="pl-form-value__empty">—</span>
        ) : isMulti ? (
          <ul className="pl-form-value__list">
            {related.map((r) => (
              <li key={r.id}>{r.name ?? 'Unnamed resource'}</li>
            ))}
          </ul>
        ) : (
          related.map((r) => r.name ?? 'Unnamed resource').join(', ')
        )}
      </ReadOnlyControl>
    );
  }
  if (isChoice(node)) {
    const options = (choices ?? [])
      .filter((c) => !c.isRetired || related.some((r) => r.id === c.id))
      .map((c) => ({ id: c.id, label: c.name ?? 'Unnamed resource', colour: c.colour }));
    // A page's choice component may show every option at once (spec 03 §3 'choice display').
    const Choice = choiceDisplay === 'radio' || choiceDisplay === 'checklist' ? ChoiceGroup : SelectList;
    return (
      <Choice
        {...base}
        options={options}
        isMulti={isMulti}
        value={related.map((r) => r.id)}
        onValueChange={(ids) =>
          onValueChange(
            ids.flatMap((id) => {
              const option = options.find((o) => o.id === id);
              return option ? [{ id: option.id, name: option.label }] : [];
            }),
          )
        }
      />
    );
  }
  return (
    <RecordPicker
      {...base}
      config={{ typeId: relatedTypeId(node), isDropdown: true, ...endPickerConfig(node.end, pickerReportId) }}
      dataSource={pickerDataSource}
      entityTypeName={node.title}
      value={related.map((r) => r.id)}
      onValueChange={(ids, rows) => onValueChange(pickedRecords(ids, rows, related))}
    />
  );
}
