import { describe, expect, it } from 'vitest';
import {
  COMPANY_TABS,
  companyCanWrite,
  FIRM_SECTIONS,
  sectionKey,
  sectionOf,
  settingsPath,
  visibleCompanyTabs,
  visibleFirmSections,
  visibleTeamPages,
} from './sections';

describe('settings sections', () => {
  it('lists every firm child of the spec and the company tabs', () => {
    expect(FIRM_SECTIONS.map((s) => s.path)).toEqual([
      'team-manager',
      'applications',
      'analytics',
      'pimpmyfirm',
      'document-templates',
      'group/administration',
      'group/manager',
      'home',
      'offers',
      'quickfolders-manager',
      'terms-of-service',
      'security',
      'storage',
      'signatures',
      'audit',
    ]);
    expect(COMPANY_TABS.map((s) => s.path)).toEqual([
      'general',
      'addresses',
      'banks',
      'financial-years',
      'users',
      'automation',
      'themes',
      'workflows',
    ]);
  });

  it('marks the built sections (builtFeatures): only they are offered', () => {
    expect(FIRM_SECTIONS.filter((s) => s.built).map((s) => s.path)).toEqual([
      'team-manager',
      'pimpmyfirm',
      'group/administration',
      'group/manager',
      'offers',
      'quickfolders-manager',
      'terms-of-service',
      'security',
      'storage',
      'signatures',
      'audit',
    ]);
  });

  it('offers the built sections only, the group ones to group administrators only', () => {
    const offered = [
      'team-manager',
      'pimpmyfirm',
      'offers',
      'quickfolders-manager',
      'terms-of-service',
      'security',
      'storage',
      'signatures',
      'audit',
    ];
    const group = [
      'team-manager',
      'pimpmyfirm',
      'group/administration',
      'group/manager',
      ...offered.slice(2),
    ];
    expect(visibleFirmSections(true).map((s) => s.path)).toEqual(group);
    expect(visibleFirmSections(false).map((s) => s.path)).toEqual(offered);
    expect(visibleCompanyTabs().map((t) => t.path)).toEqual([
      'general',
      'addresses',
      'banks',
      'financial-years',
      'users',
      'themes',
      'workflows',
    ]);
    expect(visibleTeamPages()).toEqual(['users', 'companies', 'themes', 'workflows']);
  });

  it('finds the section of a sub-path', () => {
    expect(sectionOf('team-manager/users/12', FIRM_SECTIONS)).toBe('team-manager');
    expect(sectionOf('/group/manager/', FIRM_SECTIONS)).toBe('group/manager');
    expect(sectionOf('offers/categories/1', FIRM_SECTIONS)).toBe('offers');
    expect(sectionOf('team', FIRM_SECTIONS)).toBeNull();
    expect(sectionOf('', FIRM_SECTIONS)).toBeNull();
  });

  it('builds keys and paths', () => {
    expect(sectionKey('group/administration')).toBe('group.administration');
    expect(settingsPath('abc')).toBe('/settings/abc');
    expect(settingsPath('abc', '/team-manager/users')).toBe('/settings/abc/team-manager/users');
  });

  it('lets admins and accountants write, the users tab to admins only, never read-only or guests', () => {
    expect(companyCanWrite('general', 'admin', false)).toBe(true);
    expect(companyCanWrite('general', 'accountant', false)).toBe(true);
    expect(companyCanWrite('general', 'admin', true)).toBe(false);
    expect(companyCanWrite('general', 'collaborator', false)).toBe(false);
    expect(companyCanWrite('general', 'guest', false)).toBe(false);
    expect(companyCanWrite('users', 'accountant', false)).toBe(false);
    expect(companyCanWrite('users', 'admin', false)).toBe(true);
    expect(companyCanWrite('general', null, false)).toBe(false);
  });
});
