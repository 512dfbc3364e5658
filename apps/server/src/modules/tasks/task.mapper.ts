import type { Task, TaskDocument, TaskItem, TaskListItem, TaskTheme } from '@portal/contracts';
import type { TaskDocumentRow } from './task-documents.repository';
import type { TaskListRow } from './task-lists.repository';
import type { TaskItemRow, TaskRow } from './tasks.repository';

const iso = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

const themesOf = (value: TaskListRow['themes']): TaskTheme[] =>
  typeof value === 'string' ? JSON.parse(value) : (value ?? []);

export const toTaskListItem = (row: TaskListRow): TaskListItem => ({
  id: row.id,
  accounting_firm_id: row.accounting_firm_id,
  vendor_id: row.vendor_id,
  company: row.company,
  title: row.title,
  type: row.type,
  status: row.status,
  due_date: row.due_date,
  overdue: row.overdue,
  internal: row.internal,
  parent_id: row.parent_id,
  member_ids: row.member_ids ?? [],
  themes: themesOf(row.themes),
  subtask_count: row.subtask_count,
  items_total: row.items_total,
  items_missing: row.items_missing,
  updated_at: iso(row.updated_at)!,
});

export const toTaskDocument = (row: TaskDocumentRow): TaskDocument => ({
  id: row.id,
  vendor_id: row.vendorId,
  folder_id: row.folderId,
  name: row.name,
  size: row.size === null ? null : Number(row.size),
  mime_type: row.mimeType,
  linked_at: iso(row.linkedAt)!,
  linked_by: row.linkedBy,
});

export const toTaskItemDto = (
  row: TaskItemRow,
  documents: (TaskDocumentRow & { itemId: number })[] = [],
): TaskItem => ({
  id: row.id,
  task_id: row.taskId,
  position: row.position,
  label: row.label,
  kind: row.kind,
  answer: row.answer,
  answered_at: iso(row.answeredAt),
  answered_by: row.answeredBy,
  documents: documents.filter((d) => d.itemId === row.id).map(toTaskDocument),
});

/** Whether a task is open past its due date (dates compared as the database's `CURRENT_DATE`). */
export const isOverdue = (row: TaskRow, today = new Date().toISOString().slice(0, 10)) =>
  row.status !== 'done' && row.dueDate !== null && row.dueDate < today;

export function toTaskDto(
  row: TaskRow,
  extra: {
    company: string;
    memberIds: number[];
    themes: TaskTheme[];
    dependsOn: number[];
    subtasks: TaskListItem[];
    items: TaskItemRow[];
    itemDocuments: (TaskDocumentRow & { itemId: number })[];
    attachments: TaskDocumentRow[];
  },
): Task {
  const missing = extra.items.filter((i) => i.answeredAt === null).length;
  return {
    id: row.id,
    accounting_firm_id: row.accountingFirmId,
    vendor_id: row.vendorId,
    company: extra.company,
    title: row.title,
    type: row.type,
    status: row.status,
    due_date: row.dueDate,
    overdue: isOverdue(row),
    internal: row.internal,
    parent_id: row.parentId,
    member_ids: extra.memberIds,
    themes: extra.themes,
    subtask_count: extra.subtasks.length,
    items_total: extra.items.length,
    items_missing: missing,
    updated_at: row.updatedAt.toISOString(),
    note: row.note,
    mission_id: row.missionId,
    reminder_frequency: row.reminderFrequency,
    last_reminded_at: iso(row.lastRemindedAt),
    completed_at: iso(row.completedAt),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    depends_on_ids: extra.dependsOn,
    subtasks: extra.subtasks,
    items: extra.items.map((item) => toTaskItemDto(item, extra.itemDocuments)),
    attachments: extra.attachments.map(toTaskDocument),
  };
}
