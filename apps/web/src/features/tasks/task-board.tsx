import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskCounters, TaskListItem, TaskStatus } from '@portal/contracts';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { useTaskColumn, useUpdateTask } from './api';
import { DueDate, MissingItems } from './task-bits';
import { STATUSES, type TaskFilters } from './task-filters';
import type { TaskRights } from './task-rights';

type Props = {
  firmId: number;
  filters: TaskFilters;
  rights: TaskRights;
  counters: TaskCounters | undefined;
  onOpen: (id: number) => void;
};

const DRAG_TYPE = 'application/x-portal-task';

/**
 * The board: a column per status; a card is dragged to another column to change its status, or
 * moved with its menu (keyboard and touch).
 */
export function TaskBoard({ firmId, filters, rights, counters, onOpen }: Props) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateTask();
  const [over, setOver] = useState<TaskStatus | null>(null);
  const move = async (task: Pick<TaskListItem, 'id' | 'status'>, status: TaskStatus) => {
    if (task.status === status) return;
    try {
      await update.mutateAsync({ id: task.id, body: { status } });
      enqueueSnackbar(t('board.moved', { status: t(`status.${status}`) }), { variant: 'success' });
    } catch {
      // The snackbar says why (a dependency not done, no right...).
    }
  };
  const drop = (status: TaskStatus) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    if (!raw) return;
    const task = JSON.parse(raw) as Pick<TaskListItem, 'id' | 'status'>;
    void move(task, status);
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        gap: 2,
        alignItems: 'start',
      }}
      data-testid="task-board"
    >
      {STATUSES.map((status) => (
        <Paper
          key={status}
          variant="outlined"
          onDragOver={(e) => {
            if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
            e.preventDefault();
            setOver(status);
          }}
          onDragLeave={() => setOver((s) => (s === status ? null : s))}
          onDrop={drop(status)}
          sx={{
            p: 1,
            bgcolor: over === status ? 'action.hover' : 'background.default',
            minHeight: 120,
          }}
          data-testid={`board-column-${status}`}
        >
          <Typography variant="subtitle2" component="h2" sx={{ px: 1, py: 0.5 }}>
            {t(`status.${status}`)} {counters ? `(${counters[status]})` : ''}
          </Typography>
          <Column
            firmId={firmId}
            filters={filters}
            status={status}
            rights={rights}
            onOpen={onOpen}
            onMove={(task, to) => void move(task, to)}
          />
        </Paper>
      ))}
    </Box>
  );
}

function Column({
  firmId,
  filters,
  status,
  rights,
  onOpen,
  onMove,
}: Omit<Props, 'counters'> & { status: TaskStatus; onMove: (task: TaskListItem, to: TaskStatus) => void }) {
  const { t } = useTranslation('tasks');
  const column = useTaskColumn(firmId, filters, status, rights.firmSide);
  const tasks = column.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Stack spacing={1}>
      {column.isFetching ? <LinearProgress /> : null}
      {tasks.map((task) => (
        <BoardCard
          key={task.id}
          task={task}
          movable={rights.canManage(task.vendor_id)}
          onOpen={onOpen}
          onMove={onMove}
        />
      ))}
      {!column.isPending && tasks.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {t('board.empty')}
        </Typography>
      ) : null}
      {column.hasNextPage ? (
        <Button size="small" onClick={() => void column.fetchNextPage()} disabled={column.isFetchingNextPage}>
          {t('board.more')}
        </Button>
      ) : null}
    </Stack>
  );
}

function BoardCard({
  task,
  movable,
  onOpen,
  onMove,
}: {
  task: TaskListItem;
  movable: boolean;
  onOpen: (id: number) => void;
  onMove: (task: TaskListItem, to: TaskStatus) => void;
}) {
  const { t } = useTranslation('tasks');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Card
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: task.id, status: task.status }));
        e.dataTransfer.effectAllowed = 'move';
      }}
      sx={{ display: 'flex', alignItems: 'flex-start', cursor: movable ? 'grab' : undefined }}
      data-testid={`board-card-${task.id}`}
    >
      <CardActionArea onClick={() => onOpen(task.id)} sx={{ p: 1.25, flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
          {task.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {task.company}
          {task.parent_id ? ` · ${t('list.subtask')}` : ''}
          {task.internal ? ` · ${t('internal')}` : ''}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <DueDate task={task} />
          <MissingItems task={task} />
        </Stack>
      </CardActionArea>
      {movable ? (
        <>
          <IconButton
            size="small"
            aria-label={t('board.moveTo')}
            aria-haspopup="menu"
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={{ m: 0.5 }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {STATUSES.filter((s) => s !== task.status).map((s) => (
              <MenuItem
                key={s}
                onClick={() => {
                  setAnchor(null);
                  onMove(task, s);
                }}
              >
                {t('board.moveToStatus', { status: t(`status.${s}`) })}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Card>
  );
}
