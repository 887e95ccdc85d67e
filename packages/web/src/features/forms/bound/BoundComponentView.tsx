import { RecordPicker } from '@plinth/fields';
import {
  type BoundComponentProperties,
  boundComponentType,
  type FormControl,
  notConfiguredText,
} from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useSelector } from '@xstate/react';
import { type CSSProperties, useMemo } from 'react';
import { useSession } from '../../auth/public';
import type { PageComponentProps } from '../../pages/public';
import { endPickerConfig, pickerSource } from '../../pickerData/public';
import { DocumentsControl } from '../documents/DocumentsControl';
import { pickedRecords } from '../record/recordValues';
import { useFormTextSettings } from '../record/useFormTextSettings';
import { RelationshipTable } from '../relationship/RelationshipTable';
import { relatedRecords } from '../relationship/relationshipChanges';
import { isTableEnd, tableValueOf } from '../relationship/relationshipTableValue';
import { FieldControl } from '../render/FieldControl';
import type { FormFieldNode, FormRelationshipNode } from '../render/formTree';
import { RelationshipControl, relatedTypeId } from '../render/RelationshipControl';
import { type BoundMember, isMandatoryMember } from './boundMembers';
import type { FormPageAdapter } from './formPageAdapter';
import { useBoundComponent } from './useBoundComponent';
import './boundComponents.css';

/** The control a member shows through: the record form's own control nodes. */
function controlOf(id: string, member: BoundMember, mandatory: boolean): FormControl {
  return {
    id,
    ...(member.kind === 'field'
      ? { fieldToRender: member.field.id }
      : { relationshipToRender: member.end.id }),
    isReversed: member.kind === 'relationship' && member.end.direction === 'rev',
    mandatory,
    readOnlyControl: false,
    isHidden: false,
    customValidationAlwaysValidate: false,
  } as FormControl;
}

function PageNotice({ adapter }: { adapter: FormPageAdapter }) {
  const notice = adapter.getNotice();
  if (!notice) return null;
  return (
    <div className={`pl-record-form__alert${notice.isStale ? ' is-stale' : ''}`} role="alert">
      <p>{notice.message}</p>
      {notice.isStale && (
        <div className="pl-record-form__alert-actions">
          <Button variant="primary" size="small" onPress={() => adapter.reload()}>
            Reload
          </Button>
          <Button variant="outline" size="small" onPress={() => adapter.keepEdits()}>
            Keep my changes
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * A data-bound component of a form page (spec 03 §1–§3): its member of the page's record through
 * the entity adapter, shown with the record form's building blocks (FieldControl for fields;
 * RelationshipControl, the choice group or the record picker for relationships), read-only in
 * view mode, where its page makes it so, or where the record or member cannot be changed.
 */
export function BoundComponentView({
  component,
  properties,
  isReadOnly,
  runtime,
}: PageComponentProps<BoundComponentProperties>) {
  const { client } = useSession();
  const settings = useFormTextSettings(undefined);
  const dataSource = useMemo(() => pickerSource(client), [client]);
  const { adapter, status, value, errorText } = useBoundComponent(component, runtime);
  const record = useSelector(adapter.actor, (s) => s.context.record);
  const bound = adapter.component(component.id);
  const member = adapter.member(component.id);
  const relatedType = member?.kind === 'relationship' ? relatedTypeId(member as never) : 0;
  const type = boundComponentType(component.typeAlias);
  if (status === 'loading' || !bound)
    return <div className="pl-page-loading" role="status" aria-busy="true" aria-label="Loading" />;
  if (status === 'failed')
    return (
      <div className="pl-page-placeholder" role="note">
        The record could not be read.
      </div>
    );
  if (!member)
    // An unmapped field (spec 03 §8): the component says so in its place.
    return (
      <div className="pl-page-placeholder" role="note" data-missing-field="true">
        {type ? notConfiguredText(type) : 'This component is not available'}
      </div>
    );
  const readOnly = isReadOnly || !adapter.isEditable(component.id);
  const isMandatory = isMandatoryMember(bound, member);
  const own = properties.fieldPageComponentLabel?.trim();
  const title =
    own ||
    component.name.trim() ||
    (member.kind === 'field'
      ? member.field.name
      : member.end.direction === 'rev'
        ? member.end.fromName
        : member.end.toName);
  const helpText = properties.fieldPageComponentHelpText?.trim() || undefined;
  const control = controlOf(component.id, member, bound.style.mandatory);
  const onValueChange = (next: unknown) => adapter.setValue(component.id, next);
  const notice = adapter.noticeHost() === component.id ? <PageNotice adapter={adapter} /> : null;
  const style = { '--pl-bound-rows': bound.style.height } as CSSProperties;

  let body: React.ReactNode;
  if (member.kind === 'field') {
    const node: FormFieldNode = {
      kind: 'field',
      id: component.id,
      control,
      field: member.field,
      title,
      helpText,
    };
    body = (
      <FieldControl
        node={node}
        value={value}
        errorText={errorText}
        isReadOnly={readOnly}
        isMandatory={isMandatory}
        settings={settings}
        resetKey={adapter.revision}
        onValueChange={onValueChange}
        onInvalid={() => {}}
      />
    );
  } else {
    const node: FormRelationshipNode = {
      kind: 'relationship',
      id: component.id,
      control,
      end: member.end,
      isToMany: member.isToMany,
      title,
      helpText,
    };
    const related = relatedRecords(value);
    const ext = component.extendedProperties ?? {};
    if (bound.kind === 'lookup' && !bound.style.displayAsDropdown && !readOnly)
      body = (
        <RecordPicker
          label={title}
          {...(helpText ? { helpText } : {})}
          {...(errorText ? { errorText } : {})}
          isMandatory={isMandatory}
          config={{
            typeId: relatedType,
            isDropdown: false,
            ...endPickerConfig(member.end, ext.pickerReportId),
          }}
          dataSource={dataSource}
          entityTypeName={title}
          value={related.map((r) => r.id)}
          onValueChange={(ids, rows) => onValueChange(pickedRecords(ids, rows, related))}
        />
      );
    else if (bound.kind === 'documents')
      body = (
        <DocumentsControl
          title={title}
          helpText={helpText}
          recordId={record && !record.isNew ? record.id : undefined}
          recordTypeName={adapter.typeName()}
          relationshipId={member.end.id}
          direction={member.end.direction}
          isReadOnly={readOnly}
          style={bound.style}
          refreshToken={adapter.revision}
        />
      );
    else if (bound.kind === 'relationship' && record && isTableEnd(node)) {
      const table = tableValueOf(value);
      body = (
        <RelationshipTable
          recordId={record.isNew ? undefined : record.id}
          recordTypeName={adapter.typeName()}
          recordName={record.name}
          end={member.end}
          title={title}
          helpText={helpText}
          errorText={errorText}
          isMandatory={isMandatory}
          mode={readOnly ? 'view' : record.isNew ? 'new' : 'edit'}
          isReadOnly={readOnly}
          displayAs={bound.style.displayAs}
          rowsPerPage={bound.style.rowsPerPage}
          openRecordsInModal={bound.style.openRecordsInModal}
          onNavigateToRecord={(id) =>
            runtime.onNavigate({ type: 'NAVIGATE_TO_FORM_PAGE', recordId: id, formMode: 'view' })
          }
          displayReportId={ext.displayReportId}
          pickerReportId={ext.pickerReportId}
          pickerDataSource={dataSource}
          readRecords={table.read}
          value={table.changes}
          onValueChange={(changes) => onValueChange({ read: table.read, changes })}
          refreshToken={adapter.revision}
        />
      );
    } else
      body = (
        <RelationshipControl
          node={node}
          value={value}
          errorText={errorText}
          isReadOnly={readOnly}
          isMandatory={isMandatory}
          pickerDataSource={dataSource}
          onValueChange={onValueChange}
          pickerReportId={ext.pickerReportId}
          {...(bound.kind === 'choice' ? { choiceDisplay: bound.style.choiceDisplay } : {})}
        />
      );
  }
  return (
    <div className="pl-bound" data-kind={bound.kind} style={style}>
      {notice}
      {body}
    </div>
  );
}
