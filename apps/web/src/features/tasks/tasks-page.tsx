import AddIcon from '@mui/icons-material/Add';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import ViewListIcon from '@mui/icons-material/ViewList';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Task, TaskCounters } from '@portal/contracts';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useWorkspace } from '../shell/workspace-context';
import { useSetTaskAdminMode, useTaskAdminMode, useTaskCompanies, useTaskCounters, useTasks } from './api';
import { TaskBoard } from './task-board';
import { filtersToParams, parseFilters, STATUSES, type TaskFilters, withFilters } from './task-filters';
import { TaskFiltersBar } from './task-filters-bar';
import { TaskList } from './task-list';
import { taskRights } from './task-rights';

// The task's panel and the task form (items, files, answers) load when first opened, not with the list.
const TaskDrawer = lazy(() => import('./task-drawer').then((m) => ({ default: m.TaskDrawer })));
const TaskFormDialog = lazy(() => import('./task-form-dialog').then((m) => ({ default: m.TaskFormDialog })));

type DialogState = { task?: Task; defaults?: { vendorId?: number; parentId?: number } } | null;

/**
 * `tasks/{context?}`: "Gestion des tâches" for the firm, "Demandes d'informations" for client
 * users (`information-requests/` redirects here). Filters, page and open task live in the URL.
 */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const { firm, vendors, vendorsLoading } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const rights = useMemo(() => taskRights(firm, vendors), [firm, vendors]);
  const [dialog, setDialog] = useState<DialogState>(null);

  // Admin mode is the person's, remembered by the server (not a filter of the URL).
  const adminMode = useTaskAdminMode(firm?.id ?? 0, firm !== null && rights.firmAdmin);
  const setAdminMode = useSetTaskAdminMode(firm?.id ?? 0);
  const remembered = adminMode.data?.admin_mode ?? false;
  const shown = useMemo(
    () => ({ ...filters, adminMode: rights.firmAdmin ? remembered : false }),
    [filters, rights.firmAdmin, remembered],
  );
  const { mutate: switchAdminMode } = setAdminMode;

  const change = useCallback(
    (patch: Partial<TaskFilters>) => {
      const { adminMode: wanted, ...rest } = patch;
      if (wanted !== undefined && wanted !== remembered) switchAdminMode(wanted);
      if (Object.keys(rest).length === 0) return;
      setParams(
        (current) => filtersToParams(withFilters(parseFilters(current), rest), current),
        // Opening a task or a page is worth a history entry; typing a filter is not.
        { replace: !('task' in rest || 'page' in rest || 'view' in rest) },
      );
    },
    [setParams, remembered, switchAdminMode],
  );
  const openTask = useCallback((task: number | null) => change({ task }), [change]);

  // Rights need the client files; the context in the URL settles with them.
  if (!firm || vendorsLoading || (rights.firmAdmin && adminMode.isPending)) return <PageLoader />;
  return (
    <TasksContent
      firmId={firm.id}
      filters={shown}
      rights={rights}
      onChange={change}
      onOpen={openTask}
      dialog={dialog}
      setDialog={setDialog}
      vendors={vendors}
      title={t(rights.firmSide ? 'title.firm' : 'title.client')}
    />
  );
}

function TasksContent({
  firmId,
  filters,
  rights,
  onChange,
  onOpen,
  dialog,
  setDialog,
  vendors,
  title,
}: {
  firmId: number;
  filters: TaskFilters;
  rights: ReturnType<typeof taskRights>;
  onChange: (patch: Partial<TaskFilters>) => void;
  onOpen: (id: number | null) => void;
  dialog: DialogState;
  setDialog: (d: DialogState) => void;
  vendors: ReturnType<typeof useWorkspace>['vendors'];
  title: string;
}) {
  const { t } = useTranslation('tasks');
  const board = filters.view === 'board';
  const list = useTasks(firmId, filters, rights.firmSide, !board);
  const counters = useTaskCounters(firmId, filters, rights.firmSide);
  const companies = useTaskCompanies(firmId, filters, rights.firmSide);
  // Once a task was opened, its panel stays mounted: it closes with its transition.
  const [drawerUsed, setDrawerUsed] = useState(filters.task !== null);
  if (filters.task !== null && !drawerUsed) setDrawerUsed(true);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 1 }}
      >
        <Typography variant="h5" component="h1" data-testid="tasks-title">
          {title}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filters.view}
            onChange={(_e, view) => view && onChange({ view })}
            aria-label={t('view.label')}
          >
            <ToggleButton value="list" aria-label={t('view.list')} data-testid="view-list">
              <ViewListIcon />
            </ToggleButton>
            <ToggleButton value="board" aria-label={t('view.board')} data-testid="view-board">
              <ViewKanbanIcon />
            </ToggleButton>
          </ToggleButtonGroup>
          {rights.canCreate ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({})}
              data-testid="task-new"
            >
              {t('new')}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      <Counters counters={counters.data} filters={filters} onChange={onChange} />

      <TaskFiltersBar
        firmId={firmId}
        filters={filters}
        rights={rights}
        companies={companies.data ?? []}
        onChange={onChange}
      />

      {board ? (
        <TaskBoard
          firmId={firmId}
          filters={filters}
          rights={rights}
          counters={counters.data}
          onOpen={onOpen}
        />
      ) : list.isError ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : list.isPending ? (
        <PageLoader />
      ) : (list.data?.total ?? 0) === 0 ? (
        <Stack sx={{ alignItems: 'center', p: 4, gap: 1 }} data-testid="tasks-empty">
          <ChecklistIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography color="text.secondary">{t(rights.firmSide ? 'empty.firm' : 'empty.client')}</Typography>
          {rights.firmAdmin && !filters.adminMode ? (
            // Without admin mode an administrator lists only the client files assigned to them.
            <Button onClick={() => onChange({ adminMode: true })} data-testid="tasks-empty-admin-mode">
              {t('empty.adminMode')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <TaskList
          page={list.data}
          companies={companies.data ?? []}
          loading={list.isFetching}
          onOpen={onOpen}
          onPage={(page) => onChange({ page })}
        />
      )}

      <Suspense fallback={null}>
        {drawerUsed ? (
          <TaskDrawer
            taskId={filters.task}
            firmId={firmId}
            rights={rights}
            onOpen={onOpen}
            onEdit={(task) => setDialog({ task })}
            onAddSubtask={(parent) =>
              setDialog({ defaults: { vendorId: parent.vendor_id, parentId: parent.id } })
            }
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {dialog ? (
          <TaskFormDialog
            firmId={firmId}
            vendors={vendors}
            task={dialog.task}
            defaults={dialog.defaults}
            onClose={() => setDialog(null)}
            onSaved={(task) => {
              setDialog(null);
              // A new sub-task: back to its parent; anything else: the saved task.
              if (!dialog.task) onOpen(task.parent_id ?? task.id);
            }}
          />
        ) : null}
      </Suspense>
    </Stack>
  );
}

/** Counts per status and overdue: each toggles its filter. */
function Counters({
  counters,
  filters,
  onChange,
}: {
  counters: TaskCounters | undefined;
  filters: TaskFilters;
  onChange: (patch: Partial<TaskFilters>) => void;
}) {
  const { t } = useTranslation('tasks');
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="task-counters">
      {STATUSES.map((status) => {
        const on = filters.statuses.includes(status);
        return (
          <Chip
            key={status}
            label={`${t(`status.${status}`)} · ${counters?.[status] ?? '…'}`}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() =>
              onChange({
                statuses: on ? filters.statuses.filter((s) => s !== status) : [...filters.statuses, status],
              })
            }
            aria-pressed={on}
            data-testid={`counter-${status}`}
          />
        );
      })}
      <Chip
        label={`${t('counters.overdue')} · ${counters?.overdue ?? '…'}`}
        color={filters.overdue ? 'error' : counters?.overdue ? 'error' : 'default'}
        variant={filters.overdue ? 'filled' : 'outlined'}
        onClick={() => onChange({ overdue: !filters.overdue })}
        aria-pressed={filters.overdue}
        data-testid="counter-overdue"
      />
    </Stack>
  );
}
