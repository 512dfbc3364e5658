import type { AccountingFirmSummary, CompanyRole, Module, VendorSummary } from '@portal/contracts';
import { decodeContext } from '@portal/contracts/context';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { generatePath, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api';
import { chooseFirm, pickCompany } from '../../app/firm-selection';
import { normaliseContext } from '../../app/navigation';
import { setSelection, useStoredSelection } from '../../app/selection-store';
import { useVendorRoles } from '../../app/shared-api';
import { useSnackbar } from '../../app/snackbars';
import { setWhiteLabelFirmId, useWhiteLabel } from '../../app/white-label';
import { fetchFirmModules, fetchMyFirms, fetchMyVendors, workspaceKeys } from './api';
import { useCurrentRoute } from './use-current-route';

export type Workspace = {
  loading: boolean;
  firms: AccountingFirmSummary[];
  firm: AccountingFirmSummary | null;
  vendors: VendorSummary[];
  vendorsLoading: boolean;
  company: VendorSummary | null;
  role: CompanyRole | null;
  modules: Module[];
  selectFirm: (id: number) => void;
  selectCompany: (id: number) => void;
};

const WorkspaceContext = createContext<Workspace | null>(null);

export function useWorkspace(): Workspace {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace outside WorkspaceProvider');
  return value;
}

/** Firm and company selection (spec section 2), kept in the URL context and in local storage. */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const host = window.location.host;
  const route = useCurrentRoute();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const stored = useStoredSelection();
  const whiteLabelFirmId = useWhiteLabel().data?.accounting_firm.id ?? null;
  const urlContext = decodeContext(params.context);

  const firmsQuery = useQuery({ queryKey: workspaceKeys.firms(host), queryFn: () => fetchMyFirms(host) });
  const firms = firmsQuery.data ?? [];
  const firm = useMemo(
    () =>
      chooseFirm(firms, urlContext?.accountingFirmId, {
        storedFirmId: stored?.accountingFirmId ?? null,
        whiteLabelFirmId,
        host,
      }),
    [firms, urlContext?.accountingFirmId, stored?.accountingFirmId, whiteLabelFirmId, host],
  );

  const vendorsQuery = useQuery({
    queryKey: workspaceKeys.vendors(firm?.id),
    queryFn: () => fetchMyVendors(firm?.id ?? 0),
    enabled: firm !== null,
  });
  const vendors = vendorsQuery.data ?? [];
  // fetchMyVendors is quiet (its 404 is no error): tell the other failures here; a 401 signs out.
  const { enqueueSnackbar } = useSnackbar();
  const vendorsError = vendorsQuery.error;
  useEffect(() => {
    if (!vendorsError || (isApiError(vendorsError) && vendorsError.status === 401)) return;
    enqueueSnackbar(vendorsError.message, { variant: 'error', preventDuplicate: true });
  }, [vendorsError, enqueueSnackbar]);
  const company = useMemo(
    () =>
      firm
        ? pickCompany(vendors, {
            requestedId: urlContext?.accountingFirmId === firm.id ? urlContext.vendorId : null,
            storedId: stored?.accountingFirmId === firm.id ? stored.vendorId : null,
            routeId: null,
          })
        : null,
    [firm, vendors, urlContext?.accountingFirmId, urlContext?.vendorId, stored],
  );

  const rolesQuery = useVendorRoles(company?.id ?? null);
  const firmModulesQuery = useQuery({
    queryKey: workspaceKeys.firmModules(firm?.id),
    queryFn: () => fetchFirmModules(firm?.id ?? 0),
    enabled: firm?.is_accountant === true,
  });
  const modules = (firm?.is_accountant ? firmModulesQuery.data : rolesQuery.data?.modules) ?? [];

  const vendorsSettled = firm !== null && !vendorsQuery.isPending;
  useEffect(() => {
    if (!firm) return;
    setWhiteLabelFirmId(firm.id);
    if (vendorsSettled) setSelection({ accountingFirmId: firm.id, vendorId: company?.id ?? null });
  }, [firm, company, vendorsSettled]);

  // Keep the URL's context param in line with the selection (rule 7 shapes it per route).
  useEffect(() => {
    if (!firm || !vendorsSettled || !route?.path.includes(':context')) return;
    const desired = normaliseContext(undefined, route.context, {
      accountingFirmId: firm.id,
      vendorId: company?.id ?? null,
    });
    if (desired === params.context) return;
    const path = generatePath(route.path, { ...params, context: desired });
    void navigate(`${path}${location.search}`, { replace: true });
  }, [firm, company, vendorsSettled, route, params, location.search, navigate]);

  const goTo = useCallback(
    (firmId: number, vendorId: number | null) => {
      setSelection({ accountingFirmId: firmId, vendorId });
      if (!route?.path.includes(':context')) return;
      const context = normaliseContext(undefined, 'sometimes', { accountingFirmId: firmId, vendorId });
      void navigate(`${generatePath(route.path, { ...params, context })}${location.search}`);
    },
    [route, params, location.search, navigate],
  );

  const value: Workspace = {
    loading: firmsQuery.isPending,
    firms,
    firm,
    vendors,
    vendorsLoading: vendorsQuery.isPending && firm !== null,
    company,
    role: rolesQuery.data?.role ?? null,
    modules,
    selectFirm: (id) => goTo(id, null),
    selectCompany: (id) => firm && goTo(firm.id, id),
  };
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
