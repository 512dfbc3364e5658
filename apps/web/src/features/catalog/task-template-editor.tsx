import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_TEMPLATE_TASKS, TASK_ASSIGNEES, type TemplateTask } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** A task of the template as edited (offset typed as text). */
export type TaskDraft = Omit<TemplateTask, 'offset_days'> & { offset_days: string };

const freshKey = (tasks: TaskDraft[]) => {
  let n = tasks.length + 1;
  while (tasks.some((t) => t.key === `t${n}`)) n++;
  return `t${n}`;
};

/**
 * The service's task template: named tasks with a due offset (days from the occurrence's due
 * date), an assignee, an optional parent (one level) and the tasks each waits for. The server
 * checks the spec's rules (names, no cycle, a parent receives no dependency); its errors come in
 * `errors` by `tasks.N.field`.
 */
export function TaskTemplateEditor({
  tasks,
  onChange,
  errors,
  errorText,
  readOnly,
}: {
  tasks: TaskDraft[];
  onChange: (tasks: TaskDraft[]) => void;
  errors: Record<string, string>;
  errorText: (key: string | undefined) => string | undefined;
  readOnly: boolean;
}) {
  const { t } = useTranslation('catalog');
  const set = (i: number, patch: Partial<TaskDraft>) =>
    onChange(tasks.map((task, j) => (j === i ? { ...task, ...patch } : task)));
  const remove = (i: number) => {
    const key = tasks[i]!.key;
    onChange(
      tasks
        .filter((_, j) => j !== i)
        .map((task) => ({
          ...task,
          parent_key: task.parent_key === key ? null : task.parent_key,
          depends_on: task.depends_on.filter((d) => d !== key),
        })),
    );
  };
  const err = (i: number, field: string) => {
    const e = errors[`tasks.${i}.${field}`];
    return e ? { error: true, helperText: errorText(e) } : {};
  };
  const label = (key: string) => tasks.find((task) => task.key === key)?.title || key;

  return (
    <Stack spacing={1.5} data-testid="task-template">
      <Typography variant="subtitle1" component="h3">
        {t('tasks.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('tasks.intro')}
      </Typography>
      {errors.tasks ? (
        <Typography variant="body2" color="error">
          {errorText(errors.tasks)}
        </Typography>
      ) : null}
      {tasks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tasks.empty')}
        </Typography>
      ) : null}
      {tasks.map((task, i) => {
        const others = tasks.filter((o) => o.key !== task.key);
        return (
          <Paper key={task.key} variant="outlined" sx={{ p: 1.5 }} data-testid={`template-task-${i}`}>
            <Stack spacing={1.5}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField
                  size="small"
                  required
                  label={t('tasks.name')}
                  value={task.title}
                  disabled={readOnly}
                  onChange={(e) => set(i, { title: e.target.value })}
                  {...err(i, 'title')}
                  sx={{ flex: 2 }}
                  slotProps={{ htmlInput: { maxLength: 150, 'data-testid': `template-task-title-${i}` } }}
                />
                <TextField
                  size="small"
                  type="number"
                  label={t('tasks.offset')}
                  value={task.offset_days}
                  disabled={readOnly}
                  onChange={(e) => set(i, { offset_days: e.target.value })}
                  {...err(i, 'offset_days')}
                  sx={{ flex: 1, minWidth: 120 }}
                  slotProps={{
                    htmlInput: { min: -366, max: 366, 'data-testid': `template-task-offset-${i}` },
                  }}
                />
                <TextField
                  size="small"
                  select
                  label={t('tasks.assignee')}
                  value={task.assignee}
                  disabled={readOnly}
                  onChange={(e) => set(i, { assignee: e.target.value as TaskDraft['assignee'] })}
                  sx={{ flex: 1, minWidth: 140 }}
                >
                  {TASK_ASSIGNEES.map((a) => (
                    <MenuItem key={a} value={a}>
                      {t(`tasks.assignees.${a}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  size="small"
                  select
                  label={t('tasks.parent')}
                  value={task.parent_key ?? ''}
                  disabled={readOnly}
                  onChange={(e) => set(i, { parent_key: e.target.value || null })}
                  {...err(i, 'parent_key')}
                  sx={{ flex: 1 }}
                >
                  <MenuItem value="">{t('tasks.noParent')}</MenuItem>
                  {others
                    .filter((o) => o.parent_key === null)
                    .map((o) => (
                      <MenuItem key={o.key} value={o.key}>
                        {label(o.key)}
                      </MenuItem>
                    ))}
                </TextField>
                <TextField
                  size="small"
                  select
                  label={t('tasks.dependsOn')}
                  value={task.depends_on}
                  disabled={readOnly}
                  onChange={(e) => {
                    const value = e.target.value as unknown as string[] | string;
                    set(i, { depends_on: typeof value === 'string' ? value.split(',') : value });
                  }}
                  {...err(i, 'depends_on')}
                  sx={{ flex: 2 }}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (v) => (v as string[]).map(label).join(' → '),
                    },
                    htmlInput: { 'data-testid': `template-task-deps-${i}` },
                  }}
                >
                  {others.map((o) => (
                    <MenuItem key={o.key} value={o.key}>
                      {label(o.key)}
                    </MenuItem>
                  ))}
                </TextField>
                {readOnly ? null : (
                  <IconButton
                    aria-label={t('tasks.remove', { name: task.title || i + 1 })}
                    onClick={() => remove(i)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      {readOnly ? null : (
        <Button
          startIcon={<AddIcon />}
          disabled={tasks.length >= MAX_TEMPLATE_TASKS}
          onClick={() =>
            onChange([
              ...tasks,
              {
                key: freshKey(tasks),
                title: '',
                offset_days: '0',
                assignee: 'manager',
                parent_key: null,
                depends_on: [],
              },
            ])
          }
          sx={{ alignSelf: 'flex-start' }}
          data-testid="template-task-add"
        >
          {t('tasks.add')}
        </Button>
      )}
    </Stack>
  );
}
