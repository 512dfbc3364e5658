import { describe, expect, it, vi } from 'vitest';
import { api, configureApi } from './client';
import { ContractError } from './contracts';
import { ApiError, resolveErrorMessage } from './errors';
import { createLimiter } from './limiter';
import { toQueryString } from './query-string';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('returns data, or the whole body when paginated', async () => {
    configureApi({ fetch: vi.fn(async () => json(200, { data: { a: 1 } })) });
    expect(await api.get('x')).toEqual({ a: 1 });
    const page = { data: [1], current_page: 1, per_page: 1, total: 1, last_page: 1 };
    configureApi({ fetch: vi.fn(async () => json(200, page)) });
    expect(await api.get('y')).toEqual(page);
  });

  it('shares identical concurrent GETs and sends the language', async () => {
    const fetch = vi.fn(async () => json(200, { data: 1 }));
    configureApi({ fetch, language: () => 'pt' });
    const [a, b] = await Promise.all([api.get('same'), api.get('same')]);
    expect(a).toBe(1);
    expect(b).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[0]).toBe('/api/same');
    expect((init[1].headers as Record<string, string>)['Accept-Language']).toBe('pt');
  });

  it('never lets a GET sent after a write join one sent before it', async () => {
    let state = 'draft';
    const answers: Array<(r: Response) => void> = [];
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          if (init.method === 'GET') {
            const seen = state;
            answers.push(() => resolve(json(200, { data: seen })));
          } else {
            state = 'waiting';
            resolve(json(200, { data: null }));
          }
        }),
    );
    configureApi({ fetch: fetch as unknown as typeof globalThis.fetch });
    const before = api.get('requests');
    await api.post('requests/1/send', {});
    const after = api.get('requests');
    for (const answer of answers) answer(new Response());
    expect(await before).toBe('draft');
    expect(await after).toBe('waiting');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('notifies errors unless told not to, and signs out on 401', async () => {
    const notifyError = vi.fn();
    const onUnauthorized = vi.fn();
    configureApi({ notifyError, onUnauthorized, fetch: vi.fn(async () => json(500, { message: 'Boom' })) });
    await expect(api.post('z', {})).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith('Boom');
    await expect(api.post('z', {}, { showError: false })).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledTimes(1);
    configureApi({ fetch: vi.fn(async () => json(401, { message: 'no' })) });
    await expect(api.get('me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a lost connection', async () => {
    const notifyError = vi.fn();
    configureApi({
      notifyError,
      translate: (k) => (k === 'lost-connection' ? 'Connexion perdue' : null),
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(api.get('w')).rejects.toMatchObject({ status: 0 });
    expect(notifyError).toHaveBeenCalledWith('Connexion perdue');
  });
});

describe('contracts', () => {
  const theme = {
    id: 1,
    accounting_firm_id: 2,
    title: 'Paie',
    abbreviation: null,
    colour: '#607d8b',
    sharing: 'default',
    rights: 'read_only',
    task_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  const page = (data: unknown[]) => ({
    data,
    current_page: 1,
    per_page: 15,
    total: data.length,
    last_page: 1,
  });

  it('checks answers against the server schema in tests (development too)', async () => {
    expect(import.meta.env.DEV).toBe(true);
    configureApi({ fetch: vi.fn(async () => json(200, { data: [theme] })) });
    const themes = await api.get('themes', { contract: 'themeSchema[]' });
    expect(themes[0]?.title).toBe('Paie');
    configureApi({ fetch: vi.fn(async () => json(200, page([theme]))) });
    expect((await api.get('paged', { contract: 'page of themeSchema' })).data).toHaveLength(1);
    configureApi({ fetch: vi.fn(async () => json(201, { data: theme })) });
    expect((await api.post('themes', {}, { contract: 'themeSchema' })).id).toBe(1);
  });

  it('fails a call whose answer differs from its contract, naming the field', async () => {
    const renamed = { ...theme, name: theme.title, title: undefined };
    configureApi({ fetch: vi.fn(async () => json(200, { data: [renamed] })) });
    const call = api.get('themes-renamed', { contract: 'themeSchema[]' });
    await expect(call).rejects.toBeInstanceOf(ContractError);
    await expect(call).rejects.toThrow(/themes-renamed.*themeSchema\[\].*title/s);
    configureApi({ fetch: vi.fn(async () => json(200, page([{ ...theme, sharing: 'everyone' }]))) });
    await expect(api.get('paged-bad', { contract: 'page of themeSchema' })).rejects.toThrow(/sharing/);
  });
});

describe('resolveErrorMessage', () => {
  const t = (k: string) => ({ 'node-readonly': 'Lecture seule', 'server-error': 'Erreur' })[k] ?? null;
  it('prefers the first field message on 422', () => {
    expect(
      resolveErrorMessage(422, { message: 'x', errors: { email: ['Bad email', 'b'], n: ['c'] } }, t),
    ).toBe('Bad email');
  });
  it('then the message, then the code, then a generic text', () => {
    expect(resolveErrorMessage(403, { message: 'Nope', code: 'node-readonly' }, t)).toBe('Nope');
    expect(resolveErrorMessage(403, { code: 'node-readonly' }, t)).toBe('Lecture seule');
    expect(resolveErrorMessage(500, null, t)).toBe('Erreur');
    expect(resolveErrorMessage(409, { message: 'node-readonly', code: 'node-readonly' }, t)).toBe(
      'Lecture seule',
    );
  });
});

describe('limiter', () => {
  it('keeps at most max tasks in flight', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const task = () =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
      });
    await Promise.all(Array.from({ length: 7 }, task));
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });
});

describe('toQueryString', () => {
  it('uses brackets for arrays and skips empty values', () => {
    expect(toQueryString({ a: 1, b: undefined, ids: [1, 2] })).toBe('?a=1&ids%5B%5D=1&ids%5B%5D=2');
    expect(toQueryString({})).toBe('');
  });
});
