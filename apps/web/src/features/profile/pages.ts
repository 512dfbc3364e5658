export { ProfilePasswordPage } from './profile-password-page';
export { ProfileUserPage } from './profile-user-page';
