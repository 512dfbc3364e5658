import type { ComponentType } from 'react';

type PageLoader = () => Promise<ComponentType>;

export type { PageLoader };

/**
 * The screen of each route of `routes.ts` outside the signed-in frame, by route id, loaded lazily:
 * each page is its own chunk, so a route loads its page and nothing of its siblings. The signed-in
 * pages are in `shell-pages.ts`, a chunk of its own: the first load (the sign-in page) does not
 * carry their list. A route without a page shows a "coming soon" page inside its frame. Only the
 * router imports these files, so pages may import the route table without importing themselves
 * back.
 */
export const ROUTE_PAGES: Readonly<Record<string, PageLoader>> = {
  signin: () => import('../features/auth/sign-in-page').then((m) => m.SignInPage),
  autologin: () => import('../features/auth/autologin-page').then((m) => m.AutologinPage),
  'reset-password': () => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  'magic-link-request': () =>
    import('../features/auth/magic-link-request-page').then((m) => m.MagicLinkRequestPage),
  'magic-link': () => import('../features/auth/magic-link-page').then((m) => m.MagicLinkPage),
  'reset-password-submit': () =>
    import('../features/auth/reset-password-submit-page').then((m) => m.ResetPasswordSubmitPage),
  'create-password': () => import('../features/auth/create-password-page').then((m) => m.CreatePasswordPage),
  'accept-invitation': () =>
    import('../features/auth/accept-invitation-page').then((m) => m.AcceptInvitationPage),
  'cgu-cgv': () => import('../features/auth/terms-page').then((m) => m.TermsPage),
  'oauth-callback': () => import('../features/auth/oauth-callback-page').then((m) => m.OAuthCallbackPage),
  'sso-error': () => import('../features/auth/sso-error-page').then((m) => m.SsoErrorPage),
  share: () => import('../features/shares/public-share-page').then((m) => m.PublicSharePage),
  sign: () => import('../features/signatures/sign-page').then((m) => m.SignPage),
  oops: () => import('../features/errors/oops-page').then((m) => m.OopsPage),
};
