import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReminderFrequency, Task, TaskStatus, TaskType, VendorSummary } from '@portal/contracts';
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
import { ItemsEditor } from './task-form-items';
import {
  createBody,
  FIELD_OF,
  type FormDefaults,
  FREQUENCIES,
  initialValues,
  localErrors,
  newItem,
  type Person,
  showsAny,
  type TaskOption,
  updateBody,
  type Values,
} from './task-form-values';

type Props = {
  firmId: number;
  vendors: readonly VendorSummary[];
  /** The task to edit; none to create one. */
  task?: Task;
  /** A new task's defaults (a sub-task: its parent and client file; a type). */
  defaults?: FormDefaults;
  onClose: () => void;
  onSaved: (task: Task) => void;
};

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
    const local = localErrors(values);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const common = updateBody(values, { internal, isRequest, hasSubtasks });
    try {
      let saved: Task;
      if (task) {
        saved = await update.mutateAsync({
          id: task.id,
          body: common,
          quiet: true,
        });
      } else {
        saved = await create.mutateAsync(createBody(values, common, isRequest));
      }
      enqueueSnackbar(t(task ? 'form.updated' : 'form.created'), { variant: 'success' });
      onSaved(saved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields && showsAny(fields)) setErrors(fields);
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
