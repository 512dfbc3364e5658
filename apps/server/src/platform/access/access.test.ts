import type { Action } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { can, type Grant } from './access';

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
