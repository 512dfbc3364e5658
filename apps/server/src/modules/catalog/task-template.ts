import type { ErrorCode, TemplateTask, TemplateTaskInput } from '@portal/contracts';
import { AppError, type FieldErrors } from '../../platform/errors/app-error';

/**
 * Checks a service's task template and returns it normalised. The spec's rules (section 5): names
 * not empty nor duplicated; "a last parent task cannot receive dependencies" (a task with
 * sub-tasks, `parent_key` pointing at it, depends on nothing); and no dependency cycle. Keys are
 * unique, parents one level deep, dependencies and parents name tasks of the template.
 */
export function checkTaskTemplate(tasks: TemplateTaskInput[]): TemplateTask[] {
  const fields: FieldErrors = {};
  let code: ErrorCode | undefined;
  const add = (field: string, key: ErrorCode) => {
    fields[field] = [...(fields[field] ?? []), key];
    code ??= key;
  };
  const byKey = new Map<string, TemplateTaskInput>();
  const titles = new Set<string>();
  tasks.forEach((task, i) => {
    if (byKey.has(task.key)) add(`tasks.${i}.key`, 'template-task-name-duplicate');
    byKey.set(task.key, task);
    const title = task.title.toLowerCase();
    if (titles.has(title)) add(`tasks.${i}.title`, 'template-task-name-duplicate');
    titles.add(title);
  });
  const parents = new Set(tasks.flatMap((t) => (t.parent_key ? [t.parent_key] : [])));
  tasks.forEach((task, i) => {
    if (task.parent_key != null) {
      const parent = byKey.get(task.parent_key);
      if (!parent || parent.key === task.key || parent.parent_key != null)
        add(`tasks.${i}.parent_key`, 'template-task-unknown');
    }
    const deps = task.depends_on ?? [];
    if (deps.some((d) => !byKey.has(d) || d === task.key))
      add(`tasks.${i}.depends_on`, 'template-task-unknown');
    else if (new Set(deps).size !== deps.length) add(`tasks.${i}.depends_on`, 'template-task-name-duplicate');
    if (deps.length > 0 && parents.has(task.key)) add(`tasks.${i}.depends_on`, 'task-parent-cannot-depend');
  });
  if (!code) {
    const cycleAt = findCycle(tasks);
    if (cycleAt !== null) add(`tasks.${cycleAt}.depends_on`, 'task-dependency-cycle');
  }
  if (code) throw new AppError(code, { fields });
  return tasks.map((t) => ({
    key: t.key,
    title: t.title,
    offset_days: t.offset_days,
    assignee: t.assignee ?? 'manager',
    parent_key: t.parent_key ?? null,
    depends_on: [...(t.depends_on ?? [])],
  }));
}

/** The index of a task on a dependency cycle, or null (depth-first search, three colours). */
function findCycle(tasks: TemplateTaskInput[]): number | null {
  const index = new Map(tasks.map((t, i) => [t.key, i]));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string): string | null => {
    const seen = state.get(key);
    if (seen === 'open') return key;
    if (seen === 'done') return null;
    state.set(key, 'open');
    for (const dep of tasks[index.get(key)!]!.depends_on ?? []) {
      const found = visit(dep);
      if (found !== null) return found;
    }
    state.set(key, 'done');
    return null;
  };
  for (const task of tasks) {
    const found = visit(task.key);
    if (found !== null) return index.get(found)!;
  }
  return null;
}
