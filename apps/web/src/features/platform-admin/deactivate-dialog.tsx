import type { PlatformFirm } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { useSetPlatformFirmActive } from './api';
import { SA_IDS } from './test-ids';

/** Deactivating a portal is dangerous: the super admin types its name to confirm (spec section 5). */
export function DeactivateDialog({ firm, onClose }: { firm: PlatformFirm; onClose: () => void }) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const setActive = useSetPlatformFirmActive(firm.id);
  return (
    <TypeToConfirmDialog
      title={t('deactivate.title', { name: firm.name })}
      warning={t('deactivate.warning')}
      severity="warning"
      instruction={t('deactivate.type', { name: firm.name })}
      label={t('deactivate.label')}
      confirmLabel={t('deactivate.confirm')}
      word={firm.name}
      onClose={onClose}
      onConfirm={async () => {
        await setActive.mutateAsync(false);
        enqueueSnackbar(t('detail.deactivated', { name: firm.name }), { variant: 'success' });
        onClose();
      }}
      testId={SA_IDS.deactivateDialog}
      confirmTestId={SA_IDS.deactivateConfirm}
    />
  );
}
