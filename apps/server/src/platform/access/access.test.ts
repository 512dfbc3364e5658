import type { Action } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { Actor } from '../auth/sessions';
import { can, createAccess, type Grant, type GrantResolvers, reachesFirm } from './access';

const grant = (roles: Grant['roles'], readOnly = false): Grant => ({ roles, readOnly, accountingFirmId: 1 });

describe('can(grant, action)', () => {
  const cases: [string, Grant, Action, boolean][] = [
    ['collaborator with a read-write grant updates', grant(['firm_collaborator']), 'vendor.update', true],
    [
      'collaborator with a read-only grant cannot update',
      grant(['firm_collaborator'], true),
      'vendor.update',
      false,
    ],
    [
      'collaborator with a read-only grant still reads',
      grant(['firm_collaborator'], true),
      'vendor.read',
      true,
    ],
    ['collaborator cannot delete', grant(['firm_collaborator']), 'vendor.delete', false],
    ['collaborator cannot deactivate', grant(['firm_collaborator']), 'vendor.deactivate', false],
    ['firm admin deletes', grant(['firm_admin']), 'vendor.delete', true],
    ['firm admin with a read-only grant cannot delete', grant(['firm_admin'], true), 'vendor.delete', false],
    ['guest reads', grant(['vendor_guest'], true), 'vendor.read', true],
    ['guest cannot update (read-only grant)', grant(['vendor_guest'], true), 'vendor.update', false],
    ['guest cannot update (even a read-write grant)', grant(['vendor_guest']), 'vendor.update', false],
    ['guest cannot manage users', grant(['vendor_guest']), 'vendor.users.manage', false],
    ['client admin updates', grant(['vendor_admin']), 'vendor.update', true],
    ['client admin cannot delete', grant(['vendor_admin']), 'vendor.delete', false],
    ['client collaborator cannot update', grant(['vendor_collaborator']), 'vendor.update', false],
    ['no role reads nothing', grant([]), 'vendor.read', false],
    ['super admin manages the platform', grant(['super_admin']), 'platform.manage', true],
    [
      'firm admin does not manage the platform',
      grant(['firm_admin', 'group_admin']),
      'platform.manage',
      false,
    ],
    ['group admin transfers', grant(['group_admin']), 'vendor.transfer', true],
  ];

  it.each(cases)('%s', (_name, g, action, expected) => {
    expect(can(g, action)).toBe(expected);
  });
});

describe('a session bound to one portal', () => {
  const actor = (boundFirmId: number | null): Actor => ({
    userId: 7,
    isSuperAdmin: false,
    sessionId: 1,
    familyId: 'f',
    expiresAt: new Date(Date.now() + 60_000),
    boundFirmId,
  });
  const access = createAccess({} as Db);
  access.register({
    // A resolver that grants firm admin on every firm, and a holding grant naming no firm.
    firm: async (_db, _actor, { accountingFirmId }) => ({
      roles: ['firm_admin'],
      readOnly: false,
      accountingFirmId,
    }),
    holding: async (_db, _actor, { holdingId }) => ({ roles: ['holding_admin'], readOnly: false, holdingId }),
  } as GrantResolvers);

  it('keeps the grants of its own firm and drops any other, holdings included', async () => {
    expect((await access.grantFor(actor(3), { kind: 'firm', accountingFirmId: 3 })).roles).toEqual([
      'firm_admin',
    ]);
    expect((await access.grantFor(actor(3), { kind: 'firm', accountingFirmId: 4 })).roles).toEqual([]);
    expect((await access.grantFor(actor(3), { kind: 'holding', holdingId: 1 })).roles).toEqual([]);
    await expect(
      access.authorize(actor(3), 'firm.read', { kind: 'firm', accountingFirmId: 4 }),
    ).rejects.toThrow();
    expect((await access.grantFor(actor(null), { kind: 'firm', accountingFirmId: 4 })).roles).toEqual([
      'firm_admin',
    ]);
    expect((await access.grantFor(actor(null), { kind: 'holding', holdingId: 1 })).roles).toEqual([
      'holding_admin',
    ]);
  });

  it('reaches, without a grant, its own firm only', () => {
    expect(reachesFirm(actor(3), 3)).toBe(true);
    expect(reachesFirm(actor(3), 4)).toBe(false);
    expect(reachesFirm(actor(null), 4)).toBe(true);
  });
});
