import { z } from 'zod';
import { TASKS_PAGE_SIZE } from '../limits';
import { idField, idParam, queryBoolean } from '../rules/ids';
import { requiredText, text } from '../rules/text';
import { taskThemeSchema } from '../themes';
import { homeDocumentSchema, taskDocumentSchema } from './task-documents';

export * from './task-documents';

export const TASK_TYPES = ['internal', 'firm_task', 'information_request', 'service_request'] as const;
export const TASK_STATUSES = ['to_do', 'in_progress', 'done'] as const;
/** How often an overdue information request reminds the client (at most once a day). */
export const REMINDER_FREQUENCIES = ['none', 'day', 'week', 'two-weeks', 'month'] as const;
export const REMINDER_DAYS: Record<(typeof REMINDER_FREQUENCIES)[number], number | null> = {
  none: null,
  day: 1,
  week: 7,
  'two-weeks': 14,
  month: 30,
};
/** The spec's quick filters: due today, due in the next 7 days (today included). */
export const TASK_QUICK_FILTERS = ['today', 'next_7_days'] as const;

export const taskTypeSchema = z.enum(TASK_TYPES);
export const taskStatusSchema = z.enum(TASK_STATUSES);
export const reminderFrequencySchema = z.enum(REMINDER_FREQUENCIES);
export const taskItemKindSchema = z.enum(['document', 'answer']);
export type TaskType = z.infer<typeof taskTypeSchema>;
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export type ReminderFrequency = z.infer<typeof reminderFrequencySchema>;

const isoDate = () => z.iso.date({ error: 'invalid-date' });

// Requests -----------------------------------------------------------------------------------------

export const taskItemInputSchema = z
  .object({ label: requiredText(255), kind: taskItemKindSchema.default('answer') })
  .strict()
  .meta({ example: { label: 'Relevé bancaire de mars', kind: 'document' } });
export type TaskItemInput = z.infer<typeof taskItemInputSchema>;

const taskFields = {
  title: requiredText(255),
  type: taskTypeSchema,
  status: taskStatusSchema,
  due_date: isoDate().nullable().optional(),
  note: text(20_000).nullable().optional(),
  parent_id: idField('task').nullable().optional(),
  /** Never shown to client users (always true for the type `internal`). */
  internal: z.boolean().optional(),
  member_ids: z.array(idField('member')).max(50).optional(),
  /** The tasks of the same client file that must be done before this one starts. */
  depends_on_ids: z.array(idField('task')).max(50).optional(),
  /** Themes of the task's firm (replaces them all on an update). */
  theme_ids: z.array(idField('theme')).max(50).optional(),
  /** Information requests: how often the client is reminded once the due date is past. */
  reminder_frequency: reminderFrequencySchema.optional(),
};

export const createTaskRequestSchema = z
  .object({
    ...taskFields,
    vendor_id: idField('vendor'),
    items: z.array(taskItemInputSchema).max(100).optional(),
  })
  .strict()
  .meta({
    example: {
      title: 'Pièces du bilan 2025',
      type: 'information_request',
      status: 'to_do',
      vendor_id: 1,
      due_date: '2026-03-31',
      note: 'Merci de déposer les pièces avant la fin du mois.',
      member_ids: [2],
      depends_on_ids: [1],
      theme_ids: [1],
      reminder_frequency: 'week',
      items: [
        { label: 'Relevés bancaires de décembre', kind: 'document' },
        { label: 'Montant du stock au 31/12', kind: 'answer' },
      ],
    },
  });
export type CreateTaskRequest = z.infer<typeof createTaskRequestSchema>;

export const updateTaskRequestSchema = z
  .object(taskFields)
  .partial()
  .strict()
  .meta({
    example: { status: 'in_progress', note: 'Relancé par téléphone.', member_ids: [2], theme_ids: [1] },
  });
export type UpdateTaskRequest = z.infer<typeof updateTaskRequestSchema>;

export const updateTaskItemRequestSchema = z
  .object({ label: requiredText(255).optional(), kind: taskItemKindSchema.optional() })
  .strict()
  .meta({ example: { label: 'Relevés bancaires de novembre et décembre' } });
export type UpdateTaskItemRequest = z.infer<typeof updateTaskItemRequestSchema>;

/** The client's answer to one item, as text (files are linked with `.../items/{itemId}/documents`). */
export const answerTaskItemRequestSchema = z
  .object({ answer: requiredText(5_000) })
  .strict()
  .meta({ example: { answer: 'Le stock était de 12 400 € au 31/12.' } });
export type AnswerTaskItemRequest = z.infer<typeof answerTaskItemRequestSchema>;

export const taskIdParamsSchema = z.object({ id: idParam('task') });
export const taskItemParamsSchema = z.object({ id: idParam('task'), itemId: idParam('task_item') });

/** A bracketed array query parameter (`statuses[]=a&statuses[]=b`): one value or several. */
const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(100)).optional();

/** The spec's task filters (section 3), shared by the list, its counters and its companies. */
export const taskFiltersQuerySchema = z.object({
  accounting_firm_id: idParam('accounting_firm'),
  /** One client file only; one the caller does not see gives an empty answer (like `companies[]`). */
  vendor_id: idParam('vendor').optional(),
  'companies[]': queryArray(idParam('vendor')),
  'statuses[]': queryArray(taskStatusSchema),
  'types[]': queryArray(taskTypeSchema),
  'members[]': queryArray(idParam('member')),
  /** Tasks carrying any of these themes. */
  'themes[]': queryArray(idParam('theme')),
  search: text(100).optional(),
  /** Due on or after this date. */
  afterDate: isoDate().optional(),
  /** Due on or before this date. */
  beforeDate: isoDate().optional(),
  quick: z.enum(TASK_QUICK_FILTERS).optional(),
  /** true: internal tasks only; false: none of them (firm members; client users never see them). */
  internalTasks: queryBoolean().optional(),
  /**
   * Firm administrators: every client file of the firm, not only the ones assigned to them.
   * Left out: the person's remembered admin mode (`/api/users/me/accounting-firms/{id}/task-admin-mode`).
   */
  adminMode: queryBoolean().optional(),
  /** Only tasks not done whose due date is past. */
  overdue: queryBoolean().optional(),
});
export type TaskFiltersQuery = z.infer<typeof taskFiltersQuerySchema>;

/** A firm member's remembered admin mode on the task lists and the home page. */
export const taskAdminModeSchema = z.object({
  /** The lists show every client file of the firm (firm administrators only). */
  admin_mode: z.boolean(),
  /** The person may switch it (a firm administrator). */
  available: z.boolean(),
});
export type TaskAdminMode = z.infer<typeof taskAdminModeSchema>;

export const setTaskAdminModeRequestSchema = z
  .object({ admin_mode: z.boolean() })
  .meta({ example: { admin_mode: true } });
export type SetTaskAdminModeRequest = z.infer<typeof setTaskAdminModeRequestSchema>;

export const listTasksQuerySchema = taskFiltersQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ListTasksQuery = z.infer<typeof listTasksQuerySchema> & { per_page?: number };
export const TASK_PAGE = TASKS_PAGE_SIZE;

export const homeQuerySchema = z.object({
  accounting_firm_id: idParam('accounting_firm'),
  /** The company of the context (client users; a firm member may narrow to one client file). */
  vendor_id: idParam('vendor').optional(),
});

// Answers ------------------------------------------------------------------------------------------

export const taskItemSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  position: z.number().int(),
  label: z.string(),
  kind: taskItemKindSchema,
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  answered_by: z.number().int().nullable(),
  /** The files the client answered with (live documents only). */
  documents: z.array(taskDocumentSchema),
});
export type TaskItem = z.infer<typeof taskItemSchema>;

export const taskListItemSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  vendor_id: z.number().int(),
  company: z.string(),
  title: z.string(),
  type: taskTypeSchema,
  status: taskStatusSchema,
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  internal: z.boolean(),
  parent_id: z.number().int().nullable(),
  member_ids: z.array(z.number().int()),
  /** By title (client users: not the firm's private ones). */
  themes: z.array(taskThemeSchema),
  subtask_count: z.number().int(),
  items_total: z.number().int(),
  items_missing: z.number().int(),
  updated_at: z.string(),
});
export type TaskListItem = z.infer<typeof taskListItemSchema>;

export const taskSchema = taskListItemSchema.extend({
  note: z.string().nullable(),
  /** The mission whose occurrence created it (issue 30), else null. */
  mission_id: z.number().int().nullable(),
  reminder_frequency: reminderFrequencySchema,
  last_reminded_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  depends_on_ids: z.array(z.number().int()),
  subtasks: z.array(taskListItemSchema),
  items: z.array(taskItemSchema),
  /** Documents of the client file linked to the task (live documents only). */
  attachments: z.array(taskDocumentSchema),
});
export type Task = z.infer<typeof taskSchema>;

const statusCounts = {
  to_do: z.number().int(),
  in_progress: z.number().int(),
  done: z.number().int(),
  overdue: z.number().int(),
  total: z.number().int(),
};
export const taskCountersSchema = z.object(statusCounts);
export type TaskCounters = z.infer<typeof taskCountersSchema>;

export const taskCompanySchema = z.object({
  vendor_id: z.number().int(),
  company: z.string(),
  ...statusCounts,
});
export type TaskCompany = z.infer<typeof taskCompanySchema>;

export const homeTaskSchema = taskListItemSchema;
export const homeSchema = z.object({
  accounting_firm_id: z.number().int(),
  vendor_id: z.number().int().nullable(),
  /** `firm` for a member of the firm, `client` for a client user. */
  audience: z.enum(['firm', 'client']),
  /** Firm: open tasks due today. */
  due_today: z.array(homeTaskSchema),
  /** Firm: open tasks whose due date is past. */
  overdue: z.array(homeTaskSchema),
  /** Firm: information requests waiting on clients; client: what the firm is waiting for. */
  waiting_requests: z.array(homeTaskSchema),
  /** Firm: documents received from clients since the last visit; client: the latest documents. */
  documents: z.array(homeDocumentSchema),
  /** Firm: the start of "since the last visit" (the visit before this one, else 7 days ago). */
  documents_since: z.string().nullable(),
});
export type Home = z.infer<typeof homeSchema>;
