import {
  DateInput,
  HtmlViewer,
  LazyRichTextEditor,
  LinkText,
  NumericInput,
  TextInput,
  Toggle,
} from '@plinth/fields';
import { type CellTextSettings, dateEditorValue, storedDateValue } from '@plinth/grid';
import { effectiveDecimalPlaces, type FieldDef } from '@plinth/schema';
import { HelpText } from '@plinth/ui';
import type { ReactNode } from 'react';
import type { FormFieldNode } from './formTree';
import { isMultilineField, isRichTextField, valueText } from './valueText';

export interface FieldControlProps {
  node: FormFieldNode;
  value: unknown;
  /** The message under the field (spec 03 §5), if any. */
  errorText?: string | undefined;
  isReadOnly: boolean;
  isMandatory: boolean;
  settings: CellTextSettings;
  /** Changes when the record is read again: an uncontrolled editor (rich text) starts from it anew. */
  resetKey?: number;
  onValueChange: (value: unknown) => void;
  /** A typed date or time that is not one: its message goes under the field. */
  onInvalid: (message: string) => void;
}

/** A read-only control: its title, help text and value as text (rich text as sanitised HTML). */
export function ReadOnlyControl({
  title,
  helpText,
  children,
  errorText,
}: {
  title: string;
  helpText?: string | undefined;
  children: ReactNode;
  errorText?: string | undefined;
}) {
  return (
    <fieldset className="pl-field pl-form-value">
      <legend className="pl-field__label-row">
        <span className="pl-field__label">{title}</span>
        {helpText && <HelpText label={title} text={helpText} />}
      </legend>
      <div className="pl-form-value__text">{children}</div>
      {errorText && (
        <div className="pl-field__footer">
          <span className="pl-field__error" role="alert">
            {errorText}
          </span>
        </div>
      )}
    </fieldset>
  );
}

const empty = <span className="pl-form-value__empty">—</span>;

function readOnlyValue(node: FormFieldNode, value: unknown, settings: CellTextSettings): ReactNode {
  const { field } = node;
  if (typeof value === 'string' && value.trim() !== '' && isRichTextField(field))
    return (
      <div className="pl-form-value__rich">
        <HtmlViewer html={value} {...(node.title ? { title: node.title } : {})} />
      </div>
    );
  const text = valueText(field, value, settings);
  if (text === '') return empty;
  if (field.storage === 'string' && !isMultilineField(field)) return <LinkText value={text} />;
  return <span className={isMultilineField(field) ? 'pl-form-value__multiline' : undefined}>{text}</span>;
}

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A field control of a record form (spec 03 §1 component kinds): the @plinth/fields building block
 * of its field type in edit and new modes, its value as text when read-only.
 */
export function FieldControl({
  node,
  value,
  errorText,
  isReadOnly,
  isMandatory,
  settings,
  resetKey = 0,
  onValueChange,
  onInvalid,
}: FieldControlProps) {
  const { field, title, helpText } = node;
  if (isReadOnly)
    return (
      <ReadOnlyControl title={title} helpText={helpText} errorText={errorText}>
        {readOnlyValue(node, value, settings)}
      </ReadOnlyControl>
    );
  const base = {
    label: title,
    ...(helpText ? { helpText } : {}),
    ...(errorText ? { errorText } : {}),
    isMandatory,
  };
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'Text':
    case 'MultilineText':
      if (isRichTextField(field)) break;
      return (
        <TextInput
          {...base}
          value={text}
          onValueChange={onValueChange}
          isMultiline={isMultilineField(field)}
          rows={3}
          {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})}
        />
      );
    case 'Number':
    case 'Decimal':
    case 'Currency': {
      const isInt = field.type === 'Number';
      const min = isInt ? field.minInt : field.minDecimal;
      const max = isInt ? field.maxInt : field.maxDecimal;
      return (
        <NumericInput
          {...base}
          value={numberOf(value)}
          onValueChange={onValueChange}
          onClear={() => onValueChange(null)}
          isFloating={!isInt}
          isCurrency={field.type === 'Currency'}
          {...(isInt ? {} : { decimalPlaces: effectiveDecimalPlaces(field as FieldDef) })}
          {...(min !== undefined ? { min } : {})}
          {...(max !== undefined ? { max } : {})}
        />
      );
    }
    case 'Date':
      return (
        <DateInput
          {...base}
          kind="date"
          locale={settings.locale}
          value={dateEditorValue('date', value)}
          onValueChange={(v) => onValueChange(storedDateValue('date', v))}
          onInvalid={onInvalid}
        />
      );
    case 'Time':
      return (
        <DateInput
          {...base}
          kind="time"
          locale={settings.locale}
          value={dateEditorValue('time', value)}
          onValueChange={(v) => onValueChange(storedDateValue('time', v))}
          onInvalid={onInvalid}
        />
      );
    case 'DateTime':
      return (
        <DateInput
          {...base}
          kind="dateTime"
          locale={settings.locale}
          value={dateEditorValue('dateTime', value, settings.timeZone)}
          onValueChange={(v) => onValueChange(storedDateValue('dateTime', v, settings.timeZone))}
          onInvalid={onInvalid}
        />
      );
    case 'Boolean':
      return <Toggle {...base} value={value === true} onValueChange={onValueChange} />;
    case 'RichText':
      break;
    case 'AutoNumber':
    case 'Calculation':
      return (
        <ReadOnlyControl title={title} helpText={helpText} errorText={errorText}>
          {readOnlyValue(node, value, settings)}
        </ReadOnlyControl>
      );
  }
  return (
    <LazyRichTextEditor
      key={resetKey}
      {...base}
      defaultValue={text}
      onValueChange={onValueChange}
      size="small"
      {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})}
    />
  );
}
