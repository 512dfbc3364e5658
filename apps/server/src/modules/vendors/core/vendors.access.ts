import type { Role } from '@portal/contracts';
import { type GrantResolvers, NO_GRANT } from '../../../platform/access/access';
import * as repo from './vendors.repository';

declare module '../../../platform/access/access' {
  interface ResourceKinds {
    vendor: { vendorId: number };
  }
}

/** Roles on a client file: the firm's members (all files or assigned), its client users. */
export const vendorsAccess: GrantResolvers = {
  async vendor(db, actor, { vendorId }) {
    const row = await repo.vendorGrantRow(db, actor.userId, vendorId);
    if (!row || row.firmDeactivatedAt) return NO_GRANT;
    const roles: Role[] = [];
    let readOnly = true;
    if (row.firmRole === 'admin') {
      roles.push('firm_admin');
      readOnly = false;
    } else if (row.firmRole && (row.assigned !== null || row.allVendors)) {
      roles.push('firm_collaborator');
      readOnly = row.assigned !== null ? Boolean(row.assignmentReadOnly) : Boolean(row.membershipReadOnly);
    }
    if (row.isGroupAdmin) roles.push('group_admin');
    // A deactivated client file is closed to its client users until it is restored.
    if (row.clientRole && row.status === 'active') {
      roles.push(`vendor_${row.clientRole}`);
      if (row.clientRole !== 'guest') readOnly = false;
    }
    if (roles.length === 0) return NO_GRANT;
    return { roles, readOnly, accountingFirmId: row.accountingFirmId };
  },
};
