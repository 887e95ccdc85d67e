export { AppListPage } from './AppListPage';
export { type AppListEntry, appList } from './appList';
