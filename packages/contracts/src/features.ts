/**
 * What is built, by area: the one list the web app's navigation, menus, settings and creation
 * wizard read (and the server may), so that nothing unbuilt is offered and a module, section or tab
 * appears by itself when it lands here. No zod: the web app's first load may import it.
 */
export const builtFeatures = {
  /** Modules with screens: navigation entries, and apps a client file may be given. */
  modules: ['home', 'customers', 'documents', 'tasks', 'quickfolders', 'settings'],
  /** Sections of a firm's settings (`/settings/{context}/<section>`). */
  firmSettings: [
    'team-manager',
    'pimpmyfirm',
    'terms-of-service',
    'security',
    'storage',
    'signatures',
    'quickfolders-manager',
    // A page of the team manager (beside its themes): the firm's own workflows.
    'team-manager/workflows',
    // The service catalogue (issue 30): categories, services, offers.
    'offers',
    // Group admins' sections (issue 32): they open the holding area's workspaces and team.
    'group/administration',
    'group/manager',
    // The portal's audit log (issue 31).
    'audit',
  ],
  /** Tabs of the selected company's settings (client users). */
  companySettings: ['general', 'addresses', 'banks', 'financial-years', 'users', 'themes', 'workflows'],
  /** Tabs of a client file (accountants). */
  clientFileTabs: [
    'general',
    'fiscal',
    'administration',
    'banks',
    'addresses',
    'notes',
    'financial-years',
    'users',
    'themes',
    'workflows',
    'services',
  ],
  /** Sections of the person's profile. */
  profile: ['user', 'password', 'documents', 'notifications', 'terms-of-service'],
  /** Sections of the super admin's console (`/sa/<section>`). */
  superAdmin: ['accounting-firms', 'modules', 'products', 'flags', 'nps-survey'],
} as const satisfies Record<string, readonly string[]>;

export type FeatureArea = keyof typeof builtFeatures;

/** Whether `key` (a module key, a section or tab path) is built in `area`. */
export const isBuilt = (area: FeatureArea, key: string): boolean =>
  (builtFeatures[area] as readonly string[]).includes(key);
