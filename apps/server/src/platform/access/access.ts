import { type Action, type Role, roleAllows } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { Actor } from '../auth/sessions';
import { AppError } from '../errors/app-error';
import { type AccessCache, NO_ACCESS_CACHE } from './access-cache';

/**
 * The kinds of resource rights are asked on, each with the ids that name one. Modules add their
 * kinds by declaration merging (`declare module '.../platform/access/access'`), and register the
 * resolver that loads an actor's roles on them, so this file knows no domain table.
 */
export interface ResourceKinds {
  platform: Record<never, never>;
}

export type Resource = { [K in keyof ResourceKinds]: { kind: K } & ResourceKinds[K] }[keyof ResourceKinds];

/** The actor's roles relative to one resource, and whether all its access there is read-only. */
export type Grant = {
  roles: Role[];
  readOnly: boolean;
  accountingFirmId?: number;
  holdingId?: number | null;
  /** On a firm: the member sees every client file of it (else only those assigned to them). */
  allVendors?: boolean;
  /**
   * On a client file: the themes whose folders the actor sees (`null`: every folder, whatever its
   * themes). Read by the document manager's theme rule (`modules/documents/theme-access.ts`).
   */
  themes?: ThemeGrant | null;
};

/** A firm's theme as a person's access sees it: whether they hold it, and what it allows. */
export type ThemeGrant = {
  /** Themes the actor holds, with their rights. */
  held: { id: number; readWrite: boolean }[];
  /** Themes whose folders stay hidden to the actor whatever else they hold (firm-private, to clients). */
  blocking: number[];
};

export const NO_GRANT: Grant = { roles: [], readOnly: false };

export type GrantResolver<K extends keyof ResourceKinds> = (
  db: Db,
  actor: Actor,
  resource: Extract<Resource, { kind: K }>,
) => Promise<Grant>;

export type GrantResolvers = { [K in keyof ResourceKinds]?: GrantResolver<K> };

/** Pure decision over a loaded grant (unit-tested as a table). */
export function can(grant: Grant, action: Action): boolean {
  return roleAllows(grant.roles, action, grant.readOnly);
}

export type Access = {
  /** Adds the resolvers of a module's resource kinds; a kind is resolved by one module only. */
  register(resolvers: GrantResolvers): void;
  /** The actor's grant on a resource (no roles when they have none, or it does not exist). */
  grantFor(actor: Actor, resource: Resource): Promise<Grant>;
  /**
   * Asks the permission matrix before acting. A resource the actor has no role on answers 404,
   * exactly like one that does not exist; a known resource without the right answers 403.
   */
  authorize(actor: Actor, action: Action, resource: Resource): Promise<Grant>;
  /**
   * A verified credential (a file-share password), kept with the grants so that any change to
   * access, a revocation among them, clears it in every process. `load` throws to refuse (kept).
   */
  credential<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * A person's setting that shapes what they are shown (the network drive's visible workspaces
   * and folder names), kept like a grant: its table's trigger clears it in every process.
   */
  preference<T>(key: string, load: () => Promise<T>): Promise<T>;
};

/** `kind:id:id...` with the ids in a stable order (resources are small flat objects). */
function resourceKey(resource: Resource): string {
  const record = resource as unknown as Record<string, unknown>;
  let key = resource.kind;
  for (const name of Object.keys(record).sort()) if (name !== 'kind') key += `:${name}=${record[name]}`;
  return key;
}

const platformGrant: GrantResolver<'platform'> = async (_db, actor) => ({
  roles: actor.isSuperAdmin ? ['super_admin'] : [],
  readOnly: false,
});

/**
 * A session bound to one portal (born of its SSO or its sign-in link) keeps only the grants that
 * portal owns: anything of another firm answers as if it did not exist. A grant that names no
 * firm (a holding, the platform, a kind whose resolver does not say) is refused too, so a new
 * kind of resource stays closed to bound sessions until its resolver names its firm.
 */
function withinBinding(actor: Actor, grant: Grant): Grant {
  if (actor.boundFirmId === null || grant.roles.length === 0) return grant;
  return grant.accountingFirmId === actor.boundFirmId ? grant : NO_GRANT;
}

/**
 * For the few reads that find the caller's places without a grant (their client files in one
 * firm): whether a bound session may look at this firm at all. Refuse with 404 when false.
 */
export const reachesFirm = (actor: Actor, accountingFirmId: number) =>
  actor.boundFirmId === null || actor.boundFirmId === accountingFirmId;

/**
 * One access module per app: the platform's own kind, then what the modules register. Grants are
 * kept in the access cache per user and resource (cleared by any change to access).
 */
export function createAccess(db: Db, cache: AccessCache = NO_ACCESS_CACHE): Access {
  const resolvers: GrantResolvers = { platform: platformGrant };

  const grantFor = async (actor: Actor, resource: Resource): Promise<Grant> => {
    const resolve = resolvers[resource.kind] as GrantResolver<typeof resource.kind> | undefined;
    if (!resolve) throw new Error(`No access resolver registered for '${resource.kind}'`);
    const key = `${actor.userId}:${actor.isSuperAdmin ? 1 : 0}:${resourceKey(resource)}`;
    const grant = await cache.get('grant', key, () => resolve(db, actor, resource as never));
    return withinBinding(actor, grant);
  };

  return {
    register(added) {
      for (const kind of Object.keys(added) as (keyof ResourceKinds)[]) {
        if (resolvers[kind] && kind !== 'platform')
          throw new Error(`Access resolver for '${kind}' registered twice`);
        Object.assign(resolvers, { [kind]: added[kind] });
      }
    },
    grantFor,
    credential: (key, load) => cache.get('credential', key, load),
    preference: (key, load) => cache.get('preference', key, load),
    async authorize(actor, action, resource) {
      const grant = await grantFor(actor, resource);
      if (grant.roles.length === 0) throw new AppError('not-found');
      if (!can(grant, action)) {
        if (!roleAllows(grant.roles, 'vendor.read') && !roleAllows(grant.roles, 'firm.read')) {
          throw new AppError('not-found');
        }
        throw new AppError('forbidden');
      }
      return grant;
    },
  };
}
