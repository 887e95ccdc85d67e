export { entityPickerSource, pickerSource, reportPickerSource } from './pickerDataSources';
