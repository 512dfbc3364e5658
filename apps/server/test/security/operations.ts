import { freshSiret } from '../factories';
import type { TenantIds } from './tenant-world';

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  'x-ref'?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  const?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

export type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };

export type Operation = {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  secured: boolean;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
};

/** Every operation of the OpenAPI document. */
export function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined,
      secured: Boolean(op.security?.length),
    })),
  );
}

/** Whether a schema names a tenant-owned resource somewhere (an `x-ref` id field). */
export function refsIn(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = schema['x-ref'] ? [schema['x-ref']] : [];
  const nested = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ].flatMap(refsIn);
  return [...own, ...nested];
}

/** The ids an operation takes outside its path (query and body). */
export const nonPathRefs = (op: Operation) => [
  ...op.parameters.filter((p) => p.in === 'query').flatMap((p) => refsIn(p.schema)),
  ...refsIn(op.body),
];

export const operationRefs = (op: Operation) => [
  ...op.parameters.flatMap((p) => refsIn(p.schema)),
  ...refsIn(op.body),
];

/** Routes anyone may call, with the reason. The probe does not expect a refusal from them. */
export const PUBLIC_BY_DESIGN: Record<string, string> = {
  'GET /api/health': 'liveness probe, no data',
  'POST /api/login': 'sign-in',
  'GET /api/autologin': 'refresh with a refresh token',
  'POST /api/password-resets': 'reset mail, same answer for every email',
  'GET /api/password-resets': 'checks a one-use link',
  'PUT /api/passwords': 'reset submit with a one-use token',
  'POST /api/passwords': 'invited user creates a password with a one-use token',
  'GET /api/': 'white label of the sign-in page',
  'GET /api/accounting-firms/{id}/white-labels': 'white label (public branding)',
  'GET /api/accounting-firms/{id}/white-labels/{theme}/favicon.ico': 'public icon',
  'GET /api/accounting-firms/{id}/white-labels/{theme}/apple-touch-icon': 'public icon',
  'GET /api/accounting-firms/{id}/white-labels/{theme}/logo': 'public logo',
  'GET /api/terms': 'terms of use shown before signing up',
};

/** Routes that act on the caller only (no tenant id): checked for leaks, never for refusal. */
export const SELF_ROUTES: Record<string, string> = {
  'GET /api/retrievelogin': "the caller's session",
  'GET /api/logout': "ends the caller's session (not called by the probe)",
  'GET /api/users/me': "the caller's profile",
  'PATCH /api/users/me': "the caller's profile",
  'POST /api/change_password': "the caller's password (not called by the probe)",
  'GET /api/users/me/accounting-firms': "the caller's firms",
  'GET /api/siret-lookup': 'company data provider, no tenant data',
};

/**
 * Writes that every user of a firm makes for themselves, whatever their role: walked across
 * tenants like the others, skipped by the role-escalation walks.
 */
export const EVERY_ROLE_WRITES: Record<string, string> = {
  'POST /api/users/me/terms': "every user accepts their firm's terms",
};

/** The platform super admin's routes: refused to every tenant user, whatever their role. */
export const isPlatformRoute = (op: { path: string }) => op.path.startsWith('/api/sa/');

/** Self routes the probe must not call (they would end the session it uses). */
export const NOT_CALLED = new Set(['GET /api/logout', 'POST /api/change_password']);

type Sample = (ids: TenantIds) => unknown;

/**
 * A valid body for each operation that takes one, so that access control, not validation,
 * answers. A new route with a body fails the probe until it is described here.
 */
export const SAMPLE_BODIES: Record<string, Sample> = {
  'PATCH /api/users/me': () => ({ firstname: 'Probe' }),
  'POST /api/users/me/terms': (ids) => ({ accounting_firm_id: ids.accounting_firm, version: 1 }),
  'POST /api/accounting-firms/{id}/terms': () => ({
    fr: { title: 'CGU sonde', content: 'Publiées par la sonde.' },
  }),
  'PUT /api/accounting-firms/{id}/white-labels/{theme}': () => ({
    name: 'Probe Branding',
    primary_color: '#123456',
    secondary_color: '654321',
  }),
  'POST /api/sa/accounting-firms': (ids) => ({
    name: 'Probe Portal',
    domain: `probe-${Math.floor(Math.random() * 1e9)}.probe.test`,
    holding_id: ids.holding,
    admin: {
      email: `padmin-${Math.floor(Math.random() * 1e9)}@probe.test`,
      firstname: 'Probe',
      lastname: 'Admin',
    },
  }),
  'PATCH /api/sa/accounting-firms/{id}': () => ({ welcome_message: 'Changed by the probe' }),
  'POST /api/accounting-firms/{id}/vendors': (ids) => ({
    company: 'Probe Company',
    corporate_name: 'Probe Company SAS',
    client_code: `PRB${Math.floor(Math.random() * 1e6)}`,
    siret: freshSiret(),
    accountant_ids: [ids.user],
  }),
  'PATCH /api/vendors/{id}': () => ({ notes: 'changed by the probe' }),
  'DELETE /api/vendors/{id}': () => ({ confirmation: 'ALPHA01' }),
  'POST /api/vendors/{id}/transfer': (ids) => ({ accounting_firm_id: ids.sister_firm }),
  'POST /api/vendors/{id}/banks': () => ({
    bank_name: 'Probe',
    iban: 'FR7630006000011234567890189',
    bic: 'BNPAFRPP',
  }),
  'PUT /api/vendors/{id}/banks/{childId}': () => ({
    bank_name: 'Probe',
    iban: 'FR7630006000011234567890189',
    bic: 'BNPAFRPP',
  }),
  'POST /api/vendors/{id}/addresses': () => ({
    type: 'billing',
    street: '2 probe street',
    city: 'Paris',
    country: 'France',
    post_code: '75001',
  }),
  'PUT /api/vendors/{id}/addresses/{childId}': () => ({
    type: 'billing',
    street: '2 probe street',
    city: 'Paris',
    country: 'France',
    post_code: '75001',
  }),
  'POST /api/vendors/{id}/accounting-periods': () => ({
    name: 'Probe FY',
    start_date: '2030-01-01',
    end_date: '2030-12-31',
  }),
  'PUT /api/vendors/{id}/accounting-periods/{childId}': () => ({
    name: 'Probe FY',
    start_date: '2031-01-01',
    end_date: '2031-12-31',
  }),
  'POST /api/vendors/{id}/users': () => ({
    email: `probe-${Math.floor(Math.random() * 1e9)}@probe.test`,
    firstname: 'Probe',
    lastname: 'User',
    role: 'collaborator',
  }),
  'PATCH /api/vendors/{id}/users/{childId}': () => ({ job: 'probe' }),
  'POST /api/accounting-firms/{id}/members': (ids) => ({
    email: `member-${Math.floor(Math.random() * 1e9)}@probe.test`,
    firstname: 'Probe',
    lastname: 'Member',
    role: 'collaborator',
    assignments: [{ vendor_id: ids.vendor, read_only: false }],
  }),
  'PATCH /api/accounting-firms/{id}/members/{userId}': () => ({ read_only: true }),
  'PUT /api/accounting-firms/{id}/members/{userId}/assignments': (ids) => ({
    assignments: [{ vendor_id: ids.vendor, read_only: false }],
  }),
};

/** Ids that exist nowhere (platform-wide references kept): what a foreign id must look like. */
export const ghostIds = (ids: TenantIds): TenantIds => ({
  ...(Object.fromEntries(Object.keys(ids).map((k) => [k, 2_147_483_000])) as TenantIds),
  module: ids.module,
  tree_structure: ids.tree_structure,
});

/**
 * Fills a path and its required query parameters with the given tenant's ids (the query may take
 * another tenant's, for the mixed walk).
 */
export function buildUrl(
  op: Operation,
  ids: TenantIds,
  queryIds: TenantIds = ids,
): { url: string; missing: string[] } {
  const missing: string[] = [];
  const valueFor = (p: Parameter): string | undefined => {
    const ref = p.schema['x-ref'] as keyof TenantIds | undefined;
    if (ref && p.in === 'query') return queryIds[ref] === undefined ? undefined : String(queryIds[ref]);
    if (ref) return ids[ref] === undefined ? undefined : String(ids[ref]);
    if (p.schema.enum?.length) return String(p.schema.enum[0]);
    return undefined;
  };
  let url = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    const value = valueFor(p);
    if (p.in === 'path') {
      if (value === undefined) missing.push(`path parameter ${p.name}`);
      url = url.replace(`{${p.name}}`, encodeURIComponent(value ?? 'x'));
    } else if (value !== undefined) {
      query.push(`${p.name}=${encodeURIComponent(value)}`);
    } else if (p.required) {
      missing.push(`query parameter ${p.name}`);
    }
  }
  return { url: query.length ? `${url}?${query.join('&')}` : url, missing };
}

export type { JsonSchema };
