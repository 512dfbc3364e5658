import { describe, expect, it } from 'vitest';
import { confirmationMatches } from '../../components/type-to-confirm-dialog';
import { canWriteVendor, tabOf, VISIBLE_CLIENT_FILE_TABS } from './client-file-tabs';
import { transferTargets } from './transfer-targets';

describe('client file page', () => {
  it('finds the tab of the path', () => {
    expect(tabOf(undefined)).toBe('general');
    expect(tabOf('banks')).toBe('banks');
    expect(tabOf('users/12')).toBe('users');
    expect(tabOf('nope')).toBe('general');
  });
  it('offers the built tabs only: an unbuilt one opens the general tab', () => {
    expect(VISIBLE_CLIENT_FILE_TABS).not.toContain('offers');
    expect(VISIBLE_CLIENT_FILE_TABS).toContain('themes');
    expect(VISIBLE_CLIENT_FILE_TABS).toContain('workflows');
    expect(VISIBLE_CLIENT_FILE_TABS).toContain('financial-years');
    expect(tabOf('offers/12')).toBe('general');
    expect(tabOf('themes')).toBe('themes');
  });
  it('gives write rights to accountants only, never read-only', () => {
    expect(canWriteVendor({ role: 'accountant', read_only: false })).toBe(true);
    expect(canWriteVendor({ role: 'accountant', read_only: true })).toBe(false);
    expect(canWriteVendor({ role: 'guest', read_only: false })).toBe(false);
    expect(canWriteVendor(undefined)).toBe(false);
  });
  it('offers transfers within the holding where the user is an administrator', () => {
    const firm = (id: number, holding: number | null, admin = true) => ({
      id,
      name: `F${id}`,
      domain: null,
      holding_id: holding,
      is_accountant: true,
      is_accountant_admin: admin,
      is_group_admin: false,
      is_holding_admin: false,
    });
    const firms = [firm(1, 7), firm(2, 7), firm(3, 8), firm(4, 7, false), firm(5, null)];
    expect(transferTargets(firms, 1).map((f) => f.id)).toEqual([2]);
    expect(transferTargets(firms, 5)).toEqual([]);
  });
  it('compares the typed client code', () => {
    expect(confirmationMatches(' C-12 ', 'C-12')).toBe(true);
    expect(confirmationMatches('c-12', 'C-12')).toBe(false);
  });
});
