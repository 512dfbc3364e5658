export { ProfilePasswordPage } from './profile-password-page';
export { ProfileTermsPage } from './profile-terms-page';
export { ProfileUserPage } from './profile-user-page';
