import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TaskListItem, TaskStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Small pieces of a task shown by the tasks page and the home page (kept light: the home page is
 * part of what a browser loads after sign-in).
 */

const STATUS_COLORS: Record<TaskStatus, 'default' | 'info' | 'success'> = {
  to_do: 'default',
  in_progress: 'info',
  done: 'success',
};

export function StatusChip({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      color={STATUS_COLORS[status]}
      variant={status === 'done' ? 'filled' : 'outlined'}
    />
  );
}

/** A date-only ISO string (`2026-03-31`) in the user's language, read as a calendar day. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The due date, red when the task is overdue. */
export function DueDate({ task }: { task: Pick<TaskListItem, 'due_date' | 'overdue'> }) {
  const { t, i18n } = useTranslation('tasks');
  if (!task.due_date) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      color={task.overdue ? 'error' : 'text.secondary'}
      sx={{ fontWeight: task.overdue ? 600 : undefined, whiteSpace: 'nowrap' }}
    >
      {t(task.overdue ? 'due.overdue' : 'due.on', { date: formatDay(task.due_date, i18n.language) })}
    </Typography>
  );
}

/** "2 of 3 items missing" for an information request with items. */
export function MissingItems({ task }: { task: Pick<TaskListItem, 'items_total' | 'items_missing'> }) {
  const { t } = useTranslation('tasks');
  if (task.items_total === 0) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      color={task.items_missing > 0 ? 'warning.main' : 'success.main'}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {task.items_missing > 0
        ? t('items.missingOf', { count: task.items_missing, total: task.items_total })
        : t('items.allAnswered')}
    </Typography>
  );
}
