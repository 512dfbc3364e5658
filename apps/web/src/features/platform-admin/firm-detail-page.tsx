import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlatformFirm } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { PlatformStoragePanel } from '../storage/platform-storage-panel';
import { usePlatformFirm, usePlatformModules, useSetPlatformFirmActive } from './api';
import { DeactivateDialog } from './deactivate-dialog';
import { FirmEditForm } from './firm-edit-form';
import { FirmFacts } from './firm-facts';
import { FirmStatusChip } from './firm-status-chip';
import { SaPageHeader } from './sa-page-header';
import { firmsPath } from './sections';
import { SA_IDS } from './test-ids';

/** `sa/accounting-firms/{accountingFirmId}`: a portal's facts, its settings, deactivation and restoration. */
export function FirmDetailPage({ firmId }: { firmId: number }) {
  const { t, i18n } = useTranslation('platform-admin');
  const firm = usePlatformFirm(firmId);
  const modules = usePlatformModules();
  const [deactivating, setDeactivating] = useState(false);
  const back = { to: firmsPath(), label: t('firms.back') };

  if (firm.isPending || modules.isPending) return <PageLoader />;
  if (!firm.data || !modules.data) {
    return (
      <Stack spacing={2}>
        <SaPageHeader title={t('firms.title')} back={back} />
        <Alert severity="warning">{t(firm.data ? 'loadError' : 'detail.notFound')}</Alert>
      </Stack>
    );
  }
  const f = firm.data;
  const active = f.deactivated_at === null;

  return (
    <Stack spacing={2} data-testid={SA_IDS.detail}>
      <SaPageHeader
        title={f.name}
        titleTestId={SA_IDS.detailTitle}
        back={back}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <FirmStatusChip firm={f} testId={SA_IDS.status} />
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {f.domain ?? t('detail.noDomain')}
            </Typography>
          </Stack>
        }
        action={
          active ? (
            <Button
              color="error"
              variant="outlined"
              startIcon={<BlockIcon />}
              onClick={() => setDeactivating(true)}
              data-testid={SA_IDS.deactivate}
            >
              {t('detail.deactivate')}
            </Button>
          ) : (
            <RestoreButton firm={f} />
          )
        }
      />
      {active ? null : (
        <Alert severity="warning">
          {t('detail.deactivatedSince', {
            date: new Date(f.deactivated_at ?? '').toLocaleDateString(i18n.language),
          })}
        </Alert>
      )}
      <FirmFacts firm={f} />
      <FirmEditForm firm={f} modules={modules.data} />
      <PlatformStoragePanel firmId={f.id} />
      {deactivating ? <DeactivateDialog firm={f} onClose={() => setDeactivating(false)} /> : null}
    </Stack>
  );
}

function RestoreButton({ firm }: { firm: PlatformFirm }) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const setActive = useSetPlatformFirmActive(firm.id);
  const restore = async () => {
    setBusy(true);
    try {
      await setActive.mutateAsync(true);
      enqueueSnackbar(t('detail.restored', { name: firm.name }), { variant: 'success' });
    } catch {
      // Reported by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="contained"
      startIcon={<RestoreIcon />}
      onClick={restore}
      disabled={busy}
      data-testid={SA_IDS.restore}
    >
      {t('detail.restore')}
    </Button>
  );
}
