import type {
  CreateTaskRequest,
  ReminderFrequency,
  Task,
  TaskStatus,
  TaskType,
  UpdateTaskRequest,
  VendorSummary,
} from '@portal/contracts';

/** The task form's values and how they map to the API (pure, for `task-form-dialog.tsx`). */

export const FREQUENCIES: ReminderFrequency[] = ['none', 'day', 'week', 'two-weeks', 'month'];

/** An item being written (`key`: a stable React key before it has an id). */
export type Item = { key: number; label: string; kind: 'document' | 'answer' };
let nextKey = 0;
export const newItem = (): Item => ({ key: ++nextKey, label: '', kind: 'answer' });
export type Person = { id: number; label: string };
export type TaskOption = { id: number; title: string };

export type Values = {
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

/** A new task's defaults (a sub-task: its parent and client file; a type). */
export type FormDefaults = Partial<Pick<Values, 'vendorId' | 'parentId' | 'type'>>;

export function initialValues(
  task: Task | undefined,
  defaults: FormDefaults | undefined,
  vendors: readonly VendorSummary[],
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

/** The server's field names of the form's values (to clear an error when its field changes). */
export const FIELD_OF: Partial<Record<keyof Values, string>> = {
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

/** Whether the server's 422 names a field the dialog shows (else its message goes to the snackbar). */
export const showsAny = (fields: Record<string, unknown>): boolean =>
  Object.keys(fields).some((f) => SHOWN_FIELDS.some((s) => f === s || f.startsWith(`${s}.`)));

/** What the form checks before sending: a title, a client file, and labels when several items. */
export function localErrors(values: Values): Record<string, string> {
  const local: Record<string, string> = {};
  if (!values.title.trim()) local.title = 'required';
  if (values.vendorId === null) local.vendor_id = 'required';
  values.items.forEach((item, i) => {
    if (!item.label.trim() && values.items.length > 1) local[`items.${i}.label`] = 'required';
  });
  return local;
}

/** The fields both a creation and an update send. */
type CommonBody = Omit<CreateTaskRequest, 'vendor_id' | 'items'> & UpdateTaskRequest;

export function updateBody(
  values: Values,
  { internal, isRequest, hasSubtasks }: { internal: boolean; isRequest: boolean; hasSubtasks: boolean },
): CommonBody {
  return {
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
}

/** A new task: the common fields, its client file and, for a request, the items with a label. */
export function createBody(values: Values, common: CommonBody, isRequest: boolean): CreateTaskRequest {
  const items = isRequest ? values.items.filter((i) => i.label.trim()) : [];
  return {
    ...common,
    vendor_id: values.vendorId as number,
    ...(items.length ? { items: items.map((i) => ({ label: i.label.trim(), kind: i.kind })) } : {}),
  };
}
