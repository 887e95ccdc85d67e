/** The builder (issue 20): apps in the admin area, and the calls that save, publish, copy and delete pages. */
export { AppSettingsDialog, type AppSettingsDialogProps } from './AppSettingsDialog';
export { AppsPage } from './AppsPage';
export { BuilderScreen, type BuilderScreenProps } from './BuilderScreen';
export { type BuilderApi, builderApi } from './builderApi';
export { useLeaveGuard } from './builderGuards';
export { NewAppDialog, type NewAppDialogProps } from './NewAppDialog';
export { isConflict, settingErrorsOf } from './settingErrors';
