export { AppShell } from './AppShell';
export { type AppRoute, matchRoute, normaliseFormMode } from './routes';
