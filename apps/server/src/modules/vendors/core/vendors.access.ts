import type { Role } from '@portal/contracts';
import { type GrantResolvers, NO_GRANT, type ThemeGrant } from '../../../platform/access/access';
import * as repo from './vendors.repository';

declare module '../../../platform/access/access' {
  interface ResourceKinds {
    vendor: { vendorId: number };
  }
}

type ThemeRow = [
  id: number,
  readWrite: boolean,
  privateFirm: boolean,
  asMember: boolean | null,
  asClient: boolean | null,
];

/**
 * Which themes' folders the person sees: firm administrators every folder; a collaborator the
 * themes of their membership (all, or listed); a client user theirs, never a firm-private one.
 */
function themeGrant(row: {
  firmRole: string | null;
  clientRole: string | null;
  themes: unknown;
}): ThemeGrant | null {
  if (row.firmRole === 'admin') return null;
  const all = (typeof row.themes === 'string' ? JSON.parse(row.themes) : row.themes) as ThemeRow[];
  const firmSide = row.firmRole !== null;
  const held = all
    .filter(([, , privateFirm, asMember, asClient]) =>
      firmSide ? asMember === true : asClient === true && !privateFirm,
    )
    .map(([id, readWrite]) => ({ id, readWrite }));
  const blocking = firmSide ? [] : all.filter(([, , privateFirm]) => privateFirm).map(([id]) => id);
  return { held, blocking };
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
    return { roles, readOnly, accountingFirmId: row.accountingFirmId, themes: themeGrant(row) };
  },
};
