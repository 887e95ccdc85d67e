export { AppListPage } from './AppListPage';
export { type AppListItem, appList, homeUrl } from './appList';
export { HomeRedirect } from './HomeRedirect';
