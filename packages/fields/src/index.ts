export { Calendar, type CalendarProps } from './date/Calendar';
export * from './date/calendarModel';
export { DateInput, type DateInputKind, type DateInputProps } from './date/DateInput';
export * from './date/dateFormats';
export { LinkText, type LinkTextProps } from './links/LinkText';
export { allowedLinkSchemes, linkFor } from './links/linkify';
export { NumericInput, type NumericInputProps } from './numeric/NumericInput';
export * from './numeric/numericRules';
export { imageToken, richTextLength, sanitizeRichText } from './richtext/sanitizeRichText';
export {
  defaultFieldSettings,
  type FieldSettings,
  FieldSettingsProvider,
  useFieldSettings,
} from './settings/FieldSettings';
export { maxMultilineLength, TextInput, type TextInputProps } from './text/TextInput';
export {
  type FieldBaseProps,
  FieldWrapper,
  type FieldWrapperProps,
  optionalHint,
  requiredHint,
} from './wrapper/FieldWrapper';
