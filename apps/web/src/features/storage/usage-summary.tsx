import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StorageUsage } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../components/format-size';

/** A portal's usage: used of the quota (with a bar), what documents and uploads under way take. */
export function UsageSummary({ usage, testId }: { usage: StorageUsage; testId?: string }) {
  const { t, i18n } = useTranslation('storage');
  const size = (bytes: number) => formatSize(bytes, i18n.language);
  const quota = usage.quota_bytes;
  const ratio = quota === null || quota === 0 ? null : Math.min(1, usage.used_bytes / quota);
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="subtitle1" component="p" data-testid="storage-used">
        {quota === null
          ? t('usage.used', { used: size(usage.used_bytes) })
          : t('usage.usedOf', { used: size(usage.used_bytes), quota: size(quota) })}
      </Typography>
      {ratio === null ? null : (
        <LinearProgress
          variant="determinate"
          value={ratio * 100}
          color={ratio >= 0.9 ? 'error' : 'primary'}
          aria-label={t('usage.title')}
        />
      )}
      {quota === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('usage.unlimited')}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t('usage.stored', { size: size(usage.stored_bytes) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('usage.reserved', { size: size(usage.reserved_bytes) })}
      </Typography>
    </Stack>
  );
}
