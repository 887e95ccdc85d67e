export { type AdminApi, adminApi } from './adminApi';
export { AdminTabs, Check, CheckList, Choose } from './adminControls';
export { FormDialog, LabelledText } from './FormDialog';
export { ImageDocumentInput } from './ImageDocumentInput';
export { messageOf } from './messageOf';
export { PropertySelect, PropertyText } from './PropertyFields';
export { RolesPage } from './RolesPage';
export { UsersPage } from './UsersPage';
export { useAdminRead } from './useAdminRead';
