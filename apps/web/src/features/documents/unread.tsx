import Badge from '@mui/material/Badge';
import type { UnreadDocuments } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { AUTO_REFRESH_MS, unreadKeys } from './api';

const byVendor = (rows: UnreadDocuments[]): ReadonlyMap<number, number> =>
  new Map(rows.map((r) => [r.vendor_id, r.unread]));

/**
 * The caller's unread documents by client file id (absent: none), for the badges of the client
 * list, the company selector and the Documents entry: a read of its own, the client lists being
 * per firm. Refetched with the page that shows them, every minute, and when a document is
 * opened, added or removed (`useRefreshDocuments`, `useRefreshReadMarks`).
 */
export const useUnreadDocuments = (firmId: number | null, enabled = true) =>
  useQuery({
    queryKey: unreadKeys.firm(firmId ?? 0),
    queryFn: () =>
      api.get<UnreadDocuments[]>(`users/me/accounting-firms/${firmId}/unread-documents`, {
        showError: false,
      }),
    select: byVendor,
    enabled: enabled && firmId !== null,
    // Every page showing it asks again when it opens; the lists refresh every minute.
    staleTime: 0,
    refetchInterval: AUTO_REFRESH_MS,
  });

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
