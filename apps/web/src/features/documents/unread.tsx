import Badge from '@mui/material/Badge';
import type { UnreadDocuments } from '@portal/contracts';
import { focusManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { AUTO_REFRESH_MS, unreadKeys } from './api';
import { holdInterval } from './shared-interval';

const byVendor = (rows: UnreadDocuments[]): ReadonlyMap<number, number> =>
  new Map(rows.map((r) => [r.vendor_id, r.unread]));

/** The badges' data counts as fresh this long: a page opening within it asks nothing. */
const UNREAD_STALE_MS = 30_000;

/**
 * The caller's unread documents by client file id (absent: none), for the badges of the client
 * list, the company selector and the Documents entry: a read of its own, the client lists being
 * per firm. One query per firm whoever shows it: fetched when a page shows it after 30 s,
 * refetched every minute by one shared timer (not one per badge), and when a document is opened,
 * added or removed (`useRefreshDocuments`, `useRefreshReadMarks`).
 */
export function useUnreadDocuments(firmId: number | null, enabled = true) {
  const queryClient = useQueryClient();
  const on = enabled && firmId !== null;
  useEffect(() => {
    if (!on) return;
    const queryKey = unreadKeys.firm(firmId);
    return holdInterval(
      JSON.stringify(queryKey),
      () => {
        if (focusManager.isFocused())
          void queryClient.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
      },
      AUTO_REFRESH_MS,
    );
  }, [queryClient, firmId, on]);
  return useQuery({
    queryKey: unreadKeys.firm(firmId ?? 0),
    queryFn: () =>
      api.get<UnreadDocuments[]>(`users/me/accounting-firms/${firmId}/unread-documents`, {
        showError: false,
      }),
    select: byVendor,
    enabled: on,
    staleTime: UNREAD_STALE_MS,
  });
}

/** A client file's unread documents as a badge, told to screen readers; nothing when none. */
export function UnreadBadge({
  count,
  testId = 'unread-badge',
}: {
  count: number | undefined;
  testId?: string;
}) {
  const { t } = useTranslation('documents');
  if (!count) return null;
  const label = t('unreadBadge', { count });
  return (
    <Badge
      badgeContent={count}
      max={99}
      color="primary"
      role="img"
      aria-label={label}
      title={label}
      data-testid={testId}
      sx={{ mx: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
    />
  );
}
