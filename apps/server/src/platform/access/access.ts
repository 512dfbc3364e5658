import { type Action, roleAllows } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { Actor } from '../auth/sessions';
import { AppError } from '../errors/app-error';
import { type Grant, grantFor, type Resource } from './roles';

/** Pure decision over a loaded grant (unit-tested as a table). */
export function can(grant: Grant, action: Action): boolean {
  return roleAllows(grant.roles, action, grant.readOnly);
}

/**
 * Asks the permission matrix before acting. A resource the actor has no role on answers 404,
 * exactly like one that does not exist; a known resource without the right answers 403.
 */
export async function authorize(db: Db, actor: Actor, action: Action, resource: Resource): Promise<Grant> {
  const grant = await grantFor(db, actor, resource);
  if (grant.roles.length === 0) throw new AppError('not-found');
  if (!can(grant, action)) {
    if (!roleAllows(grant.roles, 'vendor.read') && !roleAllows(grant.roles, 'firm.read')) {
      throw new AppError('not-found');
    }
    throw new AppError('forbidden');
  }
  return grant;
}

export type { Grant, Resource };
