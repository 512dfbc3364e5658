import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { Paginated, TaskCompany, TaskListItem } from '@portal/contracts';
import { TASKS_PAGE_SIZE } from '@portal/contracts/limits';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeChips } from '../themes/theme-bits';
import { DueDate, MissingItems, StatusChip } from './task-bits';
import { groupByCompany, openCount } from './task-filters';

type Props = {
  page: Paginated<TaskListItem>;
  companies: TaskCompany[];
  loading: boolean;
  onOpen: (id: number) => void;
  onPage: (page: number) => void;
};

/** A page of 15 tasks, grouped per company (the server sorts per company, then by due date). */
export function TaskList({ page, companies, loading, onOpen, onPage }: Props) {
  const { t } = useTranslation('tasks');
  const groups = groupByCompany(page.data);
  return (
    <Stack spacing={2} data-testid="task-list">
      {loading ? <LinearProgress /> : null}
      {groups.map((group) => {
        const counts = companies.find((c) => c.vendor_id === group.vendorId);
        return (
          <Paper
            key={`${group.vendorId}-${group.tasks[0]?.id}`}
            sx={{ minWidth: 0 }}
            data-testid={`task-group-${group.vendorId}`}
          >
            <Stack
              direction="row"
              sx={{
                alignItems: 'baseline',
                justifyContent: 'space-between',
                px: 2,
                py: 1.25,
                gap: 1,
                flexWrap: 'wrap',
              }}
            >
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {group.company}
              </Typography>
              {counts ? (
                <Typography variant="body2" color="text.secondary">
                  {t('list.companyCounts', {
                    open: openCount(counts),
                    overdue: counts.overdue,
                    total: counts.total,
                  })}
                </Typography>
              ) : null}
            </Stack>
            <Divider />
            <List disablePadding>
              {group.tasks.map((task, i) => (
                <Fragment key={task.id}>
                  {i > 0 ? <Divider component="li" /> : null}
                  <TaskRow task={task} onOpen={onOpen} />
                </Fragment>
              ))}
            </List>
          </Paper>
        );
      })}
      <TablePagination
        component="div"
        count={page.total}
        page={page.current_page - 1}
        rowsPerPage={TASKS_PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_e, p) => onPage(p + 1)}
        labelDisplayedRows={({ from, to, count }) => t('list.range', { from, to, count })}
        getItemAriaLabel={(type) => t(`list.${type}Page`)}
      />
    </Stack>
  );
}

function TaskRow({ task, onOpen }: { task: TaskListItem; onOpen: (id: number) => void }) {
  const { t } = useTranslation('tasks');
  return (
    <ListItemButton
      onClick={() => onOpen(task.id)}
      sx={{ gap: 1.5, py: 1.25, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      data-testid={`task-row-${task.id}`}
    >
      <Stack sx={{ flex: 1, minWidth: 0, pl: task.parent_id ? 2 : 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          {task.parent_id ? (
            <SubdirectoryArrowRightIcon fontSize="small" color="action" aria-label={t('list.subtask')} />
          ) : null}
          <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{task.title}</Typography>
        </Stack>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t(`type.${task.type}`)}
          </Typography>
          <DueDate task={task} />
          <MissingItems task={task} />
          {task.subtask_count > 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('list.subtasks', { count: task.subtask_count })}
            </Typography>
          ) : null}
          <ThemeChips themes={task.themes} />
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexShrink: 0 }}>
        {task.internal ? (
          <Chip size="small" variant="outlined" color="secondary" label={t('internal')} />
        ) : null}
        <StatusChip status={task.status} />
      </Stack>
    </ListItemButton>
  );
}
