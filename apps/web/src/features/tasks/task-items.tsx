import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Task, TaskItem } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/session';
import { useSnackbar } from '../../app/snackbars';
import { useItemMutations } from './api';
import { useAttachFiles, useUnlinkFile } from './task-files';
import { AttachButton, FileLinks, Section } from './task-files-ui';
import type { TaskRights } from './task-rights';

/**
 * A task's attachments (documents of its client file, filed in its exchange folder): those who
 * may answer it attach files; those who manage it unlink any, the others the ones they linked.
 */
export function Attachments({ task, firmId, rights }: { task: Task; firmId: number; rights: TaskRights }) {
  const { t } = useTranslation('tasks');
  const me = useMe();
  const files = useAttachFiles(task.id);
  const unlink = useUnlinkFile(task.id);
  const canAttach = rights.canAnswer(task.vendor_id);
  const manage = rights.canManage(task.vendor_id);
  if (task.attachments.length === 0 && !canAttach) return null;
  return (
    <Section
      title={t('files.title')}
      action={
        canAttach ? (
          <AttachButton
            label={t('files.attach')}
            busy={files.busy}
            onFiles={(list) => void files.attach(list)}
            testId="task-attach"
          />
        ) : null
      }
    >
      {task.attachments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('files.none')}
        </Typography>
      ) : (
        <FileLinks
          files={task.attachments}
          firmId={firmId}
          canUnlink={(file) => manage || (canAttach && file.linked_by === me.data?.id)}
          onUnlink={(file) => void unlink(file.id).catch(() => undefined)}
          testId="task-attachments"
        />
      )}
    </Section>
  );
}

/** The items of an information request: what is asked, what is answered, what is still missing. */
export function Items({ task, firmId, rights }: { task: Task; firmId: number; rights: TaskRights }) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const mutations = useItemMutations(task.id);
  const files = useAttachFiles(task.id);
  const unlink = useUnlinkFile(task.id);
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
          firmId={firmId}
          canAnswer={answer}
          busy={files.busy}
          onFiles={(list) => void files.attach(list, item.id)}
          onUnlink={(documentId) => void unlink(documentId, item.id).catch(() => undefined)}
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
  firmId,
  canAnswer,
  busy: sending,
  onFiles,
  onUnlink,
  canManage,
  onAnswer,
  onRemove,
}: {
  item: TaskItem;
  firmId: number;
  canAnswer: boolean;
  busy: boolean;
  onFiles: (files: File[]) => void;
  onUnlink: (documentId: number) => void;
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
        <FileLinks
          files={item.documents}
          firmId={firmId}
          canUnlink={() => canAnswer}
          onUnlink={(file) => onUnlink(file.id)}
          testId={`item-files-${item.id}`}
        />
        {answered && !editing ? (
          <Box>
            {item.answer ? (
              <Typography
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                data-testid="item-answer-text"
              >
                {item.answer}
              </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary">
              {t('items.answeredOn', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                  new Date(item.answered_at as string),
                ),
              })}
            </Typography>
            {canAnswer ? (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button size="small" onClick={() => setEditing(true)}>
                  {t(item.answer ? 'items.change' : 'items.addText')}
                </Button>
                <AttachButton
                  label={t('items.attach')}
                  busy={sending}
                  onFiles={onFiles}
                  testId={`item-attach-${item.id}`}
                />
              </Stack>
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
              {!answered ? (
                <AttachButton
                  label={t('items.attach')}
                  busy={sending}
                  onFiles={onFiles}
                  testId={`item-attach-${item.id}`}
                />
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
