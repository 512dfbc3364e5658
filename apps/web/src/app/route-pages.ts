import type { ComponentType } from 'react';

type PageLoader = () => Promise<ComponentType>;

const auth = () => import('../features/auth/pages');
const profile = () => import('../features/profile/pages');

/**
 * The screen of each route of `routes.ts`, by route id, loaded lazily. A route without one shows
 * a "coming soon" page inside its frame. Only the router imports this file, so pages may import
 * the route table without importing themselves back.
 */
export const ROUTE_PAGES: Readonly<Record<string, PageLoader>> = {
  signin: () => auth().then((m) => m.SignInPage),
  autologin: () => auth().then((m) => m.AutologinPage),
  'reset-password': () => auth().then((m) => m.ResetPasswordPage),
  'reset-password-submit': () => auth().then((m) => m.ResetPasswordSubmitPage),
  'create-password': () => auth().then((m) => m.CreatePasswordPage),
  'accept-invitation': () => auth().then((m) => m.AcceptInvitationPage),
  'cgu-cgv': () => auth().then((m) => m.TermsPage),
  'sso-error': () => auth().then((m) => m.SsoErrorPage),
  home: () => import('../features/home/home-page').then((m) => m.HomePage),
  'profile-user': () => profile().then((m) => m.ProfileUserPage),
  'profile-password': () => profile().then((m) => m.ProfilePasswordPage),
  'profile-terms-of-service': () => profile().then((m) => m.ProfileTermsPage),
  customers: () => import('../features/customers/pages').then((m) => m.CustomersPage),
  customer: () => import('../features/client-file/pages').then((m) => m.ClientFilePage),
  settings: () => import('../features/settings/settings-page').then((m) => m.SettingsPage),
  sa: () => import('../features/platform-admin/pages').then((m) => m.PlatformAdminPage),
  oops: () => import('../features/errors/oops-page').then((m) => m.OopsPage),
};
