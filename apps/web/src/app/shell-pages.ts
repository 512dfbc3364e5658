import type { PageLoader } from './route-pages';
import type { RoutePrefetch } from './route-types';

/**
 * The screen of each signed-in route (`shell` layout), by route id, loaded lazily like
 * `route-pages.ts`. This list is its own chunk, fetched with the signed-in frame, so that each new
 * feature adds nothing to what the sign-in page loads.
 */
export const SHELL_PAGES: Readonly<Record<string, PageLoader>> = {
  home: () => import('../features/home/home-page').then((m) => m.HomePage),
  'profile-user': () => import('../features/profile/profile-user-page').then((m) => m.ProfileUserPage),
  'profile-password': () =>
    import('../features/profile/profile-password-page').then((m) => m.ProfilePasswordPage),
  'profile-documents': () =>
    import('../features/profile/profile-documents-page').then((m) => m.ProfileDocumentsPage),
  'profile-notifications': () =>
    import('../features/profile/profile-notifications-page').then((m) => m.ProfileNotificationsPage),
  'profile-terms-of-service': () =>
    import('../features/profile/profile-terms-page').then((m) => m.ProfileTermsPage),
  customers: () => import('../features/customers/pages').then((m) => m.CustomersPage),
  customer: () => import('../features/client-file/pages').then((m) => m.ClientFilePage),
  tasks: () => import('../features/tasks/pages').then((m) => m.TasksPage),
  signatures: () => import('../features/signatures/pages').then((m) => m.SignaturesPage),
  settings: () => import('../features/settings/settings-page').then((m) => m.SettingsPage),
  documents: () => import('../features/documents/pages').then((m) => m.DocumentsPage),
  quickfolders: () => import('../features/quickfolders/quickfolders-page').then((m) => m.QuickfoldersPage),
  search: () => import('../features/search/pages').then((m) => m.SearchPage),
  viewer: () => import('../features/documents/viewer/pages').then((m) => m.ViewerPage),
  sa: () => import('../features/platform-admin/pages').then((m) => m.PlatformAdminPage),
  holding: () => import('../features/holding/pages').then((m) => m.HoldingPage),
};

/**
 * The first reads of some signed-in pages, from the page's own module (`pages.ts`, the chunk its
 * route loads anyway): the guard asks for them as soon as the frame's firm is known
 * (`workspace-prefetch.ts`), while the page's code loads, rather than once it has rendered.
 */
export const SHELL_PREFETCH: Readonly<Record<string, () => Promise<RoutePrefetch>>> = {
  customers: () => import('../features/customers/prefetch').then((m) => m.prefetch),
  customer: () => import('../features/client-file/pages').then((m) => m.prefetch),
  tasks: () => import('../features/tasks/pages').then((m) => m.prefetch),
  documents: () => import('../features/documents/pages').then((m) => m.prefetch),
  viewer: () => import('../features/documents/viewer/pages').then((m) => m.prefetch),
  settings: () => import('../features/team/prefetch').then((m) => m.prefetch),
};
