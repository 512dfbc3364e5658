import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Folder, Workflow } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFolderChildren } from '../../app/shared-api';
import { useSnackbar } from '../../app/snackbars';
import { FolderPickerDialog } from '../documents/folder-picker-dialog';
import { useFolderActivation } from './api';

/** Activates a workflow on a folder of the client file: for new documents, or existing ones too. */
export function ActivateDialog({
  vendorId,
  workflow,
  onClose,
}: {
  vendorId: number;
  workflow: Workflow;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflows');
  const { enqueueSnackbar } = useSnackbar();
  const save = useFolderActivation(vendorId);
  const roots = useFolderChildren(vendorId, null);
  const [applyTo, setApplyTo] = useState<'new_documents' | 'existing_documents'>('existing_documents');
  const [picking, setPicking] = useState(false);
  const root = roots.data?.[0] as Folder | undefined;
  const activate = async (folder: Folder) => {
    await save.activate.mutateAsync({
      folderId: folder.id,
      body: { workflow_id: workflow.id, apply_to: applyTo },
    });
    enqueueSnackbar(t('activated', { name: workflow.name, folder: folder.name }), { variant: 'success' });
    onClose();
  };
  if (picking && root)
    return (
      <FolderPickerDialog
        vendorId={vendorId}
        root={root}
        title={t('activateTitle', { name: workflow.name })}
        confirmLabel={t('activateConfirm')}
        initial={{ expanded: new Set() }}
        busy={save.activate.isPending}
        onPick={(folder) => void activate(folder)}
        onClose={onClose}
      />
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="activate-title">
      <DialogTitle id="activate-title">{t('activateTitle', { name: workflow.name })}</DialogTitle>
      <DialogContent>
        <RadioGroup value={applyTo} onChange={(e) => setApplyTo(e.target.value as typeof applyTo)}>
          <FormControlLabel
            value="existing_documents"
            control={<Radio />}
            label={t('applyTo.existing_documents')}
          />
          <FormControlLabel value="new_documents" control={<Radio />} label={t('applyTo.new_documents')} />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!root}
          onClick={() => setPicking(true)}
          data-testid="workflow-pick-folder"
        >
          {t('pickFolder')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
