export { TenantSettingsPage } from './TenantSettingsPage';
