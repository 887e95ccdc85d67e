export { type AdminApi, adminApi } from './adminApi';
export { AdminTabs, Check } from './adminControls';
export { RolesPage } from './RolesPage';
export { UsersPage } from './UsersPage';
