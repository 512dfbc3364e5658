import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Task, TaskStatus } from '@portal/contracts';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { ThemeChips } from '../themes/theme-bits';
import { fetchTask, taskKeys, useDeleteTask, useFirmMembers, useTask, useUpdateTask } from './api';
import { DueDate, formatDay, MissingItems, StatusChip } from './task-bits';
import { Section } from './task-files-ui';
import { STATUSES } from './task-filters';
import { Attachments, Items } from './task-items';
import type { TaskRights } from './task-rights';

type Props = {
  taskId: number | null;
  firmId: number;
  rights: TaskRights;
  onOpen: (id: number | null) => void;
  onEdit: (task: Task) => void;
  onAddSubtask: (parent: Task) => void;
};

/** A task's side panel: its details, items and answers, sub-tasks; full width on a phone. */
export function TaskDrawer(props: Props) {
  const { t } = useTranslation('tasks');
  const { taskId, onOpen } = props;
  const task = useTask(taskId);
  return (
    <Drawer
      anchor="right"
      open={taskId !== null}
      onClose={() => onOpen(null)}
      // Above the top bar (which sits above the navigation drawer).
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 520 } }, 'data-testid': 'task-drawer' } as object,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', p: 1, pl: 2, gap: 1 }}>
        <Typography variant="overline" sx={{ flex: 1 }}>
          {task.data ? t(`type.${task.data.type}`) : ''}
        </Typography>
        <IconButton
          aria-label={t('actions.close', { ns: 'common' })}
          onClick={() => onOpen(null)}
          data-testid="task-drawer-close"
        >
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        {task.isError ? (
          <Alert severity="warning">{t('detail.notFound')}</Alert>
        ) : task.data ? (
          <TaskDetail {...props} task={task.data} />
        ) : (
          <PageLoader />
        )}
      </Box>
    </Drawer>
  );
}

function TaskDetail({ task, firmId, rights, onOpen, onEdit, onAddSubtask }: Props & { task: Task }) {
  const { t, i18n } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [confirm, setConfirm] = useState(false);
  const manage = rights.canManage(task.vendor_id);
  const members = useFirmMembers(firmId, rights.firmSide);
  const related = useQueries({
    queries: [...task.depends_on_ids, ...(task.parent_id ? [task.parent_id] : [])].map((id) => ({
      queryKey: taskKeys.detail(id),
      queryFn: () => fetchTask(id),
      staleTime: 60_000,
      enabled: rights.firmSide || id === task.parent_id,
    })),
  });
  const titleOf = (id: number) => related.find((q) => q.data?.id === id)?.data?.title ?? `#${id}`;
  const memberNames = rights.firmSide
    ? task.member_ids.map((id) => {
        const m = members.data?.find((x) => x.user_id === id);
        return m ? [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email : null;
      })
    : [];

  const setStatus = async (status: TaskStatus) => {
    await update.mutateAsync({ id: task.id, body: { status } });
    enqueueSnackbar(t(status === 'done' ? 'detail.closed' : 'form.updated'), { variant: 'success' });
  };

  return (
    <Stack spacing={2}>
      <Stack spacing={1}>
        <Typography
          variant="h6"
          component="h2"
          data-testid="task-detail-title"
          sx={{ wordBreak: 'break-word' }}
        >
          {task.title}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <StatusChip status={task.status} />
          {task.internal ? (
            <Chip size="small" label={t('internal')} color="secondary" variant="outlined" />
          ) : null}
          <DueDate task={task} />
          <MissingItems task={task} />
        </Stack>
        <ThemeChips themes={task.themes} />
        <Typography variant="body2" color="text.secondary">
          {task.company}
        </Typography>
        {task.parent_id ? (
          <Typography variant="body2">
            {t('detail.parent')}{' '}
            <Link component="button" type="button" onClick={() => onOpen(task.parent_id)}>
              {titleOf(task.parent_id)}
            </Link>
          </Typography>
        ) : null}
      </Stack>

      {manage ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('fields.status')}
            value={task.status}
            onChange={(e) => void setStatus(e.target.value as TaskStatus).catch(() => undefined)}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'task-detail-status' } as object } }}
          >
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          {task.status !== 'done' ? (
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckIcon />}
              onClick={() => void setStatus('done').catch(() => undefined)}
              disabled={update.isPending}
              data-testid="task-close"
            >
              {t(task.type === 'information_request' ? 'detail.closeRequest' : 'detail.markDone')}
            </Button>
          ) : null}
          <Button startIcon={<EditIcon />} onClick={() => onEdit(task)} data-testid="task-edit">
            {t('actions.edit')}
          </Button>
          <IconButton aria-label={t('actions.delete')} onClick={() => setConfirm(true)}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ) : null}

      {task.note ? (
        <Paper variant="outlined" sx={{ p: 1.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          <Typography variant="body2">{task.note}</Typography>
        </Paper>
      ) : null}

      {memberNames.length > 0 ? (
        <Section title={t('fields.members')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {memberNames.map((name, i) => (
              <Chip key={task.member_ids[i]} size="small" label={name ?? t('detail.clientUser')} />
            ))}
          </Stack>
        </Section>
      ) : null}

      {task.depends_on_ids.length > 0 ? (
        <Section title={t('fields.dependsOn')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {task.depends_on_ids.map((id) => (
              <Chip key={id} size="small" label={titleOf(id)} onClick={() => onOpen(id)} />
            ))}
          </Stack>
        </Section>
      ) : null}

      <Attachments task={task} firmId={firmId} rights={rights} />

      {task.type === 'information_request' ? <Items task={task} firmId={firmId} rights={rights} /> : null}

      {task.parent_id === null ? (
        <Section
          title={t('detail.subtasks', { count: task.subtasks.length })}
          action={
            manage ? (
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => onAddSubtask(task)}
                data-testid="subtask-add"
              >
                {t('detail.addSubtask')}
              </Button>
            ) : null
          }
        >
          {task.subtasks.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('detail.noSubtasks')}
            </Typography>
          ) : (
            <List dense disablePadding data-testid="subtasks">
              {task.subtasks.map((sub) => (
                <ListItemButton key={sub.id} onClick={() => onOpen(sub.id)} sx={{ gap: 1, px: 1 }}>
                  <ListItemText
                    primary={sub.title}
                    secondary={sub.due_date ? formatDay(sub.due_date, i18n.language) : null}
                  />
                  <StatusChip status={sub.status} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Section>
      ) : null}

      <ConfirmDialog
        open={confirm}
        title={t('detail.deleteTitle')}
        body={t(task.subtask_count > 0 ? 'detail.deleteBodySubtasks' : 'detail.deleteBody', {
          title: task.title,
        })}
        confirmLabel={t('actions.delete')}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          await remove.mutateAsync(task.id);
          enqueueSnackbar(t('detail.deleted'), { variant: 'success' });
          setConfirm(false);
          onOpen(task.parent_id);
        }}
      />
    </Stack>
  );
}
