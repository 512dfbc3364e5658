import type { ComponentType } from 'react';

type PageLoader = () => Promise<ComponentType>;

/**
 * The screen of each route of `routes.ts`, by route id, loaded lazily: each page is its own chunk,
 * so a route loads its page and nothing of its siblings. A route without one shows a "coming soon"
 * page inside its frame. Only the router imports this file, so pages may import the route table
 * without importing themselves back.
 */
export const ROUTE_PAGES: Readonly<Record<string, PageLoader>> = {
  signin: () => import('../features/auth/sign-in-page').then((m) => m.SignInPage),
  autologin: () => import('../features/auth/autologin-page').then((m) => m.AutologinPage),
  'reset-password': () => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  'reset-password-submit': () =>
    import('../features/auth/reset-password-submit-page').then((m) => m.ResetPasswordSubmitPage),
  'create-password': () => import('../features/auth/create-password-page').then((m) => m.CreatePasswordPage),
  'accept-invitation': () =>
    import('../features/auth/accept-invitation-page').then((m) => m.AcceptInvitationPage),
  'cgu-cgv': () => import('../features/auth/terms-page').then((m) => m.TermsPage),
  'sso-error': () => import('../features/auth/sso-error-page').then((m) => m.SsoErrorPage),
  home: () => import('../features/home/home-page').then((m) => m.HomePage),
  'profile-user': () => import('../features/profile/profile-user-page').then((m) => m.ProfileUserPage),
  'profile-password': () =>
    import('../features/profile/profile-password-page').then((m) => m.ProfilePasswordPage),
  'profile-terms-of-service': () =>
    import('../features/profile/profile-terms-page').then((m) => m.ProfileTermsPage),
  customers: () => import('../features/customers/pages').then((m) => m.CustomersPage),
  customer: () => import('../features/client-file/pages').then((m) => m.ClientFilePage),
  tasks: () => import('../features/tasks/pages').then((m) => m.TasksPage),
  settings: () => import('../features/settings/settings-page').then((m) => m.SettingsPage),
  documents: () => import('../features/documents/pages').then((m) => m.DocumentsPage),
  viewer: () => import('../features/documents/viewer/pages').then((m) => m.ViewerPage),
  sa: () => import('../features/platform-admin/pages').then((m) => m.PlatformAdminPage),
  oops: () => import('../features/errors/oops-page').then((m) => m.OopsPage),
};
