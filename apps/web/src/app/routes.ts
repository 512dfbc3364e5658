import type { ComponentType } from 'react';
import type { RouteGuardData } from './route-types';

/** Which frame a route renders in. */
export type Layout = 'anonymous' | 'shell' | 'bare';

export type AppRoute = RouteGuardData & {
  /** Also the i18n key of its title: `common:routes.<id>`. */
  id: string;
  layout: Layout;
  /** The screen, loaded lazily; absent: a "coming soon" page inside the frame. */
  page?: () => Promise<ComponentType>;
  /** A path pattern to go to instead (same params). */
  redirectTo?: string;
};

const anonymous = (id: string, path: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  id,
  path,
  auth: 'anonymous',
  context: 'never',
  layout: 'anonymous',
  ...extra,
});

const shell = (id: string, path: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  id,
  path,
  auth: 'authenticated',
  context: 'sometimes',
  layout: 'shell',
  ...extra,
});

const auth = () => import('../features/auth/pages');
const profile = () => import('../features/profile/pages');

/** THE route table (spec section 2): every route with its guard data. */
export const ROUTES: readonly AppRoute[] = [
  // Anonymous group
  anonymous('signin', '/signin', { page: () => auth().then((m) => m.SignInPage) }),
  anonymous('autologin', '/autologin', {
    auth: 'public',
    notHistorised: true,
    page: () => auth().then((m) => m.AutologinPage),
  }),
  anonymous('reset-password', '/reset-password', { page: () => auth().then((m) => m.ResetPasswordPage) }),
  anonymous('reset-password-submit', '/reset-password-submit/:token', {
    page: () => auth().then((m) => m.ResetPasswordSubmitPage),
  }),
  anonymous('create-password', '/create-password/:token', {
    page: () => auth().then((m) => m.CreatePasswordPage),
  }),
  anonymous('cgu-cgv', '/cgu-cgv', { page: () => auth().then((m) => m.TermsPage) }),
  anonymous('oauth-callback', '/oauth/callback', { notHistorised: true }),
  anonymous('sso-error', '/sso-error/:vendor', { page: () => auth().then((m) => m.SsoErrorPage) }),

  // Authenticated group
  shell('home', '/home/:context?', {
    page: () => import('../features/home/home-page').then((m) => m.HomePage),
  }),
  shell('profile', '/profile', { context: 'never', redirectTo: '/profile/user' }),
  shell('profile-user', '/profile/user', {
    context: 'never',
    page: () => profile().then((m) => m.ProfileUserPage),
  }),
  shell('profile-password', '/profile/password', {
    context: 'never',
    page: () => profile().then((m) => m.ProfilePasswordPage),
  }),
  shell('profile-notifications', '/profile/notifications', { context: 'never' }),
  shell('profile-documents', '/profile/documents', { context: 'never' }),
  shell('profile-terms-of-service', '/profile/terms-of-service', {
    context: 'never',
    page: () => profile().then((m) => m.ProfileTermsPage),
  }),
  shell('customers', '/customers/:context?', {
    audience: 'accountant',
    context: 'never',
    page: () => import('../features/customers/pages').then((m) => m.CustomersPage),
  }),
  shell('customer', '/customer/:context?/*', {
    audience: 'accountant',
    context: 'always',
    page: () => import('../features/client-file/pages').then((m) => m.ClientFilePage),
  }),
  shell('settings', '/settings/:context?/*', {
    context: 'sometimes',
    page: () => import('../features/settings/settings-page').then((m) => m.SettingsPage),
  }),
  shell('documents', '/documents/:context?/:folderHash?', { context: 'always', module: 'documents' }),
  shell('tasks', '/tasks/:context?', { context: 'sometimes', module: 'tasks' }),
  shell('information-requests', '/information-requests/:context?', { redirectTo: '/tasks/:context?' }),
  shell('service-requests', '/service-requests/:context?/*', {
    audience: 'client',
    context: 'always',
    module: 'service-requests',
  }),
  shell('videoconference', '/videoconference/:context?', { module: 'videoconference' }),
  shell('videoconference-internal', '/videoconference/:context?/internal', {
    audience: 'accountant',
    context: 'never',
    module: 'videoconference',
  }),
  shell('videoconference-client', '/videoconference-client/:context?', {
    redirectTo: '/videoconference/:context?',
  }),
  shell('everial', '/everial/:context?', { context: 'always', module: 'everial' }),
  shell('everial-quickfolders', '/everial-quickfolders/:context?', { context: 'always', module: 'everial' }),
  shell('gest4u', '/gest4u/:context?', { audience: 'client', context: 'always', module: 'gest4u' }),
  shell('quickfolders', '/quickfolders/:context?', {
    audience: 'client',
    context: 'always',
    module: 'quickfolders',
  }),
  shell('sso', '/sso/:context?', { module: 'sso' }),
  shell('viewer', '/viewer/:context/:folderHash/:documentHash/:versionId?', { context: 'always' }),
  shell('holding', '/holding/:context?/*', { audience: 'client', context: 'never', module: 'holding' }),
  shell('sa', '/sa/*', {
    superAdmin: true,
    context: 'never',
    page: () => import('../features/platform-admin/pages').then((m) => m.PlatformAdminPage),
  }),

  // Other
  {
    id: 'oops',
    path: '/oops',
    auth: 'public',
    context: 'never',
    layout: 'bare',
    notHistorised: true,
    page: () => import('../features/errors/oops-page').then((m) => m.OopsPage),
  },
];

/** Navigation entries of the shell: module key -> route id (shown when the module has is_navbar). */
export const MODULE_ROUTES: Readonly<Record<string, string>> = {
  home: 'home',
  customers: 'customers',
  settings: 'settings',
  documents: 'documents',
  tasks: 'tasks',
  'service-requests': 'service-requests',
  videoconference: 'videoconference',
  everial: 'everial',
  quickfolders: 'quickfolders',
  gest4u: 'gest4u',
  sso: 'sso',
  holding: 'holding',
};

export const routeById = (id: string): AppRoute | undefined => ROUTES.find((r) => r.id === id);
