import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { HoldingWorkspaceDetail } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { PageLoader } from '../../components/page-loader';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { useHoldingWorkspace, useSetWorkspaceActive, useUpdateWorkspace } from './api';
import { HOLDING_IDS } from './test-ids';

type Props = { holdingId: number; firmId: number; onClose: () => void };

/** A workspace's general information (name, domain, welcome message), deactivation and restoration. */
export function WorkspaceDialog({ holdingId, firmId, onClose }: Props) {
  const { t } = useTranslation('holding');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const workspace = useHoldingWorkspace(holdingId, firmId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{workspace.data?.name ?? t('workspaces.title')}</DialogTitle>
      {workspace.isPending ? (
        <PageLoader />
      ) : workspace.isError ? (
        <DialogContent>
          <Alert severity="error">{t('loadError')}</Alert>
        </DialogContent>
      ) : (
        <WorkspaceForm holdingId={holdingId} workspace={workspace.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function WorkspaceForm({
  holdingId,
  workspace,
  onClose,
}: {
  holdingId: number;
  workspace: HoldingWorkspaceDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation('holding');
  const update = useUpdateWorkspace(holdingId, workspace.id);
  const setActive = useSetWorkspaceActive(holdingId, workspace.id);
  const [name, setName] = useState(workspace.name);
  const [domain, setDomain] = useState(workspace.domain ?? '');
  const [welcome, setWelcome] = useState(workspace.welcome_message ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [confirming, setConfirming] = useState(false);
  const fieldError = (field: string) =>
    errors[field]?.[0] ? t(errors[field][0], { ns: 'errors' }) : undefined;
  const save = async () => {
    setErrors({});
    try {
      await update.mutateAsync({
        name: name.trim(),
        domain: domain.trim() || null,
        welcome_message: welcome.trim() || null,
      });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.body?.errors) setErrors(error.body.errors);
    }
  };
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid={HOLDING_IDS.workspaceForm}>
          <TextField
            label={t('workspaces.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            error={Boolean(errors.name)}
            helperText={fieldError('name')}
          />
          <TextField
            label={t('workspaces.domain')}
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            error={Boolean(errors.domain)}
            helperText={fieldError('domain') ?? t('workspaces.domainHelp')}
          />
          <TextField
            label={t('workspaces.welcome')}
            value={welcome}
            onChange={(e) => setWelcome(e.target.value)}
            multiline
            minRows={3}
          />
          {workspace.deactivated_at ? (
            <Alert severity="warning">{t('workspaces.isDeactivated')}</Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {workspace.deactivated_at ? (
          <Button
            onClick={() => setActive.mutateAsync(true).catch(() => undefined)}
            disabled={setActive.isPending}
          >
            {t('workspaces.restore')}
          </Button>
        ) : (
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('workspaces.deactivate')}
          </Button>
        )}
        <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={update.isPending || name.trim() === ''}>
            {t('save')}
          </Button>
        </Stack>
      </DialogActions>
      {confirming ? (
        <TypeToConfirmDialog
          title={t('workspaces.deactivateTitle', { name: workspace.name })}
          warning={t('workspaces.deactivateWarning')}
          severity="warning"
          instruction={t('workspaces.deactivateInstruction', { name: workspace.name })}
          label={t('workspaces.name')}
          confirmLabel={t('workspaces.deactivate')}
          word={workspace.name}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await setActive.mutateAsync(false);
            setConfirming(false);
          }}
        />
      ) : null}
    </>
  );
}
