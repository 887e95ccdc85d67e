export { type AdminApi, adminApi } from './adminApi';
export { RolesPage } from './RolesPage';
export { UsersPage } from './UsersPage';
