import { IMPORT_REQUIRED_COLUMNS, IMPORT_TEMPLATE_SHEET } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { freshSiret, sequence } from '../factories';
import { pkcs12Fixture } from '../pkcs12-fixtures';
import { samplePdf } from '../signatures';
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
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
  /** The contract's `.meta({ example })`: OpenAPI 3.0 keeps it on the schema. */
  example?: unknown;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  example?: unknown;
};

/** How a request body travels: JSON, or `multipart/form-data` (form fields and file parts). */
export type BodyType = 'json' | 'multipart';

export type Operation = {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  bodyType?: BodyType;
  /** The request body's examples from the contract, in order. */
  examples: unknown[];
  secured: boolean;
};

/** An OpenAPI media type object: a schema, and one example or named ones. */
type Media = { schema: JsonSchema; example?: unknown; examples?: Record<string, { value: unknown }> };

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, Media> };
        security?: unknown[];
      }
    >
  >;
};

const MULTIPART = 'multipart/form-data';

/** The body's media: multipart when the operation takes it, else JSON (or what it declares). */
function bodyMedia(content: Record<string, Media> | undefined) {
  if (!content) return undefined;
  if (content[MULTIPART]) return { type: 'multipart' as const, media: content[MULTIPART] };
  const media = content['application/json'] ?? Object.values(content)[0];
  return media ? { type: 'json' as const, media } : undefined;
}

/**
 * The examples of a body: `.meta({ example })` stays on the schema (zod keeps it on every
 * schema), `.meta({ examples: [...] })` becomes the media's `example` or named `examples` (zod
 * drops `examples` from a schema that transforms its input, as most of ours do).
 */
function examplesOf(media: Media): unknown[] {
  if (media.example !== undefined) return [media.example];
  if (media.examples) return Object.values(media.examples).map((e) => e.value);
  return media.schema.example === undefined ? [] : [media.schema.example];
}

/** Every operation of the OpenAPI document. */
export function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const body = bodyMedia(op.requestBody?.content);
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: body?.media.schema,
        bodyType: body?.type,
        examples: body ? examplesOf(body.media) : [],
        secured: Boolean(op.security?.length),
      };
    }),
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
  'POST /api/login/mfa': "a sign-in's second step, with the one-use mfa_token the password gave",
  'POST /api/magic-links': 'sign-in link mail, same answer for every email',
  'POST /api/magic-links/{token}': 'sign-in with a one-use mailed token',
  'POST /api/login/mfa/enrolment': 'the enrolment a portal requires at sign-in, with the one-use mfa_token',
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
  'GET /api/accounting-firms/{id}/signature-certificate.pem':
    "the portal's signing certificate, public part only: anyone holding a signed PDF may trust it",
  'GET /api/terms': 'terms of use shown before signing up',
  'GET /api/invitations': "checks a one-use invitation link (what it offers, to the mail's reader)",
  'POST /api/invitations/accept': 'the invited person accepts with the one-use token of the mail',
  'GET /api/archive-links/{ticket}': 'a one-use, one-minute ZIP link an authorised caller asked for',
  'GET /api/audit-export-links/{ticket}':
    "a one-use, one-minute link to the audit log's CSV a firm administrator asked for",
  'GET /api/public/shares/{token}': 'a share link: the token (256 random bits) is the credential',
  'POST /api/public/shares/{token}/unlock': "a share link's password, for the cookie that stands for it",
  'GET /api/public/shares/{token}/folders/{folder_id}': 'a share link: only folders of the shared subtree',
  'GET /api/public/shares/{token}/documents/{document_id}/content':
    'a share link: only documents of the shared item or subtree',
  'GET /api/public/shares/{token}/archive': "a share link: the shared folder's ZIP",
  'GET /s/{token}': "a share link's page: the web app while the link lives, a real 404 after",
  'GET /api/oauth/get-sso-link':
    "starts an SSO sign-in (the provider's id is on its portal's sign-in page); answers only a redirect",
  'GET /api/oauth/callback':
    "the provider's redirect back, bound to the browser's cookie; answers only a redirect",
  'POST /api/oauth/session': "takes a finished SSO sign-in's session with the browser's one-use cookie",
  'GET /api/signing/{token}':
    "an outsider's mailed signing link (256-bit token): the portal, the request's title and the signatory's state only",
  'POST /api/signing/{token}/otp': "mails a code to the link's own signatory (throttled per signatory)",
  'POST /api/signing/{token}/verify': "checks the mailed code of the link's signatory",
  'GET /api/signing/{token}/session': "the link's signatory's fields, with the access token the code gave",
  'GET /api/signing/{token}/document': "the request's PDF, with the access token the code gave",
  'POST /api/signing/{token}/sign': "signs as the link's signatory, with the access token the code gave",
  'POST /api/signing/{token}/refuse': "refuses as the link's signatory, with the access token the code gave",
};

/** Routes that act on the caller only (no tenant id): checked for leaks, never for refusal. */
export const SELF_ROUTES: Record<string, string> = {
  'GET /api/retrievelogin': "the caller's session",
  'GET /api/logout': "ends the caller's session (not called by the probe)",
  'GET /api/users/me': "the caller's profile",
  'PATCH /api/users/me': "the caller's profile",
  'POST /api/change_password': "the caller's password (not called by the probe)",
  'GET /api/users/me/accounting-firms': "the caller's firms",
  'GET /api/users/me/holdings': 'the holdings the caller administers',
  'GET /api/users/me/sessions': "the caller's sessions",
  'DELETE /api/users/me/sessions': "ends the caller's other sessions (not called by the probe)",
  'GET /api/users/me/totp': "the caller's two-factor status",
  'GET /api/users/me/file-share-passwords': "the caller's file-share passwords (labels and dates)",
  'PUT /api/users/me/file-share-password': "sets one of the caller's file-share passwords",
  'GET /api/users/me/notifications': "the caller's notifications (a portal filter among theirs)",
  'GET /api/users/me/notifications/unread-count': "the caller's unread count",
  'POST /api/users/me/notifications/read': "marks the caller's notifications read",
  'GET /api/users/me/notification-preferences': "the caller's notification preferences",
  'PUT /api/users/me/notification-preferences':
    "the caller's notification preferences (a client file not theirs answers 422 like one that does not exist)",
  'GET /api/users/me/dav-preferences': "the caller's network-drive preferences",
  'PUT /api/users/me/dav-preferences':
    "the caller's network-drive preferences (a firm not theirs answers 422 like one that does not exist)",
  'POST /api/users/me/totp': "starts the caller's two-factor enrolment",
  'POST /api/users/me/totp/confirm': "turns the caller's two-factor on with a code (not called by the probe)",
  'POST /api/users/me/totp/recovery-codes':
    'new recovery codes for the caller, with a code (not called by the probe)',
  'DELETE /api/users/me/totp': "turns the caller's two-factor off with a code (not called by the probe)",
  'GET /api/siret-lookup': 'company data provider, no tenant data',
};

/**
 * Writes that every user of a firm makes for themselves, whatever their role: walked across
 * tenants like the others, skipped by the role-escalation walks.
 */
export const EVERY_ROLE_WRITES: Record<string, string> = {
  'POST /api/users/me/terms': "every user accepts their firm's terms",
};

/**
 * POSTs that only read (a body too long for a query string), with the reason: walked across
 * tenants like the others, not expected to be refused to the roles that read.
 */
export const READING_POSTS: Record<string, string> = {
  'POST /api/vendors/{id}/nodes/archive': 'a selection of up to 2,000 ids, answered as a ZIP download',
  'POST /api/vendors/{id}/nodes/archive/links': 'a one-use link to the ZIP of a folder or a selection',
  'POST /api/accounting-firms/{id}/audit-events/export/links':
    "a one-use link to the audit log's CSV export with these filters",
  'POST /api/signatures/verifications':
    "a PDF's signatures checked against the firm's certificates (nothing kept)",
};

/** The platform super admin's routes: refused to every tenant user, whatever their role. */
export const isPlatformRoute = (op: { path: string }) => op.path.startsWith('/api/sa/');

/** Self routes the probe must not call (they would end the session it uses). */
export const NOT_CALLED = new Set([
  'GET /api/logout',
  'POST /api/change_password',
  'DELETE /api/users/me/sessions',
  // They need a fresh code of the caller's authenticator, which the probe has not.
  'POST /api/users/me/totp/confirm',
  'POST /api/users/me/totp/recovery-codes',
  'DELETE /api/users/me/totp',
]);

/** A file part of a multipart body. */
export type FilePart = { filename: string; contentType: string; content: string | Uint8Array };

/** A `multipart/form-data` body: each entry is a form field (text) or a file part. */
export class Multipart {
  constructor(readonly parts: Record<string, string | FilePart>) {}
}

/** A request body: a JSON value, or a `Multipart`. */
export type Body = unknown;

type Sample = (ids: TenantIds) => Body | Promise<Body>;

/**
 * Fields the database keeps unique. An example is one fixed value, and one run may make the same
 * request succeed several times (the fuzzer's valid mutations), so each sample gets its own.
 */
const FRESH: Record<string, (example: string) => string> = {
  email: (v) => `s${sequence()}.${v}`,
  admin_email: (v) => `s${sequence()}.${v}`,
  siret: () => freshSiret(),
  client_code: (v) => `${v}S${sequence()}`,
  domain: (v) => `s${sequence()}.${v}`,
};

/** The `x-ref` of an id field (a nullable one keeps it beside `nullable` or in a branch). */
const refOf = (schema: JsonSchema | undefined) =>
  (schema?.['x-ref'] ??
    [...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].find((s) => s['x-ref'])?.['x-ref']) as
    | keyof TenantIds
    | undefined;

/** The example with the tenant's ids in its `x-ref` fields and fresh values in its unique ones. */
function fill(schema: JsonSchema | undefined, value: unknown, ids: TenantIds): unknown {
  const ref = refOf(schema);
  if (ref) return ids[ref] ?? value;
  if (Array.isArray(value)) return value.map((item) => fill(schema?.items, item, ids));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, v]) => {
      const fresh = FRESH[name];
      return [name, fresh && typeof v === 'string' ? fresh(v) : fill(schema?.properties?.[name], v, ids)];
    }),
  );
}

/**
 * A multipart body from a value of its schema: `format: binary` properties become file parts
 * (the value, an example's text, is the file's content; named `blob` as a browser names a
 * FormData blob), the others form fields (numbers and booleans as text, objects as JSON).
 */
export function toMultipart(schema: JsonSchema | undefined, value: unknown): Multipart {
  const parts: Record<string, string | FilePart> = {};
  for (const [name, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (v === undefined) continue;
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    parts[name] =
      schema?.properties?.[name]?.format === 'binary'
        ? { filename: 'blob', contentType: 'application/octet-stream', content: text }
        : text;
  }
  return new Multipart(parts);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An import workbook whose Clients sheet holds one new client file (fresh code and SIRET). */
async function importWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const n = sequence();
  workbook
    .addWorksheet(IMPORT_TEMPLATE_SHEET)
    .addRows([[...IMPORT_REQUIRED_COLUMNS], [`IMP${n}`, `Import ${n}`, freshSiret()]]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** One PKCS#12 made by OpenSSL for every sample (a key pair takes a while). */
let samplePkcs12: Buffer | undefined;
const pkcs12Sample = () => {
  samplePkcs12 ??= pkcs12Fixture({ cn: 'Probe Seal' }).p12;
  return samplePkcs12;
};

/**
 * Bodies an example in the contract cannot express, each with the reason. Every other body is
 * built from its contract's example (`.meta({ example })`), so a new route needs no entry here.
 */
export const HAND_SAMPLES: Record<string, { why: string; sample: Sample }> = {
  'DELETE /api/vendors/{id}': {
    why: "the confirmation is the client file's own client code, which no example can know",
    sample: () => ({ confirmation: 'ALPHA01' }),
  },
  'DELETE /api/sa/products/{id}': {
    why: "the confirmation is the product's own name (tenant-world: `Alpha Product`)",
    sample: () => ({ confirm: 'Alpha Product' }),
  },
  'DELETE /api/sa/flags/{id}': {
    why: "the confirmation is the flag's own name (tenant-world: `probe-alpha`)",
    sample: () => ({ confirm: 'probe-alpha' }),
  },
  'POST /api/vendors/{id}/transfer': {
    why: "the target is another portal of the tenant's holding, while the field's x-ref (accounting_firm) names the tenant's own portal",
    sample: (ids) => ({ accounting_firm_id: ids.sister_firm }),
  },
  'POST /api/accounting-firms/{id}/vendors/import': {
    why: 'the route documents no request body (it reads the multipart file itself), so the document holds no schema nor example; and the file must be a workbook with a fresh SIRET',
    sample: async () =>
      new Multipart({
        file: { filename: 'clients.xlsx', contentType: XLSX_TYPE, content: await importWorkbook() },
      }),
  },
  'POST /api/accounting-firms/{id}/signature-certificates/import': {
    why: 'the file must be a real PKCS#12 (binary, made by OpenSSL), which a text example cannot hold',
    sample: () =>
      new Multipart({
        password: 'secret',
        file: { filename: 'seal.p12', contentType: 'application/x-pkcs12', content: pkcs12Sample() },
      }),
  },
  'POST /api/signatures/verifications': {
    why: 'a real PDF (a text example is too short for a body cut at 99 % to lose more than its closing boundary)',
    sample: async (ids) =>
      new Multipart({
        accounting_firm_id: String(ids.accounting_firm),
        file: { filename: 'signed.pdf', contentType: 'application/pdf', content: await samplePdf(1) },
      }),
  },
};

/**
 * A valid body for the operation, with the given tenant's ids, so that access control, not
 * validation, answers: from its contract's example (a POST takes the first example, other
 * methods the last: a schema shared by a create and an update may give two that do not
 * conflict), else from `HAND_SAMPLES`. Undefined when the operation takes no body, or when its
 * contract has no example (the probe's inventory names it).
 */
export async function sampleBody(op: Operation, ids: TenantIds): Promise<Body | undefined> {
  const hand = HAND_SAMPLES[op.key];
  if (hand) return hand.sample(ids);
  if (!op.body || op.examples.length === 0) return undefined;
  const example = op.method === 'POST' ? op.examples[0] : op.examples.at(-1);
  const value = fill(op.body, example, ids);
  return op.bodyType === 'multipart' ? toMultipart(op.body, value) : value;
}

/** The payload of a body for `app.inject`, with its content type. */
export async function encodeBody(
  body: Body | undefined,
): Promise<{ payload?: string | Buffer; headers?: Record<string, string> }> {
  if (body === undefined) return {};
  if (!(body instanceof Multipart)) {
    return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  }
  const form = new FormData();
  for (const [name, part] of Object.entries(body.parts)) {
    if (typeof part === 'string') form.append(name, part);
    else {
      const content = typeof part.content === 'string' ? part.content : new Uint8Array(part.content);
      form.append(name, new Blob([content], { type: part.contentType }), part.filename);
    }
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/**
 * The probe's request for an operation: path ids from `ids`, query and body ids from `foreign`
 * (the same tenant unless the walk mixes them), and a valid body. Add the caller's token.
 */
export async function probeRequest(op: Operation, ids: TenantIds, foreign: TenantIds = ids) {
  const { url } = buildUrl(op, ids, foreign);
  return { method: op.method as 'GET', url, ...(await encodeBody(await sampleBody(op, foreign))) };
}

/** An id that exists nowhere (within int4). */
export const GHOST_ID = 2_147_483_000;
/** Kinds of ids the whole platform shares, no tenant's own: `ghostIds` keeps them. */
export const PLATFORM_REFS: readonly string[] = ['module', 'tree_structure', 'product', 'feature_flag'];

/**
 * Kinds of `x-ref` that are names the caller gives in its own space, not row ids: a flow.js upload
 * identifier names an upload of the caller in the folder. Another tenant's names nothing of the
 * caller's, so it need not be refused, but it must answer exactly as a name that exists nowhere.
 */
export const NAME_REFS: readonly string[] = ['upload'];

/** Ids that exist nowhere (platform-wide references kept): what a foreign id must look like. */
export const ghostIds = (ids: TenantIds): TenantIds =>
  Object.fromEntries(
    Object.entries(ids).map(([kind, id]) => [
      kind,
      PLATFORM_REFS.includes(kind) ? id : typeof id === 'string' ? String(GHOST_ID) : GHOST_ID,
    ]),
  ) as TenantIds;

/**
 * Path ids that must name a row in a given state for the tenant's own administrator to succeed
 * (a signature request is sent once, deleted only as a draft, signed or refused once): the kind
 * of tenant id to put there instead of the parameter's `x-ref`, with the reason.
 */
export const STATE_REFS: Readonly<Record<string, { param: string; kind: string; why: string }>> = {
  'POST /api/holdings/{id}/accounting-firms/{firm_id}/deactivate': {
    param: 'firm_id',
    kind: 'sister_firm',
    why: "the sister portal: the tenant's own, closed, would refuse every later call (restored at once after)",
  },
  'POST /api/holdings/{id}/accounting-firms/{firm_id}/restore': {
    param: 'firm_id',
    kind: 'sister_firm',
    why: 'the sister portal the walk deactivated just before',
  },
  'PATCH /api/holdings/{id}/users/{userId}': {
    param: 'userId',
    kind: 'holding_member',
    why: "a holding administrator reaches every portal: the collaborator's sessions would no longer be the portal's alone to end",
  },
  'DELETE /api/holdings/{id}/users/{userId}/workspaces/{firm_id}': {
    param: 'userId',
    kind: 'holding_member',
    why: "another member than the one the team's own deletion removes (either would leave the other a 404)",
  },
  'DELETE /api/accounting-firms/{id}/catalog/categories/{category_id}': {
    param: 'category_id',
    kind: 'catalog_category_empty',
    why: 'a category with services is not deleted',
  },
  'DELETE /api/accounting-firms/{id}/catalog/services/{service_id}': {
    param: 'service_id',
    kind: 'catalog_service_free',
    why: 'a service an offer holds is archived, not deleted (the walks put the other in new offers)',
  },
  'POST /api/vendors/{id}/missions/{mission_id}/sign': {
    param: 'mission_id',
    kind: 'mission_to_sign',
    why: 'a mission is signed once, and the walks delete the other not-signed one',
  },
  'POST /api/vendors/{id}/missions/{mission_id}/generate-tasks': {
    param: 'mission_id',
    kind: 'mission_signed',
    why: 'tasks are never generated for a not-signed mission',
  },
  'DELETE /api/vendors/{id}/signatures/{signature_id}': {
    param: 'signature_id',
    kind: 'signature_draft',
    why: 'only a draft is deleted, and the walk sends the other draft',
  },
  'POST /api/vendors/{id}/signatures/{signature_id}/cancel': {
    param: 'signature_id',
    kind: 'signature_sent',
    why: 'only a sent request is canceled',
  },
  'POST /api/vendors/{id}/signatures/{signature_id}/sign': {
    param: 'signature_id',
    kind: 'signature_to_sign',
    why: "only the signatory whose turn it is signs: the tenant's administrator on that request",
  },
  'POST /api/vendors/{id}/signatures/{signature_id}/refuse': {
    param: 'signature_id',
    kind: 'signature_to_refuse',
    why: "only the signatory whose turn it is refuses: the tenant's administrator on that request",
  },
  'PATCH /api/vendors/{id}/signatures/{signature_id}': {
    param: 'signature_id',
    kind: 'signature_to_edit',
    why: 'only a draft is edited, and the walk sends the other draft',
  },
  'POST /api/vendors/{id}/signatures/{signature_id}/remind': {
    param: 'signature_id',
    kind: 'signature_to_remind',
    why: 'only a sent request is reminded, once within the hour (the walk cancels the other)',
  },
  'POST /api/vendors/{id}/signatures/{signature_id}/retry': {
    param: 'signature_id',
    kind: 'signature_in_error',
    why: 'only a request whose seal failed is retried',
  },
  'POST /api/vendors/{id}/signatures/{signature_id}/otp': {
    param: 'signature_id',
    kind: 'signature_code',
    why: "only a signatory whose turn it is asks a code: the tenant's administrator on that request",
  },
};

/**
 * Optional query values the probe sends so that the tenant's own administrator's call succeeds:
 * the world's folders and people carry its theme, which only `force` deletes.
 */
const PROBE_QUERY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'DELETE /api/accounting-firms/{id}/themes/{theme_id}': { force: 'true' },
};

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
    const state = STATE_REFS[op.key];
    // An array parameter (`status_ids[]`) names its kind on its items.
    const ref = (state?.param === p.name ? state.kind : (p.schema['x-ref'] ?? p.schema.items?.['x-ref'])) as
      | keyof TenantIds
      | undefined;
    const chosen = p.in === 'query' ? PROBE_QUERY[op.key]?.[p.name] : undefined;
    if (chosen !== undefined) return chosen;
    if (ref && p.in === 'query') return queryIds[ref] === undefined ? undefined : String(queryIds[ref]);
    if (ref) return ids[ref] === undefined ? undefined : String(ids[ref]);
    if (p.schema.enum?.length) return String(p.schema.enum[0]);
    // A required value the contract gives an example of (an optional one is left out: a filter
    // such as `search` would hide the data the probe looks for).
    const example = p.example ?? p.schema.example;
    if (p.required && example !== undefined) return String(example);
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
