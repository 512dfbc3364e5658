import { decodeContext } from '@portal/contracts/context';
import type { Params } from 'react-router';
import { fetchFirmModules, fetchFirmsQuietly, fetchMyVendors } from './api';
import { chooseFirm, pickCompany } from './firm-selection';
import { queryClient } from './query-client';
import { workspaceKeys } from './query-keys';
import type { RoutePrefetch } from './route-types';
import { getSelection } from './selection-store';
import { vendorRolesQuery } from './shared-api';
import { ensureWhiteLabel, prefetchWhiteLabel } from './white-label';

/**
 * The signed-in frame's first reads, asked for by the guard of a signed-in route as soon as the
 * session is known, rather than once the frame's code has loaded and rendered: the firm's client
 * files, its modules and white label, the company's roles. Same keys, same requests and same firm
 * and company choice as the frame (`workspace-context.tsx`), which then finds them in the cache (or
 * on their way). Only what the cache lacks (`ensureQueryData`): once the frame is there, a
 * navigation asks nothing again. Quiet: the frame asks again, and reports, if one failed.
 */
export async function prefetchWorkspace(routeId: string, params: Params<string>): Promise<void> {
  const host = window.location.host;
  const requested = decodeContext(params.context);
  const [firms, whiteLabel] = await Promise.all([
    queryClient.ensureQueryData({
      queryKey: workspaceKeys.firms(host),
      queryFn: () => fetchFirmsQuietly(host),
    }),
    ensureWhiteLabel(),
  ]);
  const firm = chooseFirm(firms, requested?.accountingFirmId, {
    storedFirmId: getSelection()?.accountingFirmId ?? null,
    whiteLabelFirmId: whiteLabel.accounting_firm.id,
    host,
  });
  if (!firm) return;
  const vendorId = requested?.accountingFirmId === firm.id ? requested.vendorId : null;
  void prefetchPage(routeId, { queryClient, firm, vendorId, params }).catch(() => undefined);
  // The frame shows the firm's own white label (`setWhiteLabelFirmId`): its cache entry, by firm id.
  prefetchWhiteLabel(firm.id);
  if (firm.is_accountant)
    void quietly(
      queryClient.ensureQueryData({
        queryKey: workspaceKeys.firmModules(firm.id),
        queryFn: () => fetchFirmModules(firm.id),
      }),
    );
  const vendors = await queryClient.ensureQueryData({
    queryKey: workspaceKeys.vendors(firm.id),
    queryFn: () => fetchMyVendors(firm.id),
  });
  const stored = getSelection();
  const company = pickCompany(vendors, {
    requestedId: requested?.accountingFirmId === firm.id ? requested.vendorId : null,
    storedId: stored?.accountingFirmId === firm.id ? stored.vendorId : null,
    routeId: null,
  });
  if (company) void quietly(queryClient.ensureQueryData(vendorRolesQuery(company.id)));
}

/** The page's own first reads (`SHELL_PREFETCH`), from its module, which its route loads anyway. */
async function prefetchPage(routeId: string, ctx: Parameters<RoutePrefetch>[0]): Promise<void> {
  const { SHELL_PREFETCH } = await import('./shell-pages');
  const load = SHELL_PREFETCH[routeId];
  if (load) (await load())(ctx);
}

const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined);
