import type { SessionTokens, UpdateMeRequest } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearTokens, getToken, isApiError, setTokens } from '../api';
import { fetchFirmsQuietly, fetchMe, logout, updateMe } from './api';
import { forgetDismissals } from './dismissals';
import { queryClient } from './query-client';
import type { SessionInfo } from './route-types';
import { ME_KEY, workspaceKeys } from './session-keys';

export { ME_KEY };

/**
 * The user's firms, asked for alongside the user rather than once the signed-in frame has loaded
 * and asked (the frame's first need, `workspace-context.tsx`, same key and request): one round
 * trip less before any signed-in screen. Quiet: the frame asks again, and reports, if this failed.
 */
function prefetchFirms(): void {
  const host = window.location.host;
  void queryClient.prefetchQuery({
    queryKey: workspaceKeys.firms(host),
    queryFn: () => fetchFirmsQuietly(host),
  });
}

/** The visitor as the guards see it; a rejected token is forgotten. */
export async function loadSession(): Promise<SessionInfo> {
  const token = getToken();
  if (!token) return { token: null, user: null };
  if (typeof window !== 'undefined') prefetchFirms();
  try {
    const user = await queryClient.ensureQueryData({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 60_000 });
    return { token, user };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearTokens();
      queryClient.removeQueries({ queryKey: ME_KEY });
      queryClient.removeQueries({ queryKey: workspaceKeys.all });
      return { token: null, user: null };
    }
    throw error;
  }
}

/** The signed-in user (kept fresh by the cache). */
export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: fetchMe, enabled: getToken() !== null, staleTime: 60_000 });
}

/** Saves some of the user's own settings (profile, language); the cached user becomes the answer. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeRequest) => updateMe(body),
    onSuccess: (user) => client.setQueryData(ME_KEY, user),
  });
}

export function startSession(tokens: Pick<SessionTokens, 'access_token' | 'refresh_token'>): void {
  setTokens(tokens.access_token, tokens.refresh_token);
  forgetDismissals();
  queryClient.removeQueries({ queryKey: ME_KEY });
}

/** Forgets the session locally (the server side is revoked by the caller when it can). */
export function endSession(): void {
  clearTokens();
  forgetDismissals();
  queryClient.removeQueries({ queryKey: ME_KEY });
  queryClient.removeQueries({ queryKey: workspaceKeys.all });
}

/** Signs out: revokes the token on the server, then forgets it. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // The session is forgotten locally anyway.
  }
  endSession();
}
