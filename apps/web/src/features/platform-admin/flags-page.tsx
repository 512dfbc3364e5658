import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FeatureFlag } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { useDeleteFeatureFlag, useFeatureFlags, useUpdateFeatureFlag } from './api';
import { FlagCreateForm } from './flag-create-form';
import { FlagOverrides } from './flag-overrides';
import { GlobalParameters } from './global-parameters';
import { SaPageHeader } from './sa-page-header';
import { SA_IDS } from './test-ids';

/** `sa/flags`: feature flags (default, per-portal values) and the global parameters. */
export function FlagsPage() {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const flags = useFeatureFlags();
  const update = useUpdateFeatureFlag();
  const remove = useDeleteFeatureFlag();
  const [deleting, setDeleting] = useState<FeatureFlag | null>(null);

  return (
    <Stack spacing={3} data-testid={SA_IDS.flagsPage}>
      <SaPageHeader title={t('sections.flags.title')} subtitle={t('flags.pageIntro')} />
      <FlagCreateForm />
      {flags.isPending ? <PageLoader /> : null}
      {flags.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
      {flags.data?.length === 0 ? <Typography color="text.secondary">{t('flags.empty')}</Typography> : null}
      {flags.data?.map((flag) => (
        <Paper key={flag.id} variant="outlined" sx={{ p: 2 }} data-testid={`${SA_IDS.flagRow}-${flag.name}`}>
          <Stack spacing={1}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {flag.name}
                </Typography>
                {flag.description ? (
                  <Typography variant="body2" color="text.secondary">
                    {flag.description}
                  </Typography>
                ) : null}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                {flag.public ? <Chip size="small" label={t('flags.public')} /> : null}
                <Tooltip title={t('flags.defaultHelp')}>
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    <Typography variant="body2">{t('flags.default')}</Typography>
                    <Switch
                      checked={flag.enabled}
                      onChange={(_, enabled) => void update.mutateAsync({ id: flag.id, body: { enabled } })}
                      slotProps={{ input: { 'aria-label': t('flags.defaultLabel', { name: flag.name }) } }}
                    />
                  </Stack>
                </Tooltip>
                <IconButton
                  aria-label={t('flags.delete', { name: flag.name })}
                  onClick={() => setDeleting(flag)}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Stack>
            <FlagOverrides flag={flag} />
          </Stack>
        </Paper>
      ))}
      <GlobalParameters />
      {deleting ? (
        <TypeToConfirmDialog
          title={t('flags.deleteTitle', { name: deleting.name })}
          warning={t('flags.deleteWarning')}
          severity="error"
          instruction={t('flags.deleteType', { name: deleting.name })}
          label={t('flags.name')}
          confirmLabel={t('remove')}
          word={deleting.name}
          onClose={() => setDeleting(null)}
          onConfirm={async (typed) => {
            await remove.mutateAsync({ id: deleting.id, confirm: typed });
            enqueueSnackbar(t('flags.deleted', { name: deleting.name }), { variant: 'success' });
            setDeleting(null);
          }}
          testId={SA_IDS.flagDeleteDialog}
        />
      ) : null}
    </Stack>
  );
}
