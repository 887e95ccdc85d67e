export { type AdminApi, adminApi } from './adminApi';
export { AdminTabs } from './adminControls';
export { RolesPage } from './RolesPage';
export { UsersPage } from './UsersPage';
