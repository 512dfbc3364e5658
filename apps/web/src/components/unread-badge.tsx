import Badge from '@mui/material/Badge';
import { useTranslation } from 'react-i18next';

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
