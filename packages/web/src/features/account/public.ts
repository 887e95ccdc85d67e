export { type AccountApi, accountApi } from './accountApi';
export { ChangePasswordForm } from './ChangePasswordForm';
export { formatWhen } from './formatWhen';
export { MyAccountPage } from './MyAccountPage';
export { PasswordChangeRequiredPage } from './PasswordChangeRequiredPage';
