import type { TestApp } from '../test-app';
import { isPlatformRoute, type Operation } from './operations';
import { createSuperAdmin, type Tenant, WORLD_PASSWORD } from './tenant-world';

/**
 * Signs in the people entitled to every operation on `tenant`'s ids: its firm administrator, and
 * the super admin for the `/api/sa/` routes, its holding's administrator for `/api/holdings/`. Returns the token to use for an operation.
 */
export async function signInOwners(t: TestApp, tenant: Tenant, passwordHash: string) {
  const admin = await t.signIn(`admin-${tenant.label}@probe.test`, WORLD_PASSWORD);
  const superAdmin = await t.signIn(await createSuperAdmin(t.database.db, passwordHash), WORLD_PASSWORD);
  const holdingAdmin = await t.signIn(`holdingadmin-${tenant.label}@probe.test`, WORLD_PASSWORD);
  return (op: Operation) =>
    isPlatformRoute(op) ? superAdmin : op.path.startsWith('/api/holdings/') ? holdingAdmin : admin;
}

/** The client file's own lifecycle, in the order the walks that succeed must take it. */
const LIFECYCLE = [
  'POST /api/vendors/{id}/deactivate',
  'POST /api/vendors/{id}/restore',
  'POST /api/vendors/{id}/transfer',
  'DELETE /api/vendors/{id}',
];

/**
 * Deletions of a parent whose children have routes of their own: after the children's, in this
 * order (an item's files are unlinked before the item goes, the item before its task).
 */
const PARENT_DELETIONS = [
  'DELETE /api/tasks/{id}/items/{itemId}',
  'DELETE /api/tasks/{id}',
  'DELETE /api/sa/flags/{id}/accounting-firms/{firm_id}',
  'DELETE /api/sa/flags/{id}',
];
/**
 * The document manager's deletions, last among deletions and in this order (each needs the one
 * before); the accounting period after the trash (a period holding documents stays).
 */
const DOCUMENT_DELETIONS = [
  'DELETE /api/vendors/{id}/documents/{document_id}/versions/{version_id}/validation',
  'DELETE /api/vendors/{id}/documents/{document_id}',
  'DELETE /api/vendors/{id}/folders/{folder_id}',
  'DELETE /api/vendors/{id}/trash',
  'DELETE /api/vendors/{id}/accounting-periods/{childId}',
];

/** Operations in an order that keeps the tenant whole: deletions after the rest, then the lifecycle. */
export function inSafeOrder(operations: Operation[]): Operation[] {
  const rank = (op: Operation) =>
    LIFECYCLE.includes(op.key)
      ? 2 + LIFECYCLE.indexOf(op.key)
      : DOCUMENT_DELETIONS.includes(op.key)
        ? 1 + (DOCUMENT_DELETIONS.indexOf(op.key) + 1) / 10
        : PARENT_DELETIONS.includes(op.key)
          ? 1 + (PARENT_DELETIONS.indexOf(op.key) + 1) / 100
          : op.method === 'DELETE'
            ? 1
            : 0;
  return [...operations].sort((a, b) => rank(a) - rank(b));
}
