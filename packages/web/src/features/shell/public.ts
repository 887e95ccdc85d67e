export { AppShell } from './AppShell';
export { type AppRoute, matchRoute } from './routes';
