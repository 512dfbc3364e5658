import Chip from '@mui/material/Chip';
import type { PlatformFirm } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** "Active" / "Deactivated" of a portal. */
export function FirmStatusChip({
  firm,
  testId,
}: {
  firm: Pick<PlatformFirm, 'deactivated_at'>;
  testId?: string;
}) {
  const { t } = useTranslation('platform-admin');
  const active = firm.deactivated_at === null;
  return (
    <Chip
      component="span"
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={t(active ? 'status.active' : 'status.deactivated')}
      data-testid={testId}
    />
  );
}
