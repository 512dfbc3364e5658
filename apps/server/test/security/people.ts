import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  accountingFirmMemberships,
  holdingMemberships,
  invitations,
  users,
  vendorAssignments,
  vendorMemberships,
} from '../../src/db/schema';
import {
  buildClientUser,
  buildFirm,
  buildFirmMember,
  buildHolding,
  buildUser,
  buildVendor,
  type FactoryDb,
} from '../factories';
import { buildUrl, encodeBody, type JsonSchema, type Operation, sampleBody } from './operations';
import { createSuperAdmin, SUPER_ADMIN_EMAIL, type Tenant, type TenantIds } from './tenant-world';

/**
 * People in the safety harness: the routes that name a person (by email or by user id), the
 * requests that put a given person there, and the snapshot of what is theirs (their account and
 * their places) that no one else may change.
 */

/** `x-ref` kinds that name a person (an account), whatever the route. */
export const PERSON_REFS: readonly string[] = ['user', 'vendor_user'];
/** Body fields that carry a person's email: `email`, or a name ending in `_email`. */
export const isEmailField = (name: string) => /(^|_)email$/.test(name);

/** One place of a request that names a person: a path or query parameter, or a body field. */
export type PersonField = { in: 'path' | 'query' | 'body'; name: string; kind: 'id' | 'email' };

const refOf = (schema: JsonSchema | undefined): string | undefined =>
  schema?.['x-ref'] ??
  [...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].find((s) => s['x-ref'])?.['x-ref'];

/** The body fields (dotted paths) that name a person, at any depth of the schema. */
function bodyPersonFields(schema: JsonSchema | undefined, prefix = ''): PersonField[] {
  if (!schema) return [];
  const fields: PersonField[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    const ref = refOf(property) ?? refOf(property.items);
    if (ref && PERSON_REFS.includes(ref)) fields.push({ in: 'body', name: path, kind: 'id' });
    else if (isEmailField(name) && (property.type === 'string' || property.anyOf)) {
      fields.push({ in: 'body', name: path, kind: 'email' });
    }
    if (property.properties) fields.push(...bodyPersonFields(property, `${path}.`));
    if (property.items?.properties) fields.push(...bodyPersonFields(property.items, `${path}[].`));
  }
  return fields;
}

/** Every place where an operation names a person; empty for a route that names no one. */
export function personFields(op: Operation): PersonField[] {
  const params = op.parameters
    .filter((p) => PERSON_REFS.includes(refOf(p.schema) ?? ''))
    .map((p): PersonField => ({ in: p.in, name: p.name, kind: 'id' }));
  return [...params, ...bodyPersonFields(op.body)];
}

export type Person = { id: number; email: string };

/** Sets `value` at a dotted path of `body` (`a.b`, `list[].id` for every item), creating objects. */
function setPath(body: Record<string, unknown>, path: string, value: (old: unknown) => unknown) {
  const [head, ...rest] = path.split('.');
  const key = head!.replace(/\[\]$/, '');
  if (head!.endsWith('[]')) {
    const list =
      Array.isArray(body[key]) && (body[key] as unknown[]).length ? (body[key] as unknown[]) : [{}];
    body[key] = list.map((item) => {
      const copy = { ...(item as Record<string, unknown>) };
      setPath(copy, rest.join('.'), value);
      return copy;
    });
  } else if (rest.length === 0) {
    body[key] = value(body[key]);
  } else {
    const child = { ...((body[key] as Record<string, unknown> | undefined) ?? {}) };
    setPath(child, rest.join('.'), value);
    body[key] = child;
  }
}

/** Whether the schema has a property at a dotted path. */
function schemaHas(schema: JsonSchema | undefined, path: string): JsonSchema | undefined {
  let node = schema;
  for (const part of path.split('.')) {
    const key = part.replace(/\[\]$/, '');
    node = node?.properties?.[key];
    if (part.endsWith('[]')) node = node?.items;
  }
  return node;
}

/**
 * The request of `op` on `tenant`'s ids with `person` in `field` (the other person fields keep
 * the sample's values), plus `extra` body values for the properties the schema has (dotted
 * paths). `missing` says what could not be filled.
 */
export async function personRequest(
  op: Operation,
  ids: TenantIds,
  person: Person,
  field: PersonField,
  extra: Record<string, unknown> = {},
) {
  const withPerson: TenantIds = { ...ids };
  if (field.in !== 'body') {
    for (const ref of PERSON_REFS) (withPerson as Record<string, number | string>)[ref] = person.id;
  }
  const { url, missing } = buildUrl(op, withPerson);
  let body = (await sampleBody(op, ids)) as Record<string, unknown> | undefined;
  if (field.in === 'body' || Object.keys(extra).length) {
    body = structuredClone(body ?? {});
    if (field.in === 'body') {
      const schema = schemaHas(op.body, field.name);
      const isArray = schema?.type === 'array' || Boolean(schemaHas(op.body, field.name)?.items);
      setPath(body, field.name, () =>
        field.kind === 'email' ? person.email : isArray ? [person.id] : person.id,
      );
    }
    for (const [path, value] of Object.entries(extra)) {
      if (schemaHas(op.body, path)) setPath(body, path, () => value);
    }
  }
  const text = `${url} ${JSON.stringify(body ?? null)}`;
  const named =
    field.kind === 'email' ? text.includes(person.email) : new RegExp(`\\b${person.id}\\b`).test(text);
  if (!named) missing.push(`${field.in} ${field.name} (the person could not be put there)`);
  return { request: { method: op.method as 'GET', url, ...(await encodeBody(body)) }, missing };
}

/**
 * What is a person's own: their account row, and every place they hold (team, client files,
 * holdings, assignments). A pending invitation is the inviting portal's row and grants nothing,
 * so it is left out; everything else must stay exactly as it was.
 */
export async function personSnapshot(db: Db, userId: number) {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  const firms = (
    await db.select().from(accountingFirmMemberships).where(eq(accountingFirmMemberships.userId, userId))
  ).filter((m) => !m.pending);
  const clients = (
    await db.select().from(vendorMemberships).where(eq(vendorMemberships.userId, userId))
  ).filter((m) => !m.pending);
  const groups = await db.select().from(holdingMemberships).where(eq(holdingMemberships.userId, userId));
  const firmIds = firms.map((m) => m.accountingFirmId);
  const assignments = firmIds.length
    ? await db
        .select()
        .from(vendorAssignments)
        .where(
          and(eq(vendorAssignments.userId, userId), inArray(vendorAssignments.accountingFirmId, firmIds)),
        )
    : [];
  const order = (list: object[]) => list.map((r) => JSON.stringify(r)).sort();
  return {
    account,
    firms: order(firms),
    clients: order(clients),
    groups: order(groups),
    assignments: order(assignments),
  };
}

/** Removes what other portals' invitations left for a person (pending rows, their links). */
export async function dropPendingOf(db: Db, userId: number): Promise<void> {
  await db
    .delete(accountingFirmMemberships)
    .where(and(eq(accountingFirmMemberships.userId, userId), eq(accountingFirmMemberships.pending, true)));
  await db
    .delete(vendorMemberships)
    .where(and(eq(vendorMemberships.userId, userId), eq(vendorMemberships.pending, true)));
  await db.delete(invitations).where(eq(invitations.userId, userId));
}

/** A person the tenant does not know, with data only they hold (markers). */
export type Victim = Person & { who: string; markers: string[] };

/**
 * The people a tenant's users must never read nor change: the administrator of another portal
 * of the tenant's own holding, a client of another holding's client file, and the platform's
 * super admin. Each has names, a mobile number and birth data that only they hold.
 */
export async function buildVictims(db: FactoryDb, tenant: Tenant, passwordHash: string): Promise<Victim[]> {
  const identity = (name: string, n: number) => ({
    firstname: `${name}Victimfirst`,
    lastname: `${name}Victimlast`,
    mobileNumber: `+33 6 98 76 54 ${String(10 + n)}`,
    birthDate: `19${50 + n}-0${n}-2${n}`,
    birthCity: `${name}Victimtown`,
    civility: 'Mme' as const,
  });
  const markers = (p: ReturnType<typeof identity>) => [
    p.firstname,
    p.lastname,
    p.mobileNumber,
    p.birthDate,
    p.birthCity,
  ];
  const victims: Victim[] = [];
  const cousin = identity('Cousin', 1);
  const { firm: third } = await buildFirm(db, {
    holding: { id: tenant.ids.holding },
    name: `${tenant.label} third`,
  });
  const { user: admin } = await buildUser(db, {
    email: `cousin-${tenant.label}@victim.test`,
    passwordHash,
    ...cousin,
  });
  await buildFirmMember(db, { firm: third, user: admin, role: 'admin' });
  victims.push({
    who: 'administrator of another portal of the holding',
    id: admin.id,
    email: admin.email,
    markers: markers(cousin),
  });

  const stranger = identity('Stranger', 2);
  const { holding } = await buildHolding(db);
  const { firm: far } = await buildFirm(db, { holding });
  const { vendor } = await buildVendor(db, { firm: far });
  const { user: client } = await buildUser(db, {
    email: `stranger-${tenant.label}@victim.test`,
    passwordHash,
    ...stranger,
  });
  await buildClientUser(db, { vendor, user: client, role: 'admin' });
  victims.push({
    who: 'client of another holding',
    id: client.id,
    email: client.email,
    markers: markers(stranger),
  });

  const root = identity('Root', 3);
  await createSuperAdmin(db, passwordHash);
  const [superAdmin] = await db.update(users).set(root).where(eq(users.email, SUPER_ADMIN_EMAIL)).returning();
  victims.push({ who: 'super admin', id: superAdmin!.id, email: superAdmin!.email, markers: markers(root) });
  return victims;
}
