import { saveParentFirstMessage } from '../formMessages';
import './relationshipTable.css';
import type { PickerDataSource } from '@plinth/fields';
import { FieldWrapper, RecordPickerModal } from '@plinth/fields';
import type { TypeSchemaRelationship } from '@plinth/schema';
import { useState } from 'react';
import { useSession } from '../../auth/public';
import { endPickerConfig } from '../../pickerData/public';
import type { RecordFormMode } from '../record/recordFormApi';
import { PendingChanges } from './PendingChanges';
import { RelatedRecordsView } from './RelatedRecordsView';
import { RelationshipTableToolbar } from './RelationshipTableToolbar';
import { useRelatedRecordForms } from './relatedRecordForms';
import {
  addNewRecord,
  excludeRecord,
  flaggedIds,
  includeRecords,
  type RelatedRecord,
  type RelationshipChanges,
} from './relationshipChanges';
import { relatedTypeOfEnd, relationshipTableRules } from './relationshipTableRules';
import { otherEndKey } from './relationshipTableValue';
import { rowName, useRelatedRows } from './useRelatedRows';
import { useRelatedType } from './useRelatedType';

/** Relationship table rows per page (spec 03 §9). */
export const defaultRowsPerPage = 6;

export interface RelationshipTableProps {
  /** The record whose related records are shown; absent or 0: a new record, not saved yet. */
  recordId: number | undefined;
  /** The record's type name ('You must save the {parent type} …'). */
  recordTypeName: string;
  /** The record's name: a new related record's form shows it in its end to this record. */
  recordName?: string | null | undefined;
  /** The relationship end shown (its direction leads to the related records). */
  end: TypeSchemaRelationship;
  title: string;
  helpText?: string | undefined;
  errorText?: string | undefined;
  isMandatory?: boolean;
  /** view: the records only; edit and new: add, create and remove as well (unless read-only). */
  mode: RecordFormMode;
  isReadOnly?: boolean;
  /** Component style (spec 03 §3): a data table (default) or an inline list. */
  displayAs?: 'dataTable' | 'inline';
  rowsPerPage?: number;
  /** Open records in a modal form (default); false: `onNavigateToRecord`. */
  openRecordsInModal?: boolean;
  onNavigateToRecord?: ((id: number) => void) | undefined;
  /**
   * The display report (the control's relationshipDisplayReport); absent: the end's own, else the
   * type's display report (decision 0110).
   */
  displayReportId?: number | undefined;
  /** The picker report of 'Add existing'; absent: the end's own, else the type's picker report. */
  pickerReportId?: number | undefined;
  pickerDataSource: PickerDataSource;
  /** The related records as read with the record (the first few): which ids are related already. */
  readRecords: readonly RelatedRecord[];
  /** The changes not saved yet (spec 03 §4 "Relationship includes and excludes"). */
  value: RelationshipChanges;
  onValueChange: (value: RelationshipChanges) => void;
  /** Each change reads the records again (after the record is saved). */
  refreshToken?: number;
  /** The rows the user selected (a page publishes them as SelectedRecords, spec 03 §3). */
  onSelectionChange?: ((ids: readonly number[]) => void) | undefined;
}

let newKeys = 0;

/**
 * The relationship component of spec 03 (issue 17 item 3) for an end that reaches many records:
 * the related records through the display report, 6 a page, with the changes not saved yet shown
 * (added records included, removed ones left out, new ones listed); in edit and new modes 'Add
 * existing' (the picker modal), 'New {type}' (the related record's form in a modal, saved with this
 * record) and 'Remove'; a record opens in a modal form, or by navigating.
 */
export function RelationshipTable(props: RelationshipTableProps) {
  const { client } = useSession();
  const { end, value, onValueChange, recordId, readRecords } = props;
  const rowsPerPage = Math.max(1, Math.min(100, props.rowsPerPage ?? defaultRowsPerPage));
  const relatedTypeId = relatedTypeOfEnd(end);
  const relatedType = useRelatedType(client, relatedTypeId);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'pick' | 'new' | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const inclids = flaggedIds(value, true);
  const exclids = flaggedIds(value, false);
  const rows = useRelatedRows(client, {
    reportId: props.displayReportId,
    relatedTypeId,
    recordId,
    end,
    inclids,
    exclids,
    page,
    rowsPerPage,
    refreshToken: (props.refreshToken ?? 0) + refreshes,
  });
  const forms = useRelatedRecordForms();
  const rules = relationshipTableRules({ ...props, relatedType });
  const readIds = new Set(readRecords.map((r) => r.id));
  // Related when saved already: read with the record, or shown by the relationship and not added here.
  const isRelated = (id: number) =>
    readIds.has(id) || (value.flags[id] !== true && rows.rows.some((r) => r.eid === id));
  const change = (next: RelationshipChanges) => {
    setNotice(null);
    onValueChange(next);
  };
  const remove = () => {
    let next = value;
    for (const id of selected) {
      const row = rows.rows.find((r) => r.eid === id);
      next = excludeRecord(next, id, isRelated, row ? rowName(rows.meta, row) : null);
    }
    setSelected([]);
    props.onSelectionChange?.([]);
    change(next);
  };
  const startNew = () => {
    if (!recordId) setNotice(saveParentFirstMessage(props.recordTypeName, relatedType?.name ?? ''));
    else setDialog('new');
  };
  const canNavigate = props.openRecordsInModal === false && props.onNavigateToRecord !== undefined;
  const open = (id: number) => {
    if (canNavigate) props.onNavigateToRecord?.(id);
    else if (forms) setOpened(id);
  };
  return (
    <fieldset className="pl-rel-table" aria-label={props.title}>
      <FieldWrapper
        label={props.title}
        helpText={props.helpText}
        errorText={props.errorText}
        isMandatory={props.isMandatory === true}
        labelMode="plain"
      >
        {rules.canChange && (
          <RelationshipTableToolbar
            typeName={relatedType?.name ?? props.title}
            canCreate={rules.canCreate && forms !== null}
            canRemove={rules.canRemove && selected.length > 0}
            canOpen={selected.length === 1 && (forms !== null || canNavigate)}
            onAdd={() => setDialog('pick')}
            onNew={startNew}
            onRemove={remove}
            onOpen={() => selected[0] !== undefined && open(selected[0])}
          />
        )}
        {notice && (
          <p className="pl-rel-table__notice" role="alert">
            {notice}
          </p>
        )}
        <RelatedRecordsView
          title={props.title}
          displayAs={props.displayAs ?? 'dataTable'}
          rows={rows}
          rowsPerPage={rowsPerPage}
          page={page}
          onPageChange={setPage}
          isSelectable={rules.canChange}
          selectedIds={selected}
          onSelectionChange={(ids) => {
            setSelected(ids);
            props.onSelectionChange?.(ids);
          }}
          onOpen={open}
          {...(rules.canChange && rules.canRemove
            ? {
                onRemove: (id: number, name: string | null) =>
                  change(excludeRecord(value, id, isRelated, name)),
              }
            : {})}
          pendingIds={inclids}
        />
        <PendingChanges value={value} isReadOnly={!rules.canChange} onValueChange={change} />
      </FieldWrapper>
      {dialog === 'pick' && (
        <RecordPickerModal
          isOpen
          onOpenChange={(isOpen) => !isOpen && setDialog(null)}
          entityTypeName={relatedType?.name ?? props.title}
          config={{ typeId: relatedTypeId, ...endPickerConfig(end, props.pickerReportId) }}
          dataSource={props.pickerDataSource}
          isMulti
          selectedIds={[]}
          onSelect={(picked) => {
            setDialog(null);
            change(includeRecords(value, picked, isRelated));
          }}
        />
      )}
      {dialog === 'new' && recordId && forms ? (
        <forms.NewRecordModal
          typeId={relatedTypeId}
          parent={{ key: otherEndKey(end), record: { id: recordId, name: props.recordName ?? null } }}
          onClose={() => setDialog(null)}
          onCreated={(body, name) => {
            setDialog(null);
            change(addNewRecord(value, { key: `rel${++newKeys}`, typeId: relatedTypeId, name, body }));
          }}
        />
      ) : null}
      {opened !== null && forms && (
        <forms.OpenRecordModal
          id={opened}
          mode={rules.canChange ? 'edit' : 'view'}
          onClose={() => setOpened(null)}
          onSaved={() => setRefreshes((n) => n + 1)}
        />
      )}
    </fieldset>
  );
}
