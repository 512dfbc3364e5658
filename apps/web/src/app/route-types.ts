import type { AccountingFirmSummary } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** Guard data of a route (spec section 2): what the navigation rules read. */
export type AuthMode = 'anonymous' | 'authenticated' | 'public';
export type Audience = 'accountant' | 'client';
/** How a route uses the context param: with a company, firm only, or either. */
export type ContextMode = 'always' | 'never' | 'sometimes';

export type RouteGuardData = {
  /** Path pattern from the root, React Router syntax (`/home/:context?`). */
  path: string;
  auth: AuthMode;
  superAdmin?: boolean;
  /** accountant: accountants only; client: not for accountants. */
  audience?: Audience;
  /** Module key the firm or company must have for the route to be offered in the navigation. */
  module?: string;
  context: ContextMode;
  /** Navigating to this route replaces the history entry. */
  notHistorised?: boolean;
};

/** What the rules know about the visitor. */
export type SessionInfo = {
  token: string | null;
  user: { is_super_admin: boolean; is_accountant: boolean; profile_complete: boolean } | null;
};

export type Selection = { accountingFirmId: number; vendorId: number | null };

/**
 * A signed-in page's first reads, asked for by the route guard once the frame's firm is known
 * (`workspace-prefetch.ts`), while the page's code loads: same keys and requests as the page's.
 * `vendorId`: the client file the address names in that firm, if any.
 */
export type RoutePrefetch = (ctx: {
  queryClient: QueryClient;
  firm: AccountingFirmSummary;
  vendorId: number | null;
  params: Params<string>;
}) => void;

export type OAuthProviderLink = { name: string; url: string };
