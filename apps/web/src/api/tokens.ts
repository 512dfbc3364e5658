/** Where the session tokens live in the browser (spec: token in local storage). */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const getToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;
export const getRefreshToken = (): string | null => storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;

export function setTokens(token: string | null | undefined, refreshToken?: string | null): void {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(TOKEN_KEY, token);
  if (refreshToken) s.setItem(REFRESH_TOKEN_KEY, refreshToken);
}

export function clearTokens(): void {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(REFRESH_TOKEN_KEY);
}
