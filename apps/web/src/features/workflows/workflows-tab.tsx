import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PlayIcon from '@mui/icons-material/PlaylistPlay';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Folder, Workflow } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFolderChildren } from '../../app/shared-api';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { StatusChip } from '../../components/status-chip';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { FolderPickerDialog } from '../documents/folder-picker-dialog';
import { useSaveWorkflow, useWorkflows } from './api';
import { WorkflowDrawer } from './workflow-drawer';

/**
 * `customer/{context}/workflows`: the client file's workflows and the firm's it uses, with their
 * statuses. Those who may configure (`canWrite`) create, edit, delete (typing the name) and
 * activate them on a folder.
 */
export function WorkflowsTab({ vendorId, canWrite }: { vendorId: number; canWrite: boolean }) {
  const { t } = useTranslation('workflows');
  const { enqueueSnackbar } = useSnackbar();
  const query = useWorkflows(vendorId);
  const save = useSaveWorkflow(vendorId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Workflow | 'new' | null>(null);
  const [removing, setRemoving] = useState<Workflow | null>(null);
  const [activating, setActivating] = useState<Workflow | null>(null);
  const shown = (query.data ?? []).filter((w) => w.name.toLowerCase().includes(search.trim().toLowerCase()));

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="workflows-tab">
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ flex: 1, minWidth: 200 }}
          />
          {canWrite ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing('new')}
              data-testid="workflow-add"
            >
              {t('add')}
            </Button>
          ) : null}
        </Stack>
        {query.isPending ? (
          <PageLoader />
        ) : query.isError ? (
          <Alert severity="error">{query.error.message}</Alert>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : (
          <List dense disablePadding>
            {shown.map((w) => {
              const own = w.vendor_id !== null;
              return (
                <ListItem
                  key={w.id}
                  divider
                  data-testid={`workflow-row-${w.id}`}
                  sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
                >
                  <ListItemText
                    primary={w.name}
                    secondary={[
                      t(`scopes.${own ? 'vendor' : 'firm'}.${w.sharing}`),
                      w.is_active ? null : t('inactive'),
                      t('folderCount', { count: w.folder_count }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    sx={{ minWidth: 200, flex: 1 }}
                  />
                  <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', flex: 2, minWidth: 200 }}>
                    {w.statuses?.map((s) => (
                      <StatusChip key={s.id} status={s} />
                    ))}
                  </Stack>
                  {canWrite ? (
                    <Stack direction="row">
                      <IconButton
                        aria-label={t('activate', { name: w.name })}
                        disabled={!w.is_active}
                        onClick={() => setActivating(w)}
                        data-testid={`workflow-activate-${w.id}`}
                      >
                        <PlayIcon />
                      </IconButton>
                      {own ? (
                        <>
                          <IconButton
                            aria-label={t('editNamed', { name: w.name })}
                            onClick={() => setEditing(w)}
                          >
                            <EditIcon />
                          </IconButton>
                          <IconButton
                            aria-label={t('deleteNamed', { name: w.name })}
                            onClick={() => setRemoving(w)}
                            data-testid={`workflow-delete-${w.id}`}
                          >
                            <DeleteIcon />
                          </IconButton>
                        </>
                      ) : null}
                    </Stack>
                  ) : null}
                </ListItem>
              );
            })}
          </List>
        )}
      </Stack>
      {editing ? (
        <WorkflowDrawer
          vendorId={vendorId}
          workflow={editing === 'new' ? null : editing}
          canSeeFirmOnly
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <TypeToConfirmDialog
          title={t('deleteTitle', { name: removing.name })}
          warning={t('deleteWarning')}
          severity="error"
          instruction={t('deleteInstruction', { name: removing.name })}
          label={t('name')}
          confirmLabel={t('deleteConfirm')}
          word={removing.name}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await save.remove.mutateAsync(removing.id);
            setRemoving(null);
            enqueueSnackbar(t('deleted'), { variant: 'success' });
          }}
          testId="workflow-delete-dialog"
          confirmTestId="workflow-delete-confirm"
        />
      ) : null}
      {activating ? (
        <ActivateDialog vendorId={vendorId} workflow={activating} onClose={() => setActivating(null)} />
      ) : null}
    </Paper>
  );
}

/** Activates a workflow on a folder of the client file: for new documents, or existing ones too. */
function ActivateDialog({
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
  const save = useSaveWorkflow(vendorId);
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
