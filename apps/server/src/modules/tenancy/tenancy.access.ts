import type { Role } from '@portal/contracts';
import { type GrantResolvers, NO_GRANT } from '../../platform/access/access';
import * as grants from './grants.repository';

declare module '../../platform/access/access' {
  interface ResourceKinds {
    holding: { holdingId: number };
    firm: { accountingFirmId: number };
  }
}

/** Roles on a holding and on a firm (portal). */
export const tenancyAccess: GrantResolvers = {
  async holding(db, actor, { holdingId }) {
    const roles: Role[] = [];
    const found = await grants.holdingRoles(db, actor.userId, holdingId);
    if (found.holdingAdmin) roles.push('holding_admin');
    if (found.groupAdmin) roles.push('group_admin');
    if (actor.isSuperAdmin) roles.push('super_admin');
    return { roles, readOnly: false, holdingId };
  },

  async firm(db, actor, { accountingFirmId }) {
    const row = await grants.firmGrantRow(db, actor.userId, accountingFirmId);
    if (!row) return NO_GRANT;
    const roles: Role[] = [];
    if (actor.isSuperAdmin) roles.push('super_admin');
    // A deactivated portal is closed to everyone but the super admin until it is restored.
    if (row.deactivatedAt)
      return roles.length ? { roles, readOnly: false, accountingFirmId, holdingId: row.holdingId } : NO_GRANT;
    if (row.role) roles.push(row.role === 'admin' ? 'firm_admin' : 'firm_collaborator');
    if (row.isGroupAdmin) roles.push('group_admin');
    if (row.holdingAdmin !== null) roles.push('holding_admin');
    if (row.isClient) roles.push('firm_client');
    return {
      roles,
      readOnly: false,
      accountingFirmId,
      holdingId: row.holdingId,
      allVendors: row.allVendors === true,
    };
  },
};
