import { encodeContext } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { routeById } from '../../app/routes';
import { buildNavItems, pathFor } from './nav-items';

const mod = (key: string, priority: number, is_navbar = true) => ({
  id: priority,
  key,
  name: key,
  priority,
  is_home: false,
  is_navbar,
  is_settings: false,
});

describe('buildNavItems', () => {
  const client = { is_super_admin: false, is_accountant: false };
  const selection = { accountingFirmId: 3, vendorId: 9 };
  it('lists home, navbar modules by priority, then allowed areas', () => {
    const items = buildNavItems(
      [mod('tasks', 2), mod('documents', 1), mod('quickfolders', 3, false)],
      client,
      selection,
    );
    expect(items.map((i) => i.id)).toEqual(['home', 'documents', 'tasks', 'settings']);
    expect(items.find((i) => i.id === 'tasks')?.titleKey).toBe('routes.tasks-client');
    expect(items.find((i) => i.id === 'documents')?.to).toBe(`/documents/${encodeContext(3, 9)}`);
  });
  it('leaves out the modules not built yet, quick-drop folders built (a client of the demo firm)', () => {
    const firmModules = [
      mod('documents', 20),
      mod('tasks', 30),
      mod('service-requests', 40),
      mod('quickfolders', 50),
      mod('videoconference', 60),
    ];
    const items = buildNavItems(firmModules, client, selection);
    expect(items.map((i) => i.id)).toEqual(['home', 'documents', 'tasks', 'quickfolders', 'settings']);
  });
  it('offers the holding area to holding and group admins only, whatever their firm role', () => {
    const accountant = { is_super_admin: false, is_accountant: true };
    expect(buildNavItems([], accountant, selection).map((i) => i.id)).not.toContain('holding');
    const items = buildNavItems([], { ...accountant, has_holding: true }, selection);
    expect(items.map((i) => i.id)).toEqual(['home', 'customers', 'settings', 'holding']);
    expect(items.find((i) => i.id === 'holding')?.to).toBe('/holding');
  });
  it('offers customers to accountants and sa to super admins', () => {
    const items = buildNavItems([], { is_super_admin: true, is_accountant: true }, selection);
    expect(items.map((i) => i.id)).toEqual(['home', 'customers', 'settings', 'sa']);
    expect(items.find((i) => i.id === 'customers')?.to).toBe(`/customers/${encodeContext(3, null)}`);
  });
  it('skips routes that need more than a context', () => {
    const viewer = routeById('viewer');
    expect(viewer && pathFor(viewer, selection)).toBeNull();
    const sa = routeById('sa');
    expect(sa && pathFor(sa, null)).toBe('/sa');
  });
});
