export { AcceptInvitationPage } from './accept-invitation-page';
export { AutologinPage } from './autologin-page';
export { CreatePasswordPage } from './create-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { ResetPasswordSubmitPage } from './reset-password-submit-page';
export { SignInPage } from './sign-in-page';
export { SsoErrorPage } from './sso-error-page';
export { TermsPage } from './terms-page';
