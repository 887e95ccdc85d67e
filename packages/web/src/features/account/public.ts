export { type AccountApi, accountApi } from './accountApi';
export { ChangePasswordForm } from './ChangePasswordForm';
export { MyAccountPage } from './MyAccountPage';
export { PasswordChangeRequiredPage } from './PasswordChangeRequiredPage';
