export { entityPickerSource } from './entityPickerSource';
export { pickerSource } from './pickerDataSources';
export { reportPickerSource } from './reportPickerSource';
