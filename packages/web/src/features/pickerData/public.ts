export { type EndWithReports, endPickerConfig, endReportId } from './endPicker';
export { entityPickerSource } from './entityPickerSource';
export { pickerSource } from './pickerDataSources';
export { reportPickerSource } from './reportPickerSource';
