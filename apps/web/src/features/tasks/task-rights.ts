import type { AccountingFirmSummary, VendorSummary } from '@portal/contracts';

/**
 * What the caller may do with the tasks of a client file, as the server decides it
 * (`task.manage`: firm members with write access; `task.answer`: the same and the client file's
 * administrators and collaborators). The server still checks every call.
 */
export type TaskRights = {
  firmSide: boolean;
  firmAdmin: boolean;
  canCreate: boolean;
  canManage: (vendorId: number) => boolean;
  canAnswer: (vendorId: number) => boolean;
};

export function taskRights(
  firm: Pick<AccountingFirmSummary, 'is_accountant' | 'is_accountant_admin'> | null,
  vendors: readonly Pick<VendorSummary, 'id' | 'role' | 'read_only' | 'status'>[],
): TaskRights {
  const firmSide = firm?.is_accountant === true;
  const vendorOf = (id: number) => vendors.find((v) => v.id === id);
  // A client file outside the user's list is one admin mode shows: firm administrators write there.
  const canManage = (id: number) => firmSide && !(vendorOf(id)?.read_only ?? false);
  return {
    firmSide,
    firmAdmin: firmSide && firm?.is_accountant_admin === true,
    canCreate: firmSide && vendors.some((v) => v.status === 'active' && !v.read_only),
    canManage,
    canAnswer: (id) => {
      if (firmSide) return canManage(id);
      const vendor = vendorOf(id);
      return vendor !== undefined && !vendor.read_only && ['admin', 'collaborator'].includes(vendor.role);
    },
  };
}
