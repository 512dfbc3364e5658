import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { StatusChip } from '../../components/status-chip';
import { useDeactivateWorkflow, useFolderWorkflow } from './status-api';

/**
 * A folder's workflow (its own or the one it inherits) and, when it is the folder's own, its
 * deactivation (spec section 4): the folder and all its content lose it, or the folders only (the
 * documents keep their status). Subfolders that inherit it follow.
 */
export function FolderWorkflowDialog({
  vendorId,
  folder,
  onClose,
}: {
  vendorId: number;
  folder: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('workflows');
  const { enqueueSnackbar } = useSnackbar();
  const query = useFolderWorkflow(vendorId, folder.id);
  const deactivate = useDeactivateWorkflow(vendorId);
  const [scope, setScope] = useState<'all_content' | 'folders_only'>('all_content');
  const data = query.data;
  const own = Boolean(data?.workflow) && data?.inherited_from_folder_id === null;
  const submit = async () => {
    await deactivate.mutateAsync({ folderId: folder.id, scope });
    enqueueSnackbar(t('deactivated', { name: data?.workflow?.name ?? '', folder: folder.name }), {
      variant: 'success',
    });
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="folder-workflow-title">
      <DialogTitle id="folder-workflow-title">{t('folderWorkflow', { name: folder.name })}</DialogTitle>
      <DialogContent dividers data-testid="folder-workflow-dialog">
        {query.isPending ? (
          <PageLoader />
        ) : !data?.workflow ? (
          <Typography color="text.secondary">{t('noFolderWorkflow')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography>
              {t(own ? 'ownWorkflow' : 'inheritedWorkflow', { name: data.workflow.name })}
            </Typography>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              {data.workflow.statuses?.map((s) => (
                <StatusChip key={s.id} status={s} />
              ))}
            </Stack>
            {own ? (
              <>
                <Alert severity="warning">{t('deactivateWarning')}</Alert>
                <RadioGroup value={scope} onChange={(e) => setScope(e.target.value as typeof scope)}>
                  <FormControlLabel
                    value="all_content"
                    control={<Radio />}
                    label={t('deactivateScope.all_content')}
                    data-testid="deactivate-all-content"
                  />
                  <FormControlLabel
                    value="folders_only"
                    control={<Radio />}
                    label={t('deactivateScope.folders_only')}
                    data-testid="deactivate-folders-only"
                  />
                </RadioGroup>
              </>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        {own ? (
          <Button
            color="error"
            variant="contained"
            disabled={deactivate.isPending}
            onClick={() => void submit()}
            data-testid="folder-workflow-deactivate"
          >
            {t('deactivate')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
