import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Task, TaskItem, TaskStatus } from '@portal/contracts';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import {
  fetchTask,
  taskKeys,
  useDeleteTask,
  useFirmMembers,
  useItemMutations,
  useTask,
  useUpdateTask,
} from './api';
import { DueDate, formatDay, MissingItems, StatusChip } from './task-bits';
import { STATUSES } from './task-filters';
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

      {task.type === 'information_request' ? <Items task={task} rights={rights} /> : null}

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

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}

/** The items of an information request: what is asked, what is answered, what is still missing. */
function Items({ task, rights }: { task: Task; rights: TaskRights }) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const mutations = useItemMutations(task.id);
  const manage = rights.canManage(task.vendor_id);
  // The firm waits for the client: only client users get the answer fields.
  const answer = !rights.firmSide && rights.canAnswer(task.vendor_id) && task.status !== 'done';
  const [label, setLabel] = useState('');
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return;
    await mutations.add.mutateAsync({ label: label.trim(), kind: 'answer' });
    setLabel('');
  };
  return (
    <Section title={t('items.title')}>
      {task.items_total > 0 ? (
        <Alert severity={task.items_missing > 0 ? 'warning' : 'success'} data-testid="items-summary">
          {task.items_missing > 0
            ? t('items.missingOf', { count: task.items_missing, total: task.items_total })
            : t('items.allAnswered')}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('items.none')}
        </Typography>
      )}
      {task.items.map((item) => (
        <ItemCard
          key={item.id}
          item={item}
          canAnswer={answer}
          canManage={manage}
          onAnswer={async (text) => {
            await mutations.answer.mutateAsync({ id: item.id, answer: text });
            enqueueSnackbar(t('items.answered'), { variant: 'success' });
          }}
          onRemove={() => mutations.remove.mutateAsync(item.id)}
        />
      ))}
      {manage ? (
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(e) => void add(e).catch(() => undefined)}
        >
          <TextField
            size="small"
            fullWidth
            label={t('items.new')}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <Button type="submit" disabled={!label.trim() || mutations.add.isPending}>
            {t('items.add')}
          </Button>
        </Stack>
      ) : null}
    </Section>
  );
}

function ItemCard({
  item,
  canAnswer,
  canManage,
  onAnswer,
  onRemove,
}: {
  item: TaskItem;
  canAnswer: boolean;
  canManage: boolean;
  onAnswer: (text: string) => Promise<void>;
  onRemove: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('tasks');
  const answered = item.answered_at !== null;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(item.answer ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      await onAnswer(text.trim());
      setEditing(false);
    } catch {
      // The snackbar says why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`task-item-${item.id}`}>
      <Stack spacing={1}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Typography sx={{ flex: 1, fontWeight: 500, wordBreak: 'break-word' }}>{item.label}</Typography>
          <Chip size="small" variant="outlined" label={t(`items.kinds.${item.kind}`)} />
          <Chip
            size="small"
            color={answered ? 'success' : 'warning'}
            label={answered ? t('items.answeredBadge') : t('items.missingBadge')}
          />
          {canManage ? (
            <IconButton
              size="small"
              aria-label={t('items.remove')}
              onClick={() => void onRemove().catch(() => undefined)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          ) : null}
        </Stack>
        {answered && !editing ? (
          <Box>
            <Typography
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              data-testid="item-answer-text"
            >
              {item.answer}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('items.answeredOn', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                  new Date(item.answered_at as string),
                ),
              })}
            </Typography>
            {canAnswer ? (
              <Button size="small" onClick={() => setEditing(true)}>
                {t('items.change')}
              </Button>
            ) : null}
          </Box>
        ) : null}
        {canAnswer && (!answered || editing) ? (
          <Stack component="form" spacing={1} onSubmit={(e) => void submit(e)}>
            <TextField
              size="small"
              fullWidth
              multiline
              minRows={2}
              label={t('items.yourAnswer')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': `item-answer-${item.id}` } }}
            />
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              {item.kind === 'document' ? (
                // File answers are filed in the client's documents: they come with the document manager.
                <Tooltip title={t('items.filesSoon')}>
                  <span>
                    <Button size="small" startIcon={<AttachFileIcon />} disabled>
                      {t('items.attach')}
                    </Button>
                  </span>
                </Tooltip>
              ) : null}
              {editing ? (
                <Button size="small" onClick={() => setEditing(false)}>
                  {t('actions.cancel', { ns: 'common' })}
                </Button>
              ) : null}
              <Button
                type="submit"
                size="small"
                variant="contained"
                disabled={busy || !text.trim()}
                data-testid={`item-send-${item.id}`}
              >
                {t('items.send')}
              </Button>
            </Stack>
          </Stack>
        ) : null}
        {!answered && !canAnswer ? (
          <Typography variant="body2" color="text.secondary">
            {t('items.waiting')}
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}
