import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { notificationKeys } from '../../app/query-keys';

/** How often the bell asks for its count (the server answers 304 while it is unchanged). */
export const BELL_POLL_MS = 30_000;

/** The caller's unread count, polled; the browser revalidates it with its ETag. */
export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () =>
      api.get('users/me/notifications/unread-count', { showError: false, contract: 'unreadCountSchema' }),
    refetchInterval: BELL_POLL_MS,
    staleTime: 10_000,
  });

/** The newest items, for the bell's panel (while it is open). */
export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.list,
    queryFn: () =>
      api.get('users/me/notifications', {
        query: { per_page: 30 },
        showError: false,
        contract: 'page of notificationSchema',
      }),
    enabled,
  });

export function useNotificationActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  return {
    read: useMutation({
      mutationFn: (id: number) => api.post(`users/me/notifications/${id}/read`),
      onSuccess,
    }),
    readAll: useMutation({ mutationFn: () => api.post('users/me/notifications/read', {}), onSuccess }),
  };
}
