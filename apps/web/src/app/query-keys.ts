/**
 * The query keys more than one feature uses, by what they cache, so that a feature refreshes what
 * its change touched in another feature without importing that feature: `taskKeys.all` after a
 * theme is renamed, `customerKeys.all` after a client file changes. A feature's `api.ts`
 * re-exports its own; keys only one feature reads stay in its `api.ts` (`teamKeys`, `saKeys`).
 * An id is undefined (or 0) while its query waits for it. The first load's keys live in `session-keys.ts`.
 */

type Filters = Readonly<Record<string, unknown>>;

export { ME_KEY, WHITE_LABEL_KEY, workspaceKeys } from './session-keys';

/** The holding area (issue 32): the holdings one administers (also the navigation's entry). */
export const holdingKeys = {
  all: ['holding'] as const,
  mine: ['holding', 'mine'] as const,
};

/** The customers list and the creation wizard: everything under ['customers']. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (firmId: number, q: Filters) => ['customers', firmId, q] as const,
  treeStructures: (firmId: number) => ['customers', 'tree-structures', firmId] as const,
  /** The firm's team as the wizard and the task pickers show it. */
  members: (firmId: number) => ['customers', 'members', firmId] as const,
};

/** One client file: everything under ['vendor', id]. */
export const vendorKeys = {
  all: (id: number) => ['vendor', id] as const,
  detail: (id: number) => ['vendor', id, 'detail'] as const,
  banks: (id: number) => ['vendor', id, 'banks'] as const,
  addresses: (id: number) => ['vendor', id, 'addresses'] as const,
  periods: (id: number) => ['vendor', id, 'periods'] as const,
  users: (id: number) => ['vendor', id, 'users'] as const,
};

/** One client file's documents: everything under ['documents', vendorId]. */
export const documentKeys = {
  all: (vendorId: number) => ['documents', vendorId] as const,
  /** The children of a folder in the tree (null: the root alone). */
  tree: (vendorId: number, parentId: number | null) => ['documents', vendorId, 'tree', parentId] as const,
  folder: (vendorId: number, folderId: number) => ['documents', vendorId, 'folder', folderId] as const,
  nodes: (vendorId: number, folderId: number) => ['documents', vendorId, 'nodes', folderId] as const,
  /** Every folder's listing and answer (what a workflow status shows in), not the contents. */
  allNodes: (vendorId: number) => ['documents', vendorId, 'nodes'] as const,
  allFolders: (vendorId: number) => ['documents', vendorId, 'folder'] as const,
  document: (vendorId: number, documentId: number) =>
    ['documents', vendorId, 'document', documentId] as const,
  versions: (vendorId: number, documentId: number) =>
    ['documents', vendorId, 'versions', documentId] as const,
  trash: (vendorId: number) => ['documents', vendorId, 'trash'] as const,
  preview: (vendorId: number, documentId: number, versionId: number | 'latest') =>
    ['documents', vendorId, 'preview', documentId, versionId] as const,
  previewPdf: (vendorId: number, documentId: number, versionId: number | 'latest') =>
    ['documents', vendorId, 'preview-pdf', documentId, versionId] as const,
};

/** The caller's unread documents per client file of a firm (the badges). */
export const unreadKeys = {
  all: ['documents-unread'] as const,
  firm: (firmId: number) => ['documents-unread', firmId] as const,
};

/**
 * The tasks: everything under ['tasks'] (lists, counters, companies, one task, the navigation
 * badge), so that a change refreshes them all with one invalidation.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (q: Filters) => ['tasks', 'list', q] as const,
  counters: (q: Filters) => ['tasks', 'counters', q] as const,
  companies: (q: Filters) => ['tasks', 'companies', q] as const,
  column: (q: Filters) => ['tasks', 'column', q] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  badge: (firmId: number, vendorId: number | null) => ['tasks', 'badge', firmId, vendorId] as const,
  options: (vendorId: number, search: string) => ['tasks', 'options', vendorId, search] as const,
  adminMode: (firmId: number) => ['tasks', 'admin-mode', firmId] as const,
};

/** The home page: everything under ['home']. */
export const homeKeys = {
  all: ['home'] as const,
  day: (firmId: number, vendorId: number | null) => ['home', firmId, vendorId] as const,
};

/** A firm's themes. */
export const themeKeys = {
  all: (firmId: number) => ['themes', firmId] as const,
  /** Per theme, its folders and people (firm administrators). */
  usage: (firmId: number) => ['themes', firmId, 'usage'] as const,
  /** A client file's themes, folders and people (its Themes tab, its users' rights dialog). */
  vendor: (vendorId: number) => ['vendor-themes', vendorId] as const,
};

/** The person's profile: everything under ['profile']. */
export const profileKeys = {
  all: ['profile'] as const,
  /** Prefix of every cached "my terms" answer: publishing a new version invalidates them. */
  allTerms: ['profile', 'terms'] as const,
  terms: (accountingFirmId: number | undefined, language: string) =>
    ['profile', 'terms', accountingFirmId, language] as const,
  sessions: ['profile', 'sessions'] as const,
  session: ['profile', 'session'] as const,
  totp: ['profile', 'totp'] as const,
  fileSharePasswords: ['profile', 'file-share-passwords'] as const,
  davPreferences: ['profile', 'dav-preferences'] as const,
  notificationPreferences: ['profile', 'notification-preferences'] as const,
};

/** The caller's bell: their notifications and unread count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

/** The firm settings: everything under ['settings']. */
export const settingsKeys = {
  all: ['settings'] as const,
  /** The firm's white labels (light and dark) as the branding editor shows them. */
  branding: (accountingFirmId: number) => ['settings', 'branding', accountingFirmId] as const,
  terms: (accountingFirmId: number) => ['settings', 'terms', accountingFirmId] as const,
  signIn: (accountingFirmId: number) => ['settings', 'sign-in', accountingFirmId] as const,
  identityProviders: (accountingFirmId: number) =>
    ['settings', 'identity-providers', accountingFirmId] as const,
};

/** The node types a workflow status is set on. */
export type NodeType = 'document' | 'folder';

/** Query keys of a client file's workflows and of its nodes' statuses. */
export const workflowKeys = {
  root: ['workflows'] as const,
  all: (vendorId: number) => ['workflows', vendorId] as const,
  /** The firm's own workflows. */
  firm: (firmId: number) => ['workflows', 'firm', firmId] as const,
  list: (vendorId: number) => ['workflows', vendorId, 'list'] as const,
  /** The workflow applying to a folder and its subtree's counts per status. */
  folder: (vendorId: number, folderId: number) => ['workflows', vendorId, 'folder', folderId] as const,
  status: (vendorId: number, type: NodeType, id: number) =>
    ['workflows', vendorId, 'status', type, id] as const,
  history: (vendorId: number, type: NodeType, id: number) =>
    ['workflows', vendorId, 'history', type, id] as const,
};

/** Query keys of a firm's service catalogue (settings `offers`). */
export const catalogKeys = {
  all: (firmId: number) => ['catalog', firmId] as const,
  categories: (firmId: number) => ['catalog', firmId, 'categories'] as const,
  services: (firmId: number, categoryId: number | null, search: string) =>
    ['catalog', firmId, 'services', categoryId, search] as const,
  service: (firmId: number, serviceId: number) => ['catalog', firmId, 'service', serviceId] as const,
  offers: (firmId: number, search: string) => ['catalog', firmId, 'offers', search] as const,
};

/** Query keys of a client file's missions (`customer/{context}/services`). */
export const missionKeys = {
  all: (vendorId: number) => ['missions', vendorId] as const,
  list: (vendorId: number, page: number) => ['missions', vendorId, 'list', page] as const,
  one: (vendorId: number, missionId: number) => ['missions', vendorId, 'one', missionId] as const,
  catalog: (firmId: number) => ['missions', 'catalog', firmId] as const,
};
