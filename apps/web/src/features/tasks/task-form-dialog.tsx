import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type {
  CreateTaskRequest,
  ReminderFrequency,
  Task,
  TaskStatus,
  TaskType,
  UpdateTaskRequest,
  VendorSummary,
} from '@portal/contracts';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useErrorText } from '../../components/form/use-error-text';
import { ThemesSelect } from '../themes/theme-bits';
import {
  fetchTask,
  taskKeys,
  useCreateTask,
  useFirmMembers,
  useTaskOptions,
  useThemes,
  useUpdateTask,
  useVendorUsers,
} from './api';
import { STATUSES, TYPES } from './task-filters';

const FREQUENCIES: ReminderFrequency[] = ['none', 'day', 'week', 'two-weeks', 'month'];

/** An item being written (`key`: a stable React key before it has an id). */
type Item = { key: number; label: string; kind: 'document' | 'answer' };
let nextKey = 0;
const newItem = (): Item => ({ key: ++nextKey, label: '', kind: 'answer' });
type Person = { id: number; label: string };
type TaskOption = { id: number; title: string };

type Values = {
  vendorId: number | null;
  title: string;
  type: TaskType;
  status: TaskStatus;
  dueDate: string;
  note: string;
  internal: boolean;
  memberIds: number[];
  themeIds: number[];
  parentId: number | null;
  dependsOn: number[];
  reminder: ReminderFrequency;
  items: Item[];
};

type Props = {
  firmId: number;
  vendors: readonly VendorSummary[];
  /** The task to edit; none to create one. */
  task?: Task;
  /** A new task's defaults (a sub-task: its parent and client file; a type). */
  defaults?: Partial<Pick<Values, 'vendorId' | 'parentId' | 'type'>>;
  onClose: () => void;
  onSaved: (task: Task) => void;
};

function initialValues(
  task: Task | undefined,
  defaults: Props['defaults'],
  vendors: Props['vendors'],
): Values {
  if (task) {
    return {
      vendorId: task.vendor_id,
      title: task.title,
      type: task.type,
      status: task.status,
      dueDate: task.due_date ?? '',
      note: task.note ?? '',
      internal: task.internal,
      memberIds: task.member_ids,
      themeIds: task.themes.map((th) => th.id),
      parentId: task.parent_id,
      dependsOn: task.depends_on_ids,
      reminder: task.reminder_frequency,
      items: [],
    };
  }
  const type = defaults?.type ?? 'information_request';
  return {
    vendorId: defaults?.vendorId ?? (vendors.length === 1 ? (vendors[0]?.id ?? null) : null),
    title: '',
    type,
    status: 'to_do',
    dueDate: '',
    note: '',
    internal: type === 'internal',
    memberIds: [],
    themeIds: [],
    parentId: defaults?.parentId ?? null,
    dependsOn: [],
    reminder: 'none',
    items: type === 'information_request' ? [newItem()] : [],
  };
}

/** Create or edit a task: a dialog, full screen on a phone. Its 422 errors go under the fields. */
export function TaskFormDialog({ firmId, vendors, task, defaults, onClose, onSaved }: Props) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const writable = useMemo(() => vendors.filter((v) => v.status === 'active' && !v.read_only), [vendors]);
  const [values, setValues] = useState<Values>(() => initialValues(task, defaults, writable));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[FIELD_OF[key as keyof Values] ?? key];
      return next;
    });
  };
  const create = useCreateTask();
  const update = useUpdateTask();
  const busy = create.isPending || update.isPending;
  const internal = values.type === 'internal' || values.internal;
  const isRequest = values.type === 'information_request';
  const isSubtask = values.parentId !== null;
  const hasSubtasks = (task?.subtask_count ?? 0) > 0;

  // People: the firm's members, and the client file's users unless the task is internal.
  const members = useFirmMembers(firmId, true);
  const themes = useThemes(firmId);
  const users = useVendorUsers(values.vendorId, !internal);
  const people: Person[] = useMemo(() => {
    const name = (p: { firstname: string | null; lastname: string | null; email: string }) =>
      [p.firstname, p.lastname].filter(Boolean).join(' ') || p.email;
    const firm = (members.data ?? [])
      .filter((m) => !m.invitation_pending)
      .map((m) => ({ id: m.user_id, label: name(m) }));
    const clients =
      internal || values.vendorId === null
        ? []
        : (users.data ?? [])
            .filter((u) => !u.invitation_pending)
            .map((u) => ({ id: u.id, label: `${name(u)} (${t('form.client')})` }));
    return [...firm, ...clients];
  }, [members.data, users.data, internal, values.vendorId, t]);

  // Parent and dependencies: tasks of the same client file, searched on the server.
  const [search, setSearch] = useState('');
  const options = useTaskOptions(firmId, values.vendorId, search);
  const known = useQueries({
    queries: [...values.dependsOn, ...(values.parentId ? [values.parentId] : [])].map((id) => ({
      queryKey: taskKeys.detail(id),
      queryFn: () => fetchTask(id),
      staleTime: 60_000,
    })),
  });
  const titles = new Map<number, string>();
  for (const q of known) if (q.data) titles.set(q.data.id, q.data.title);
  for (const row of options.data?.data ?? []) titles.set(row.id, row.title);
  const taskOption = (id: number): TaskOption => ({ id, title: titles.get(id) ?? `#${id}` });
  const candidates = (options.data?.data ?? []).filter((row) => row.id !== task?.id);
  const parentOptions = candidates.filter((row) => row.parent_id === null).map((r) => taskOption(r.id));
  const dependencyOptions = candidates.map((r) => taskOption(r.id));

  const fieldError = (field: string) => {
    const message = errors[field];
    return message ? { error: true, helperText: errorText(message) } : {};
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!values.title.trim()) local.title = 'required';
    if (values.vendorId === null) local.vendor_id = 'required';
    values.items.forEach((item, i) => {
      if (!item.label.trim() && values.items.length > 1) local[`items.${i}.label`] = 'required';
    });
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const common = {
      title: values.title.trim(),
      type: values.type,
      status: values.status,
      due_date: values.dueDate || null,
      note: values.note.trim() || null,
      internal,
      member_ids: values.memberIds,
      theme_ids: values.themeIds,
      parent_id: values.parentId,
      ...(hasSubtasks ? {} : { depends_on_ids: values.dependsOn }),
      ...(isRequest ? { reminder_frequency: values.reminder } : {}),
    };
    try {
      let saved: Task;
      if (task) {
        saved = await update.mutateAsync({
          id: task.id,
          body: common satisfies UpdateTaskRequest,
          quiet: true,
        });
      } else {
        const items = isRequest ? values.items.filter((i) => i.label.trim()) : [];
        const body: CreateTaskRequest = {
          ...common,
          vendor_id: values.vendorId as number,
          ...(items.length ? { items: items.map((i) => ({ label: i.label.trim(), kind: i.kind })) } : {}),
        };
        saved = await create.mutateAsync(body);
      }
      enqueueSnackbar(t(task ? 'form.updated' : 'form.created'), { variant: 'success' });
      onSaved(saved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      const shown = Object.keys(fields ?? {}).filter((f) =>
        SHOWN_FIELDS.some((s) => f === s || f.startsWith(`${s}.`)),
      );
      if (fields && shown.length > 0) setErrors(fields);
      else if (isApiError(error)) enqueueSnackbar(error.message, { variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" data-testid="task-form">
      <form noValidate onSubmit={submit}>
        <DialogTitle>
          {task ? t('form.editTitle') : isSubtask ? t('form.newSubtask') : t('form.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                required
                label={t('fields.company')}
                value={values.vendorId ?? ''}
                disabled={Boolean(task) || defaults?.vendorId !== undefined}
                onChange={(e) => set({ vendorId: Number(e.target.value), parentId: null, dependsOn: [] })}
                {...fieldError('vendor_id')}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'task-company' } as object } }}
              >
                {(task ? vendors : writable).map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.company}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                label={t('fields.type')}
                value={values.type}
                onChange={(e) => {
                  const type = e.target.value as TaskType;
                  set({
                    type,
                    internal: type === 'internal' ? true : values.internal,
                    items:
                      type === 'information_request' && values.items.length === 0 && !task
                        ? [newItem()]
                        : values.items,
                  });
                }}
                {...fieldError('type')}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'task-type' } as object } }}
              >
                {TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`type.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={12}>
              <TextField
                fullWidth
                required
                autoFocus
                label={t('fields.title')}
                value={values.title}
                onChange={(e) => set({ title: e.target.value })}
                {...fieldError('title')}
                slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'task-title' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                label={t('fields.status')}
                value={values.status}
                onChange={(e) => set({ status: e.target.value as TaskStatus })}
                {...fieldError('status')}
              >
                {STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`status.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                type="date"
                label={t('fields.dueDate')}
                value={values.dueDate}
                onChange={(e) => set({ dueDate: e.target.value })}
                {...fieldError('due_date')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'task-due-date' } }}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                fullWidth
                multiline
                minRows={2}
                label={t('fields.note')}
                value={values.note}
                onChange={(e) => set({ note: e.target.value })}
                {...fieldError('note')}
              />
            </Grid>
            <Grid size={12}>
              <Autocomplete
                multiple
                options={people}
                value={people.filter((p) => values.memberIds.includes(p.id))}
                onChange={(_e, picked) => set({ memberIds: picked.map((p) => p.id) })}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => (
                  <TextField {...params} label={t('fields.members')} {...fieldError('member_ids')} />
                )}
              />
            </Grid>
            <Grid size={12}>
              <ThemesSelect
                themes={themes.data ?? []}
                value={values.themeIds}
                onChange={(themeIds) => set({ themeIds })}
                label={t('fields.themes')}
                testId="task-themes"
                {...fieldError('theme_ids')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Autocomplete
                options={parentOptions}
                value={values.parentId ? taskOption(values.parentId) : null}
                disabled={values.vendorId === null || hasSubtasks}
                getOptionLabel={(o) => o.title}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                filterOptions={(o) => o}
                onInputChange={(_e, text, reason) => reason === 'input' && setSearch(text)}
                onChange={(_e, picked) => set({ parentId: picked?.id ?? null })}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('fields.parent')}
                    helperText={hasSubtasks ? t('form.hasSubtasks') : undefined}
                    {...fieldError('parent_id')}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Autocomplete
                multiple
                options={dependencyOptions}
                value={values.dependsOn.map(taskOption)}
                disabled={values.vendorId === null || hasSubtasks}
                getOptionLabel={(o) => o.title}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                filterOptions={(o) => o}
                onInputChange={(_e, text, reason) => reason === 'input' && setSearch(text)}
                onChange={(_e, picked) => set({ dependsOn: picked.map((p) => p.id) })}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('fields.dependsOn')}
                    helperText={errors.depends_on_ids ? undefined : t('form.dependsOnHelp')}
                    {...fieldError('depends_on_ids')}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={internal}
                    disabled={values.type === 'internal'}
                    onChange={(e) => set({ internal: e.target.checked })}
                  />
                }
                label={t('fields.internal')}
              />
              <Typography variant="body2" color="text.secondary">
                {t('form.internalHelp')}
              </Typography>
            </Grid>
            {isRequest ? (
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  fullWidth
                  label={t('fields.reminder')}
                  value={values.reminder}
                  onChange={(e) => set({ reminder: e.target.value as ReminderFrequency })}
                  {...fieldError('reminder_frequency')}
                >
                  {FREQUENCIES.map((f) => (
                    <MenuItem key={f} value={f}>
                      {t(`reminder.${f}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            ) : null}
            {isRequest && !task ? (
              <Grid size={12}>
                <ItemsEditor
                  items={values.items}
                  errors={errors}
                  onChange={(items) => set({ items })}
                  errorText={errorText}
                />
              </Grid>
            ) : null}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="task-save">
            {t('actions.save', { ns: 'common' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The server's field names of the form's values (to clear an error when its field changes). */
const FIELD_OF: Partial<Record<keyof Values, string>> = {
  vendorId: 'vendor_id',
  dueDate: 'due_date',
  memberIds: 'member_ids',
  themeIds: 'theme_ids',
  parentId: 'parent_id',
  dependsOn: 'depends_on_ids',
  reminder: 'reminder_frequency',
};

/** The fields the dialog shows an error under; any other goes to the snackbar. */
const SHOWN_FIELDS = [
  'vendor_id',
  'title',
  'type',
  'status',
  'due_date',
  'note',
  'member_ids',
  'theme_ids',
  'parent_id',
  'depends_on_ids',
  'reminder_frequency',
  'items',
];

/** The items an information request asks for, when it is created (later, in the task's panel). */
function ItemsEditor({
  items,
  errors,
  onChange,
  errorText,
}: {
  items: Item[];
  errors: Record<string, string>;
  onChange: (items: Item[]) => void;
  errorText: (m: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation('tasks');
  const change = (i: number, patch: Partial<Item>) =>
    onChange(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">{t('items.title')}</Typography>
      {items.map((item, i) => (
        <Stack
          key={item.key}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            size="small"
            fullWidth
            label={t('items.label', { n: i + 1 })}
            value={item.label}
            onChange={(e) => change(i, { label: e.target.value })}
            error={Boolean(errors[`items.${i}.label`])}
            helperText={errorText(errors[`items.${i}.label`])}
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': `task-item-label-${i}` } }}
          />
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              label={t('items.kind')}
              value={item.kind}
              onChange={(e) => change(i, { kind: e.target.value as Item['kind'] })}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="answer">{t('items.kinds.answer')}</MenuItem>
              <MenuItem value="document">{t('items.kinds.document')}</MenuItem>
            </TextField>
            <IconButton
              aria-label={t('items.remove')}
              onClick={() => onChange(items.filter((_x, j) => j !== i))}
              disabled={items.length === 1}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        </Stack>
      ))}
      {errors.items ? (
        <Typography color="error" variant="body2">
          {errorText(errors.items)}
        </Typography>
      ) : null}
      <div>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...items, newItem()])}
          data-testid="task-item-add"
        >
          {t('items.add')}
        </Button>
      </div>
    </Stack>
  );
}
