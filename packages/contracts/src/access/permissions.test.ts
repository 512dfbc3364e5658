import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  PERMISSIONS,
  ROLES,
  type Role,
  roleAllows,
  WRITE_ACTIONS,
} from './permissions';

const actions = Object.keys(ACTIONS) as Action[];

describe('roleAllows', () => {
  const cases: [Role[], Action, boolean, boolean][] = [
    // [roles, action, readOnly, expected]
    [['firm_admin'], 'vendor.delete', false, true],
    [['firm_collaborator'], 'vendor.delete', false, false],
    [['firm_collaborator'], 'vendor.update', false, true],
    [['firm_collaborator'], 'vendor.update', true, false],
    [['firm_collaborator'], 'vendor.read', true, true],
    [['vendor_admin'], 'vendor.update', false, true],
    [['vendor_admin'], 'vendor.delete', false, false],
    [['vendor_admin'], 'vendor.read', false, true],
    [['vendor_collaborator'], 'vendor.update', false, false],
    [['vendor_guest'], 'vendor.read', false, true],
    [['vendor_guest'], 'vendor.update', false, false],
    [['vendor_guest'], 'vendor.users.manage', false, false],
    [['super_admin'], 'platform.manage', false, true],
    [['firm_admin'], 'platform.manage', false, false],
    [['holding_admin', 'group_admin'], 'platform.manage', false, false],
    [['group_admin'], 'vendor.transfer', false, true],
    [['holding_admin'], 'holding.manage', false, true],
    [['firm_admin'], 'firm.update', true, false],
    [[], 'vendor.read', false, false],
    [['vendor_guest', 'firm_collaborator'], 'vendor.update', false, true],
    [['firm_collaborator'], 'documents.purge', false, true],
    [['firm_collaborator'], 'documents.purge', true, false],
    [['vendor_admin'], 'documents.purge', false, false],
    [['vendor_collaborator'], 'documents.restore_others', false, false],
    [['vendor_collaborator'], 'documents.write', false, true],
  ];

  it.each(cases)('%j %s (read-only %s) -> %s', (roles, action, readOnly, expected) => {
    expect(roleAllows(roles, action, readOnly)).toBe(expected);
  });

  it('a guest never gets a writing action, whatever the matrix says', () => {
    for (const action of WRITE_ACTIONS) expect(roleAllows(['vendor_guest'], action), action).toBe(false);
  });

  it('read-only access never gets a writing action, for any role', () => {
    for (const action of WRITE_ACTIONS) {
      expect(roleAllows([...ROLES], action, true), action).toBe(false);
    }
  });

  it('read-only access keeps the reading actions the role has', () => {
    for (const action of actions.filter((a) => !WRITE_ACTIONS.has(a))) {
      for (const role of PERMISSIONS[action]) expect(roleAllows([role], action, true), action).toBe(true);
    }
  });

  it('only super_admin has platform.manage', () => {
    for (const role of ROLES) expect(roleAllows([role], 'platform.manage')).toBe(role === 'super_admin');
  });
});

describe('the matrix', () => {
  it("every action's roles are valid ROLES, without duplicates", () => {
    for (const action of actions) {
      const roles = PERMISSIONS[action];
      expect(roles.length, action).toBeGreaterThan(0);
      for (const role of roles) expect(ROLES, action).toContain(role);
      expect(new Set(roles).size, action).toBe(roles.length);
    }
  });

  it('covers every action, and every writing action is an action', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...actions].sort());
    for (const action of WRITE_ACTIONS) expect(actions).toContain(action);
  });
});
