import type { AccountingFirmSummary, VendorSummary } from '@portal/contracts';

/** Firm and company selection (spec section 2), as pure functions. */

/** Whether a firm's domain is the current host (`host` may carry a port). */
export function domainMatchesHost(domain: string | null | undefined, host: string): boolean {
  if (!domain) return false;
  const d = domain.trim().toLowerCase();
  const h = host.toLowerCase();
  return d === h || d === h.replace(/:\d+$/, '');
}

export type DefaultFirmInput = {
  storedFirmId: number | null;
  whiteLabelFirmId: number | null;
  host: string;
};

/**
 * Default firm: the last stored firm when it matches the host, then the white-label firm, then
 * any firm matching the host, then the first of the list.
 */
export function pickDefaultFirm<F extends Pick<AccountingFirmSummary, 'id' | 'domain'>>(
  firms: readonly F[],
  { storedFirmId, whiteLabelFirmId, host }: DefaultFirmInput,
): F | null {
  const stored = firms.find((f) => f.id === storedFirmId);
  if (stored && domainMatchesHost(stored.domain, host)) return stored;
  const whiteLabel = firms.find((f) => f.id === whiteLabelFirmId);
  if (whiteLabel) return whiteLabel;
  return firms.find((f) => domainMatchesHost(f.domain, host)) ?? firms[0] ?? null;
}

/**
 * The frame's firm: the one the address names when the user has it, else the default firm. The
 * frame (`workspace-context.tsx`) and the guards' prefetch (`workspace-prefetch.ts`) choose alike.
 */
export function chooseFirm<F extends Pick<AccountingFirmSummary, 'id' | 'domain'>>(
  firms: readonly F[],
  requestedFirmId: number | null | undefined,
  defaults: DefaultFirmInput,
): F | null {
  return firms.find((f) => f.id === requestedFirmId) ?? pickDefaultFirm(firms, defaults);
}

export type DomainRedirectInput = {
  firm: Pick<AccountingFirmSummary, 'id' | 'domain'>;
  host: string;
  protocol: string;
  /** The white-label answer for this firm asked for a redirect (server: MULTI_DOMAIN=true). */
  whiteLabelRedirect: boolean;
  token: string | null;
  redirect: string;
};

/**
 * The autologin URL on the firm's own domain, or null to stay here: only when the firm has a
 * domain other than the current host AND the white label says so.
 */
export function firmDomainRedirect(input: DomainRedirectInput): string | null {
  const { firm, host, protocol, whiteLabelRedirect, token, redirect } = input;
  if (!whiteLabelRedirect || !firm.domain || !token || domainMatchesHost(firm.domain, host)) return null;
  const query = new URLSearchParams({ a_id: String(firm.id), token, redirect });
  return `${protocol}//${firm.domain}/autologin?${query.toString()}`;
}

export type CompanyChoice = {
  requestedId: number | null;
  storedId: number | null;
  routeId: number | null;
};

/** Company: the requested one, else the last stored, else the route's, else the first. */
export function pickCompany<V extends Pick<VendorSummary, 'id'>>(
  vendors: readonly V[],
  { requestedId, storedId, routeId }: CompanyChoice,
): V | null {
  for (const id of [requestedId, storedId, routeId]) {
    const found = id === null ? undefined : vendors.find((v) => v.id === id);
    if (found) return found;
  }
  return vendors[0] ?? null;
}

export type WhiteLabelRedirectInput = {
  response: {
    accounting_firm: { id: number; domain: string | null };
    redirect?: boolean;
    location?: string;
  };
  token: string | null;
  host: string;
  protocol: string;
  currentPath: string;
};

/**
 * Where a white-label answer sends the browser, or null: its `location` when it asks for a
 * redirect; a signed-in user goes through autologin on the firm's domain to keep the session.
 */
export function whiteLabelRedirectUrl({
  response,
  token,
  host,
  protocol,
  currentPath,
}: WhiteLabelRedirectInput) {
  if (!response.redirect || !response.location) return null;
  const firm = response.accounting_firm;
  if (domainMatchesHost(firm.domain, host)) return null;
  if (token) {
    return firmDomainRedirect({
      firm,
      host,
      protocol,
      whiteLabelRedirect: true,
      token,
      redirect: currentPath,
    });
  }
  return response.location;
}
