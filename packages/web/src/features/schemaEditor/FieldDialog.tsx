import { type CalcEditorApi, LazyExpressionEditor } from '@plinth/expression-editor';
import {
  correctErrorsBeforeSavingMessage,
  type FieldType,
  fieldRepresentsValues,
  fieldTypes,
  type NamedEntity,
  optionalFieldHint,
  requiredFieldHint,
  toScriptName,
} from '@plinth/schema';
import { ConfirmDialog, Modal } from '@plinth/ui';
import { type FormEvent, useState } from 'react';
import { Form, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Check, PropertySelect, PropertyText } from '../admin/public';
import {
  changedValuesOf,
  checkDraft,
  type FieldDraft,
  type FieldProperty,
  type FieldTab,
  fieldTabLabels,
  fieldTypeLabels,
  propertiesByTab,
  putValuesOf,
} from './fieldDraft';
import { useSavedToastClosed } from './savedToast';
import type { FieldGroup, FieldImpact, SchemaApi } from './schemaApi';
import { failureMessage, memberErrorsOf } from './serverErrors';

export interface FieldDialogProps {
  api: SchemaApi;
  calcApi: CalcEditorApi;
  typeId: number;
  typeName: string;
  initial: FieldDraft;
  /** The Object's other members (its own, inherited and derived Objects'), for the duplicate check. */
  siblings: readonly NamedEntity[];
  groups: readonly FieldGroup[];
  onClose: () => void;
  onSaved: () => void;
}

const labels: Record<FieldProperty, string> = {
  name: 'Field name',
  fieldScriptName: 'Script name',
  description: 'Description',
  defaultValue: 'Default value',
  isRequired: 'Required',
  isFieldReadOnly: 'Read-only',
  fieldInGroup: 'Field group',
  minLength: 'Minimum length',
  maxLength: 'Maximum length',
  allowMultiLines: 'Allow multiple lines',
  pattern: 'Pattern (regular expression)',
  regexDescription: 'Pattern description',
  fieldRepresents: 'Represents',
  minInt: 'Minimum value',
  maxInt: 'Maximum value',
  minDecimal: 'Minimum value',
  maxDecimal: 'Maximum value',
  decimalPlaces: 'Decimal places',
  minDate: 'Minimum date',
  maxDate: 'Maximum date',
  minTime: 'Minimum time',
  maxTime: 'Maximum time',
  minDateTime: 'Minimum date and time',
  maxDateTime: 'Maximum date and time',
  autoNumberSeed: 'Seed',
  autoNumberDisplayPattern: 'Display pattern',
  fieldCalculation: 'Calculation',
};

const representsLabels: Record<string, string> = {
  email: 'Email',
  url: 'URL',
  phoneNumber: 'Phone number',
  color: 'Colour',
  password: 'Password',
  richText: 'Rich text',
  timeZone: 'Time zone',
  htmlEmail: 'HTML email',
};

const hints: Partial<Record<FieldProperty, string>> = {
  minDateTime: 'As 2026-01-31T09:00:00Z',
  maxDateTime: 'As 2026-01-31T17:00:00Z',
  autoNumberDisplayPattern: 'For example INV-{0:D6}',
  pattern: 'Values must match it, e.g. ^[A-Z]{3}$',
};

const numeric = new Set<FieldProperty>([
  'minLength',
  'maxLength',
  'minInt',
  'maxInt',
  'minDecimal',
  'maxDecimal',
  'decimalPlaces',
  'autoNumberSeed',
]);

/**
 * A field's properties in the tabs of spec 01 §9 that apply to its type: the editor's own checks
 * (spec 01 §5) run first, then the server's, whose messages show at the property they are about.
 */
export function FieldDialog({
  api,
  calcApi,
  typeId,
  typeName,
  initial,
  siblings,
  groups,
  onClose,
  onSaved,
}: FieldDialogProps) {
  useSavedToastClosed();
  const [draft, setDraft] = useState(initial);
  const isNew = initial.id === null;
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  /** A change that breaks stored values, waiting for the user's word (decision 0107). */
  const [pending, setPending] = useState<FieldImpact | null>(null);
  const tabs = propertiesByTab(draft.type);
  const tabIds = Object.keys(tabs) as FieldTab[];
  const [tab, setTab] = useState<FieldTab>('general');

  // A new field's script name follows its name until the user writes one of their own.
  const [isScriptNameTouched, setScriptNameTouched] = useState(!isNew);
  const setText = (property: FieldProperty, value: string) => {
    if (property === 'fieldScriptName') setScriptNameTouched(true);
    const follows = property === 'name' && !isScriptNameTouched;
    setDraft((d) => ({
      ...d,
      text: { ...d.text, [property]: value, ...(follows ? { fieldScriptName: toScriptName(value) } : {}) },
    }));
    if (follows) setErrors((e) => ({ ...e, fieldScriptName: undefined }));
    setErrors((e) => ({ ...e, [property]: undefined }));
    setFormError(null);
  };
  const setFlag = (property: FieldProperty, value: boolean) =>
    setDraft((d) => ({ ...d, flags: { ...d.flags, [property]: value } }));

  const showErrors = (found: Partial<Record<string, string>>) => {
    setErrors(found);
    setFormError(correctErrorsBeforeSavingMessage);
    const first = tabIds.find((t) => tabs[t]?.some((p) => found[p] !== undefined));
    if (first) setTab(first);
  };

  const save = async (event?: FormEvent, isConfirmed = false) => {
    event?.preventDefault();
    if (isBusy) return;
    const found = checkDraft(draft, siblings);
    if (Object.keys(found).length > 0) return showErrors(found);
    const key = 'new:field';
    const fields = isNew ? putValuesOf(draft) : changedValuesOf(initial, draft);
    const isGroupChanged = isNew || draft.groupId !== initial.groupId;
    if (Object.keys(fields).length === 0 && !isGroupChanged) return onClose();
    setBusy(true);
    try {
      // A rule tightened over stored values: say how many records it breaks before saving.
      if (draft.id !== null && !isConfirmed && Object.keys(fields).length > 0) {
        const impact = await api.fieldImpact(draft.id, fields);
        if (!impact.typeChanged && (impact.broken.count > 0 || impact.missing > 0)) {
          setPending(impact);
          return;
        }
      }
      await api.put([
        {
          id: draft.id ?? key,
          ...(isNew ? { typeId: 'core:field' } : {}),
          fields,
          relationships: {
            ...(isNew ? { fieldIsOnType: { set: [typeId] } } : {}),
            ...(isGroupChanged
              ? { fieldInGroup: { set: draft.groupId === null ? [] : [draft.groupId] } }
              : {}),
          },
        },
      ]);
      onSaved();
    } catch (failure) {
      const byMember = memberErrorsOf(failure, draft.id ?? key);
      if (byMember && Object.keys(byMember).length > 0) {
        const known = Object.fromEntries(Object.entries(byMember).filter(([m]) => m in labels));
        const other = Object.entries(byMember).filter(([m]) => !(m in labels));
        showErrors(known);
        if (other.length > 0) setFormError(other.map(([, message]) => message).join(' '));
      } else setFormError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const renderProperty = (property: FieldProperty) => {
    const error = errors[property];
    const value = draft.text[property] ?? '';
    switch (property) {
      case 'isRequired':
        return (
          <div key={property} className="pl-schema__check">
            <Check isSelected={draft.flags.isRequired === true} onChange={(on) => setFlag('isRequired', on)}>
              {labels.isRequired}
            </Check>
            <p className="pl-field__hint">{draft.flags.isRequired ? requiredFieldHint : optionalFieldHint}</p>
          </div>
        );
      case 'isFieldReadOnly':
      case 'allowMultiLines':
        return (
          <Check
            key={property}
            isSelected={draft.flags[property] === true}
            onChange={(on) => setFlag(property, on)}
          >
            {labels[property]}
          </Check>
        );
      case 'fieldInGroup':
        return (
          <PropertySelect
            key={property}
            label={labels.fieldInGroup}
            value={draft.groupId === null ? '' : String(draft.groupId)}
            onChange={(v) => setDraft((d) => ({ ...d, groupId: v === '' ? null : Number(v) }))}
            options={[
              { id: '', name: 'No group' },
              ...groups.map((g) => ({ id: String(g.id), name: g.name })),
            ]}
          />
        );
      case 'fieldRepresents':
        return (
          <PropertySelect
            key={property}
            label={labels.fieldRepresents}
            value={value}
            onChange={(v) => setText(property, v)}
            error={error}
            options={[
              { id: '', name: 'Plain text' },
              ...fieldRepresentsValues.map((r) => ({ id: r, name: representsLabels[r] ?? r })),
            ]}
          />
        );
      case 'fieldCalculation':
        return (
          <div key={property} className="pl-schema__calculation">
            <LazyExpressionEditor
              api={calcApi}
              label={labels.fieldCalculation}
              contextType={typeId}
              defaultValue={value}
              onInput={(v) => setText(property, v)}
              {...(draft.id !== null ? { calcFieldId: draft.id } : {})}
              size="large"
              resize="vertical"
              evaluateOnLoad
            />
            {error && (
              <p role="alert" className="pl-field__error">
                {error}
              </p>
            )}
          </div>
        );
      case 'defaultValue':
        if (draft.type === 'Boolean')
          return (
            <PropertySelect
              key={property}
              label={labels.defaultValue}
              value={value}
              onChange={(v) => setText(property, v)}
              error={error}
              options={[
                { id: '', name: 'None' },
                { id: 'true', name: 'Yes' },
                { id: 'false', name: 'No' },
              ]}
            />
          );
        return (
          <PropertyText
            key={property}
            label={labels.defaultValue}
            value={value}
            onChange={(v) => setText(property, v)}
            error={error}
            {...(draft.type === 'Date' || draft.type === 'DateTime'
              ? { hint: draft.type === 'Date' ? 'A date, or TODAY' : 'A date and time, or NOW' }
              : {})}
          />
        );
      default:
        return (
          <PropertyText
            key={property}
            label={labels[property]}
            value={value}
            onChange={(v) => setText(property, v)}
            error={error}
            hint={hints[property]}
            isRequired={property === 'name' || property === 'fieldScriptName'}
            multiline={property === 'description'}
            autoFocus={property === 'name'}
            {...(numeric.has(property)
              ? { inputMode: property === 'minDecimal' || property === 'maxDecimal' ? 'decimal' : 'numeric' }
              : {})}
            {...(property === 'minDate' || property === 'maxDate' ? { type: 'date' as const } : {})}
            {...(property === 'minTime' || property === 'maxTime' ? { type: 'time' as const } : {})}
          />
        );
    }
  };

  const title = isNew
    ? `New ${fieldTypeLabels[draft.type]} field on ${typeName}`
    : `${initial.text.name} (${fieldTypeLabels[draft.type]})`;
  return (
    <Modal
      title={title}
      isOpen
      size="large"
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        { kind: 'custom', label: 'Save', variant: 'primary', onPress: () => void save(), isDisabled: isBusy },
      ]}
    >
      <Form className="pl-admin__form pl-schema__field-form" onSubmit={save} validationBehavior="aria">
        {!isNew && (
          <p className="pl-schema__warning" role="note">
            Field schema changes can affect Forms, Pages and Reports.
          </p>
        )}
        {!isNew && (
          <PropertySelect
            label="Field type"
            options={fieldTypes.map((t) => ({ id: t, name: fieldTypeLabels[t] }))}
            value={draft.type}
            hint="Values stored now are converted to the new type; a change some values do not take is refused."
            onChange={(type) => {
              setDraft((d) => ({ ...d, type: type as FieldType }));
              setFormError(null);
            }}
            {...(errors.fieldType ? { error: errors.fieldType } : {})}
          />
        )}
        <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as FieldTab)}>
          <TabList aria-label="Field properties" className="pl-schema__tabs">
            {tabIds.map((t) => (
              <Tab key={t} id={t} className="pl-schema__tab">
                {fieldTabLabels[t]}
                {tabs[t]?.some((p) => errors[p] !== undefined) && (
                  <span className="pl-schema__tab-error">
                    {' '}
                    <span aria-hidden="true">!</span>
                    <span className="pl-visually-hidden">(has errors)</span>
                  </span>
                )}
              </Tab>
            ))}
          </TabList>
          {tabIds.map((t) => (
            <TabPanel key={t} id={t} className="pl-schema__tab-panel">
              {tabs[t]?.map(renderProperty)}
            </TabPanel>
          ))}
        </Tabs>
        {formError && (
          <p role="alert" className="pl-field__error">
            {formError}
          </p>
        )}
        <button type="submit" hidden />
      </Form>
      {pending && (
        <ConfirmDialog
          title="Records break the new rule"
          message={impactMessage(pending)}
          buttonSet="okCancel"
          isOpen
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            void save(undefined, true);
          }}
        />
      )}
    </Modal>
  );
}

/** What a tightened rule does to the stored values, for the user to accept or not. */
export function impactMessage(impact: FieldImpact): string {
  const records = (n: number) => (n === 1 ? '1 record' : `${n} records`);
  const parts: string[] = [];
  if (impact.broken.count > 0) {
    const examples = impact.broken.examples.map((e) => `'${e}'`).join(', ');
    parts.push(`${records(impact.broken.count)} hold values the new rule refuses (${examples}).`);
  }
  if (impact.missing > 0) parts.push(`${records(impact.missing)} have no value for this required field.`);
  return `${parts.join(' ')} They keep their values until someone changes them, and must then follow the rule. Save anyway?`;
}
