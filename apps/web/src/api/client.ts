import { MAX_CONCURRENT_REQUESTS } from '@portal/contracts/limits';
import type { Contract, ContractOutput } from './contracts';
import { unwrap } from './envelope';
import { ApiError, resolveErrorMessage, type Translate } from './errors';
import { createLimiter } from './limiter';
import { type Query, toQueryString } from './query-string';
import { clearTokens, getToken } from './tokens';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** false: the caller shows the error itself (no snackbar). */
  showError?: boolean;
  /** false: a 401 does not sign the user out nor leave the page. */
  authRedirect?: boolean;
  signal?: AbortSignal;
  /**
   * The server's response schema (`'themeSchema[]'`): types the answer, and checks it in
   * development and tests, so that a contract change fails there rather than in a browser.
   */
  contract?: Contract;
};

/** Options naming the answer's contract: the call's result is typed by it. */
type Checked<C extends Contract> = RequestOptions & { contract: C };

/** Whether answers are checked against their contract: never in a production build. */
const CHECK_CONTRACTS = import.meta.env.DEV;

async function checked<T>(data: T, path: string, contract: Contract | undefined): Promise<T> {
  if (!CHECK_CONTRACTS || !contract) return data;
  const { checkContract } = await import('./contract-check');
  checkContract(contract, path, data);
  return data;
}

/** What the client needs from the app; set once at start-up by `configureApi`. */
export type ApiHooks = {
  fetch: typeof fetch;
  baseUrl: string;
  language: () => string;
  translate: Translate;
  notifyError: (message: string) => void;
  onUnauthorized: () => void;
};

const hooks: ApiHooks = {
  fetch: (...args) => globalThis.fetch(...args),
  baseUrl: '/api/',
  language: () => 'fr',
  translate: () => null,
  notifyError: () => {},
  onUnauthorized: () => {},
};

export function configureApi(overrides: Partial<ApiHooks>): void {
  Object.assign(hooks, overrides);
}

const limiter = createLimiter(MAX_CONCURRENT_REQUESTS);
const pendingGets = new Map<string, Promise<unknown>>();

const buildUrl = (path: string, query?: Query) =>
  `${hooks.baseUrl}${path.replace(/^\//, '')}${toQueryString(query)}`;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send<T>(method: Method, url: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': hooks.language(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await hooks.fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    const message = resolveErrorMessage(0, null, hooks.translate);
    if (options.showError !== false) hooks.notifyError(message);
    throw new ApiError(0, null, message);
  }

  const body = await readBody(response);
  if (response.ok) return checked(unwrap<T>(body), url, options.contract);

  const errorBody = typeof body === 'object' && body !== null ? (body as ApiError['body']) : null;
  const message = resolveErrorMessage(response.status, errorBody, hooks.translate);
  if (response.status === 401 && options.authRedirect !== false) {
    clearTokens();
    hooks.onUnauthorized();
  } else if (options.showError !== false) {
    hooks.notifyError(message);
  }
  throw new ApiError(response.status, errorBody, message);
}

/**
 * Calls the API: JSON in and out, bearer token, result = `data` (or the whole paginated body).
 * Identical concurrent GETs share one promise; at most 50 requests are in flight.
 *
 * A write forgets the GETs in flight when it starts and when it ends: the refetch a mutation asks
 * for must not join a GET sent before the change (it would answer the old state, e.g. a signature
 * request still "draft" after its sending, until the next poll).
 */
export function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  if (method !== 'GET') {
    pendingGets.clear();
    return limiter.run(() => send<T>(method, url, options)).finally(() => pendingGets.clear());
  }
  const key = `${url}|${getToken() ?? ''}|${options.showError !== false}`;
  const pending = pendingGets.get(key);
  if (pending) return pending as Promise<T>;
  const promise = limiter
    .run(() => send<T>(method, url, options))
    .finally(() => {
      if (pendingGets.get(key) === promise) pendingGets.delete(key);
    });
  pendingGets.set(key, promise);
  return promise;
}

function get<C extends Contract>(path: string, options: Checked<C>): Promise<ContractOutput<C>>;
function get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
function get(path: string, options?: RequestOptions) {
  return request('GET', path, options);
}

type Send = {
  <C extends Contract>(path: string, body: unknown, options: Checked<C>): Promise<ContractOutput<C>>;
  <T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
};
const sender =
  (method: Method): Send =>
  (path: string, body?: unknown, options?: RequestOptions) =>
    request(method, path, { ...options, body });

function del<C extends Contract>(path: string, options: Checked<C>): Promise<ContractOutput<C>>;
function del<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
function del(path: string, options?: RequestOptions) {
  return request('DELETE', path, options);
}

/**
 * `api.get('tasks/1', { contract: 'taskSchema' })`: typed by the server's schema, checked against
 * it in development and tests. `api.get<T>(path)` without a contract is typed by assertion only.
 */
export const api = { get, post: sender('POST'), put: sender('PUT'), patch: sender('PATCH'), delete: del };
