import type { RouteGuardData } from './route-types';

/** Which frame a route renders in. */
export type Layout = 'anonymous' | 'shell' | 'bare';

export type AppRoute = RouteGuardData & {
  /** Also the i18n key of its title: `common:routes.<id>`. */
  id: string;
  layout: Layout;
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

/**
 * THE route table (spec section 2): every route with its guard data. It imports no page, so that
 * pages can navigate with it; `route-pages.ts` says which page each route shows.
 */
export const ROUTES: readonly AppRoute[] = [
  // Anonymous group
  anonymous('signin', '/signin'),
  anonymous('autologin', '/autologin', { auth: 'public', notHistorised: true }),
  anonymous('reset-password', '/reset-password'),
  anonymous('magic-link-request', '/magic-link'),
  anonymous('magic-link', '/magic-link/:token', { notHistorised: true }),
  anonymous('reset-password-submit', '/reset-password-submit/:token'),
  anonymous('create-password', '/create-password/:token'),
  // An existing account accepts an invitation: signed in or not.
  anonymous('accept-invitation', '/accept-invitation/:token', { auth: 'public' }),
  anonymous('cgu-cgv', '/cgu-cgv'),
  anonymous('oauth-callback', '/oauth/callback', { notHistorised: true }),
  anonymous('sso-error', '/sso-error/:vendor'),
  // A share link's page: anyone holding the link, signed in or not (issue 28).
  anonymous('share', '/s/:token', { auth: 'public', notHistorised: true }),
  // An outsider's mailed signing link: signed in or not, at any width.
  anonymous('sign', '/sign/:token', { auth: 'public', notHistorised: true }),

  // Authenticated group
  shell('home', '/home/:context?'),
  shell('profile', '/profile', { context: 'never', redirectTo: '/profile/user' }),
  shell('profile-user', '/profile/user', { context: 'never' }),
  shell('profile-password', '/profile/password', { context: 'never' }),
  shell('profile-notifications', '/profile/notifications', { context: 'never' }),
  shell('profile-documents', '/profile/documents', { context: 'never' }),
  shell('profile-terms-of-service', '/profile/terms-of-service', { context: 'never' }),
  shell('customers', '/customers/:context?', { audience: 'accountant', context: 'never' }),
  shell('customer', '/customer/:context?/*', { audience: 'accountant', context: 'always' }),
  shell('settings', '/settings/:context?/*', { context: 'sometimes' }),
  shell('documents', '/documents/:context?/:folderHash?', { context: 'always', module: 'documents' }),
  shell('tasks', '/tasks/:context?', { context: 'sometimes', module: 'tasks' }),
  shell('signatures', '/signatures/:context?', { context: 'always' }),
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
  shell('search', '/search/:context?', { context: 'sometimes' }),
  shell('viewer', '/viewer/:context/:folderHash/:documentHash/:versionId?', { context: 'always' }),
  // The holding area (issue 32): opened by a holding role, whatever the firm role; the page sends
  // anyone without one home. No firm context: it spans the holding's portals.
  shell('holding', '/holding/*', { context: 'never', module: 'holding' }),
  shell('sa', '/sa/*', { superAdmin: true, context: 'never' }),

  // Other
  {
    id: 'oops',
    path: '/oops',
    auth: 'public',
    context: 'never',
    layout: 'bare',
    notHistorised: true,
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
