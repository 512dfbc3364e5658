/**
 * The permission matrix (role x action): the one source read by the server's access module, the
 * web app (to hide what a user cannot do) and `docs/permissions.md` (rendered by
 * `scripts/render-permissions.mjs`).
 *
 * Roles are relative to the resource acted on: a user who is admin of firm A is no one in firm B.
 * `firm_collaborator` rights on a vendor need an assignment to it; a read-only assignment or a
 * `vendor_guest` never writes (the access module enforces both). `firm_client` is a client user of
 * one of the firm's active client files, as seen from the firm (they read and accept its terms).
 */
export const ROLES = [
  'super_admin',
  'holding_admin',
  'group_admin',
  'firm_admin',
  'firm_collaborator',
  'firm_client',
  'vendor_admin',
  'vendor_collaborator',
  'vendor_guest',
] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = {
  'firm.read': 'See the firm, its white label and modules',
  'firm.update': 'Change the firm settings and white label',
  'firm.terms.accept': 'Read and accept the firm terms of use',
  'firm.team.read': 'See the firm team',
  'firm.team.manage': 'Invite, change and remove firm members and their assignments',
  'firm.team.group_admin': 'Grant or withdraw the group admin flag of a firm member',
  'firm.themes.read': "See the firm's access-rights themes",
  'firm.themes.manage': "Create, change and delete the firm's access-rights themes",
  'catalog.read':
    "See the firm's whole service catalogue (categories, services, offers, private items and prices included)",
  'catalog.manage': "Create, change, archive and delete the firm's catalogue categories, services and offers",
  'mission.read':
    "See a client file's missions and their generated tasks (client administrators: public services only)",
  'mission.manage': "Create, change, sign, stop and delete a client file's missions, generate their tasks",
  'firm.sessions.revoke': 'End the sessions of a member or client user the firm alone knows',
  'vendor.list': 'List the firm client files (collaborators: assigned ones only)',
  'vendor.create': 'Create a client file',
  'vendor.read': 'Open a client file',
  'vendor.update': 'Edit a client file (details, fiscal, banks, addresses, periods, notes)',
  'vendor.users.manage': 'Invite and manage the users of a client file',
  'vendor.deactivate': 'Deactivate or restore a client file',
  'vendor.transfer': 'Transfer a client file to another portal of the holding',
  'vendor.delete': 'Delete a client file permanently',
  'vendor.import': 'Import client files from a spreadsheet',
  'documents.read': "Browse a client file's folders, open and download its documents",
  'documents.write':
    'Upload, create folders, rename, move, copy, delete to the trash and restore documents (what one deleted oneself)',
  'documents.validate':
    'Validate or invalidate a version, force the deletion of validated or read-only items, set folders read-only',
  'documents.restore_others':
    'Restore from the trash what someone else deleted (the firm, another client user)',
  'documents.purge': "Empty a client file's trash, or delete items from it for good",
  'documents.legal_hold':
    'Set or lift the legal hold of a client file (nothing in it is then deleted for good, by anyone or any job)',
  'documents.share':
    'Share a document or folder of a client file by a public link, revoke it, see its accesses',
  'documents.themes': "Tag a client file's folders with themes, choose the themes it allows",
  'documents.quickfolders':
    "Create, change and delete a client file's quick-drop folders (its drop targets and their automations)",
  'vendor.users.themes': "Choose the themes a client file's users hold (never one's own)",
  'documents.search': 'Search by word the documents of the client files of a firm one opens (firm side)',
  'documents.search_own':
    "Search by word the documents of the client files one opens in a firm, from one's own space (client users' route)",
  'documents.unread': "Count one's unread documents per client file of a firm (the client files one reads)",
  'workflow.manage':
    "Create, change, delete and activate workflows (a client file's administrator: its own, unless the firm is an accountant's)",
  'workflow.move':
    'Move documents and folders from one workflow status to another (along the allowed transitions)',
  'task.list':
    'List the tasks of a firm (members: their client files; client users: their companies, never internal ones)',
  'task.admin_mode': "List every task of the firm's client files (admin mode)",
  'task.read': 'Open a task or information request of a client file',
  'task.manage': 'Create, change and delete the tasks of a client file',
  'task.answer': 'Answer the items of an information request',
  'signature.read': "See a client file's signature requests and their audit trail",
  'signature.manage': 'Create, send, cancel and delete the signature requests of a client file',
  'signature.certificate': "Import or regenerate the portal's signing certificate",
  'signature.verify': "Check a PDF's signatures against the portal's certificates",
  'firm.audit.read': "Read the portal's audit log (every client file) and export it",
  'vendor.audit.read': "Read a client file's audit log (collaborators: assigned client files only)",
  'firm.audit.settings': "Choose how long the portal's audit log is kept",
  'holding.manage': 'Holding administration: workspaces, customers, team',
  'platform.manage': 'Platform administration (super admin area)',
} as const;
export type Action = keyof typeof ACTIONS;

/** Whether the action writes: read-only access never gets a writing action. */
export const WRITE_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'firm.update',
  'firm.team.manage',
  'firm.team.group_admin',
  'firm.themes.manage',
  'catalog.manage',
  'mission.manage',
  'firm.sessions.revoke',
  'vendor.create',
  'vendor.update',
  'vendor.users.manage',
  'vendor.deactivate',
  'vendor.transfer',
  'vendor.delete',
  'vendor.import',
  'documents.write',
  'documents.validate',
  'documents.restore_others',
  'documents.purge',
  'documents.legal_hold',
  'documents.themes',
  'documents.share',
  'documents.quickfolders',
  'vendor.users.themes',
  'task.manage',
  'task.answer',
  'workflow.manage',
  'workflow.move',
  'signature.manage',
  'signature.certificate',
  'firm.audit.settings',
  'holding.manage',
  'platform.manage',
]);

export const PERMISSIONS: Record<Action, readonly Role[]> = {
  'firm.read': ['super_admin', 'holding_admin', 'firm_admin', 'firm_collaborator'],
  'firm.update': ['super_admin', 'firm_admin'],
  'firm.terms.accept': ['super_admin', 'holding_admin', 'firm_admin', 'firm_collaborator', 'firm_client'],
  'firm.team.read': ['firm_admin', 'firm_collaborator'],
  'firm.team.manage': ['firm_admin'],
  'firm.team.group_admin': ['super_admin', 'holding_admin'],
  'firm.themes.read': ['super_admin', 'holding_admin', 'firm_admin', 'firm_collaborator'],
  'firm.themes.manage': ['super_admin', 'firm_admin'],
  'catalog.read': ['firm_admin', 'firm_collaborator'],
  'catalog.manage': ['firm_admin'],
  'mission.read': ['firm_admin', 'firm_collaborator', 'vendor_admin'],
  'mission.manage': ['firm_admin', 'firm_collaborator'],
  'firm.sessions.revoke': ['firm_admin'],
  'vendor.list': ['firm_admin', 'firm_collaborator'],
  'vendor.create': ['firm_admin'],
  'vendor.read': ['firm_admin', 'firm_collaborator', 'vendor_admin', 'vendor_collaborator', 'vendor_guest'],
  'vendor.update': ['firm_admin', 'firm_collaborator', 'vendor_admin'],
  'vendor.users.manage': ['firm_admin', 'firm_collaborator', 'vendor_admin'],
  'vendor.deactivate': ['firm_admin'],
  'vendor.transfer': ['firm_admin', 'group_admin'],
  'vendor.delete': ['firm_admin'],
  'vendor.import': ['firm_admin'],
  'documents.read': [
    'firm_admin',
    'firm_collaborator',
    'vendor_admin',
    'vendor_collaborator',
    'vendor_guest',
  ],
  'documents.write': ['firm_admin', 'firm_collaborator', 'vendor_admin', 'vendor_collaborator'],
  'documents.validate': ['firm_admin', 'firm_collaborator'],
  'documents.restore_others': ['firm_admin', 'firm_collaborator'],
  'documents.purge': ['firm_admin', 'firm_collaborator'],
  'documents.legal_hold': ['firm_admin'],
  'documents.share': ['firm_admin', 'firm_collaborator', 'vendor_admin', 'vendor_collaborator'],
  'documents.themes': ['firm_admin'],
  'documents.quickfolders': ['firm_admin'],
  'vendor.users.themes': ['firm_admin', 'vendor_admin'],
  'documents.search': ['firm_admin', 'firm_collaborator'],
  'documents.search_own': ['firm_admin', 'firm_collaborator', 'firm_client'],
  'documents.unread': ['firm_admin', 'firm_collaborator', 'firm_client'],
  'workflow.manage': ['firm_admin', 'vendor_admin'],
  'workflow.move': ['firm_admin', 'firm_collaborator', 'vendor_admin', 'vendor_collaborator'],
  'task.list': ['firm_admin', 'firm_collaborator', 'firm_client'],
  'task.admin_mode': ['firm_admin'],
  'task.read': ['firm_admin', 'firm_collaborator', 'vendor_admin', 'vendor_collaborator', 'vendor_guest'],
  'task.manage': ['firm_admin', 'firm_collaborator'],
  'task.answer': ['firm_admin', 'firm_collaborator', 'vendor_admin', 'vendor_collaborator'],
  'signature.read': [
    'firm_admin',
    'firm_collaborator',
    'vendor_admin',
    'vendor_collaborator',
    'vendor_guest',
  ],
  'signature.manage': ['firm_admin', 'firm_collaborator', 'vendor_admin', 'vendor_collaborator'],
  'signature.certificate': ['firm_admin'],
  'signature.verify': ['firm_admin', 'firm_collaborator', 'firm_client'],
  'firm.audit.read': ['firm_admin'],
  'vendor.audit.read': ['firm_admin', 'firm_collaborator'],
  'firm.audit.settings': ['firm_admin'],
  'holding.manage': ['holding_admin', 'group_admin'],
  'platform.manage': ['super_admin'],
};

/** Pure check of the matrix: may any of `roles` do `action` (with write access when it writes)? */
export function roleAllows(roles: readonly Role[], action: Action, readOnly = false): boolean {
  if (readOnly && WRITE_ACTIONS.has(action)) return false;
  const allowed = PERMISSIONS[action];
  return roles.some((r) => allowed.includes(r) && !(r === 'vendor_guest' && WRITE_ACTIONS.has(action)));
}
