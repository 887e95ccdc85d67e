export { ChoiceGroup, type ChoiceGroupProps } from './choice/ChoiceGroup';
export { Calendar, type CalendarProps } from './date/Calendar';
export * from './date/calendarModel';
export { DateInput, type DateInputKind, type DateInputProps } from './date/DateInput';
export * from './date/dateFormats';
export * from './documents/public.js';
export { ExternalLinkConfirmation, leaveSiteMessage } from './links/externalLinks';
export { LinkText, type LinkTextProps } from './links/LinkText';
export { NumericInput, type NumericInputProps } from './numeric/NumericInput';
export * from './numeric/numericRules';
export { type ImageSize, imageUrl } from './picker/imageUrl';
export { PickerOptionLabel } from './picker/PickerOptionLabel';
export { pickerModalMachineFor, recordPickerMachineFor } from './picker/pickerActors';
export { pickerModalMachine } from './picker/pickerModalMachine';
export * from './picker/pickerTypes';
export { RecordPicker, type RecordPickerProps } from './picker/RecordPicker';
export { RecordPickerModal, type RecordPickerModalProps } from './picker/RecordPickerModal';
export {
  type RecordPickerContext,
  type RecordPickerEvent,
  recordPickerMachine,
} from './picker/recordPickerMachine';
export { HtmlViewer, type HtmlViewerProps } from './richtext/HtmlViewer';
// The editor itself is only reachable through the lazy wrapper, so it stays a separate chunk.
export { LazyRichTextEditor } from './richtext/LazyRichTextEditor';
export type { RichTextEditorProps, RichTextImage } from './richtext/RichTextEditor';
export { imageToken, richTextLength, sanitizeRichText } from './richtext/sanitizeRichText';
export { SelectList, type SelectListProps, type SelectOption } from './select/SelectList';
export {
  defaultFieldSettings,
  type FieldSettings,
  FieldSettingsProvider,
  useFieldSettings,
} from './settings/FieldSettings';
export { maxMultilineLength, maxSingleLineLength, TextInput, type TextInputProps } from './text/TextInput';
export { type BooleanFieldProps, Checkbox, Toggle } from './toggle/Toggle';
export {
  type FieldBaseProps,
  FieldWrapper,
  type FieldWrapperProps,
  optionalHint,
  requiredHint,
} from './wrapper/FieldWrapper';
