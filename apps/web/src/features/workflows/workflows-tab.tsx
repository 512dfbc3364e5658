import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PlayIcon from '@mui/icons-material/PlaylistPlay';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Workflow } from '@portal/contracts';
import { fromHexId, toHexId } from '@portal/contracts/context';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { StatusChip } from '../../components/status-chip';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { ActivateDialog } from './activate-dialog';
import { useFirmWorkflows, useSaveWorkflow, useWorkflows, type WorkflowOwner } from './api';
import { useDrawerRoute } from './drawer-route';
import { WorkflowDrawer } from './workflow-drawer';

/**
 * `customer/{context}/workflows`: the client file's workflows and the firm's it uses, with their
 * statuses. Those who may configure (`canWrite`) create, edit, delete (typing the name) and
 * activate them on a folder.
 */
export function WorkflowsTab({ vendorId, canWrite }: { vendorId: number; canWrite: boolean }) {
  return (
    <WorkflowsList
      owner={{ kind: 'vendor', id: vendorId }}
      query={useWorkflows(vendorId)}
      canWrite={canWrite}
    />
  );
}

/**
 * `settings/{context}/workflows` (the selected company's settings, client users): the same list,
 * where its administrator never makes a workflow private to the firm.
 */
export function CompanyWorkflowsTab({ vendorId, canWrite }: { vendorId: number; canWrite: boolean }) {
  return (
    <WorkflowsList
      owner={{ kind: 'vendor', id: vendorId }}
      query={useWorkflows(vendorId)}
      canWrite={canWrite}
      clientSide
    />
  );
}

/** `settings/{context}/team-manager/workflows`: the firm's own workflows (every client file's). */
export function FirmWorkflowsPage({ firmId, canManage }: { firmId: number; canManage: boolean }) {
  return (
    <WorkflowsList
      owner={{ kind: 'firm', id: firmId }}
      query={useFirmWorkflows(firmId)}
      canWrite={canManage}
    />
  );
}

function WorkflowsList({
  owner,
  query,
  canWrite,
  clientSide = false,
}: {
  owner: WorkflowOwner;
  query: UseQueryResult<Workflow[]>;
  canWrite: boolean;
  clientSide?: boolean;
}) {
  const { t } = useTranslation('workflows');
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveWorkflow(owner);
  const [search, setSearch] = useState('');
  // The drawer is in the address: `workflows/create` or `workflows/{hexadecimal id}`.
  const drawer = useDrawerRoute();
  const ownOf = (w: Workflow) => (owner.kind === 'vendor' ? w.vendor_id !== null : w.vendor_id === null);
  const opened = drawer.value ? fromHexId(drawer.value) : null;
  const editing: Workflow | 'new' | null =
    drawer.value === 'create' && canWrite
      ? 'new'
      : (query.data?.find((w) => w.id === opened && ownOf(w) && canWrite) ?? null);
  const setEditing = (w: Workflow | 'new' | null) =>
    drawer.open(w === null ? null : w === 'new' ? 'create' : toHexId(w.id));
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
              const own = ownOf(w);
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
                      t(`scopes.${w.vendor_id !== null ? 'vendor' : 'firm'}.${w.sharing}`),
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
                      {owner.kind === 'vendor' ? (
                        <IconButton
                          aria-label={t('activate', { name: w.name })}
                          disabled={!w.is_active}
                          onClick={() => setActivating(w)}
                          data-testid={`workflow-activate-${w.id}`}
                        >
                          <PlayIcon />
                        </IconButton>
                      ) : null}
                      {own ? (
                        <>
                          <IconButton
                            aria-label={t('editNamed', { name: w.name })}
                            onClick={() => setEditing(w)}
                            data-testid={`workflow-edit-${w.id}`}
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
          key={editing === 'new' ? 'new' : editing.id}
          owner={owner}
          workflow={editing === 'new' ? null : editing}
          canSeeFirmOnly={!clientSide}
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
      {activating && owner.kind === 'vendor' ? (
        <ActivateDialog vendorId={owner.id} workflow={activating} onClose={() => setActivating(null)} />
      ) : null}
    </Paper>
  );
}
