import GavelIcon from '@mui/icons-material/Gavel';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { LegalHold } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useWorkspace } from '../shell/workspace-context';
import { useLegalHold, useSetLegalHold } from './api';

function useSince() {
  const { t, i18n } = useTranslation('storage');
  return (hold: LegalHold) => {
    const date = hold.set_at ? new Date(hold.set_at).toLocaleDateString(i18n.language) : '';
    return hold.set_by?.name
      ? t('hold.sinceBy', { date, name: hold.set_by.name })
      : t('hold.since', { date });
  };
}

/**
 * A client file's legal hold in its header: a chip while it is on, and for the firm's
 * administrators the button that sets or lifts it (after a confirmation).
 */
export function LegalHoldControl({
  vendorId,
  accountingFirmId,
}: {
  vendorId: number;
  accountingFirmId: number;
}) {
  const { t } = useTranslation('storage');
  const { enqueueSnackbar } = useSnackbar();
  const { firms } = useWorkspace();
  const hold = useLegalHold(vendorId);
  const change = useSetLegalHold(vendorId);
  const since = useSince();
  const [asking, setAsking] = useState(false);
  const isAdmin = firms.some((f) => f.id === accountingFirmId && f.is_accountant_admin);
  if (!hold.data) return null;
  const held = hold.data.held;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      {held ? (
        <Tooltip title={since(hold.data)}>
          <Chip
            size="small"
            color="warning"
            icon={<GavelIcon />}
            label={t('hold.chip')}
            data-testid="legal-hold-chip"
          />
        </Tooltip>
      ) : null}
      {isAdmin ? (
        <Button
          size="small"
          color={held ? 'inherit' : 'warning'}
          startIcon={<GavelIcon />}
          onClick={() => setAsking(true)}
          data-testid={held ? 'legal-hold-lift' : 'legal-hold-set'}
        >
          {t(held ? 'hold.lift' : 'hold.set')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        color={held ? 'primary' : 'error'}
        title={t(held ? 'hold.liftTitle' : 'hold.setTitle')}
        body={t(held ? 'hold.liftBody' : 'hold.setBody')}
        confirmLabel={t(held ? 'hold.lift' : 'hold.set')}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          await change.mutateAsync(!held);
          enqueueSnackbar(t(held ? 'hold.liftDone' : 'hold.setDone'), { variant: 'success' });
        }}
      />
    </Stack>
  );
}

/** In the trash: says why it cannot be emptied while the client file is held. */
export function LegalHoldTrashNote({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation('storage');
  const hold = useLegalHold(vendorId);
  const since = useSince();
  if (!hold.data?.held) return null;
  return (
    <Alert severity="warning" icon={<GavelIcon />} sx={{ mx: 2, mt: 1 }} data-testid="legal-hold-trash-note">
      {t('hold.trashNote')} {since(hold.data)}.
    </Alert>
  );
}
