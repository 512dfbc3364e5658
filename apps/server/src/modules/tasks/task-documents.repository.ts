import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, documentVersions, taskAttachments, taskItemDocuments, taskItems } from '../../db/schema';
import type { ThemeGrant } from '../../platform/access/access';
import { visibleFolderSql } from '../documents/theme-access.sql';

/**
 * The links between tasks (and information requests' items) and the client file's documents.
 * The documents are read here only to list the links: a document in the trash is left out, and
 * so is one whose folder the reader's themes hide (`themes`, the document manager's rule).
 */

export type TaskDocumentRow = {
  id: number;
  vendorId: number;
  folderId: number;
  name: string;
  size: number | null;
  mimeType: string | null;
  linkedAt: Date;
  linkedBy: number | null;
};

const documentColumns = {
  id: documents.id,
  vendorId: documents.vendorId,
  folderId: documents.folderId,
  name: documents.name,
  size: documentVersions.size,
  mimeType: documentVersions.mimeType,
};

const currentVersion = and(
  eq(documentVersions.accountingFirmId, documents.accountingFirmId),
  eq(documentVersions.id, documents.currentVersionId),
);

/** The theme rule on the document's folder (`true` for a reader who sees every folder). */
function seenBy(themes: ThemeGrant | null | undefined): SQL {
  if (!themes) return sql`true`;
  return sql`EXISTS (SELECT 1 FROM folders tf WHERE tf.accounting_firm_id = ${documents.accountingFirmId}
    AND tf.id = ${documents.folderId} AND ${visibleFolderSql(themes, 'tf')})`;
}

export async function attachmentsOf(
  db: Db,
  accountingFirmId: number,
  taskId: number,
  themes: ThemeGrant | null | undefined,
): Promise<TaskDocumentRow[]> {
  return db
    .select({ ...documentColumns, linkedAt: taskAttachments.createdAt, linkedBy: taskAttachments.linkedBy })
    .from(taskAttachments)
    .innerJoin(
      documents,
      and(
        eq(documents.accountingFirmId, taskAttachments.accountingFirmId),
        eq(documents.id, taskAttachments.documentId),
        isNull(documents.deletedAt),
      ),
    )
    .leftJoin(documentVersions, currentVersion)
    .where(
      and(
        eq(taskAttachments.accountingFirmId, accountingFirmId),
        eq(taskAttachments.taskId, taskId),
        seenBy(themes),
      ),
    )
    .orderBy(asc(taskAttachments.createdAt), asc(documents.id));
}

/** The files of a task's items (`itemId` given: of that item only) the reader sees. */
export async function itemDocumentsOf(
  db: Db,
  accountingFirmId: number,
  taskId: number,
  themes: ThemeGrant | null | undefined,
  itemId?: number,
): Promise<(TaskDocumentRow & { itemId: number })[]> {
  const items = db
    .select({ id: taskItems.id })
    .from(taskItems)
    .where(and(eq(taskItems.accountingFirmId, accountingFirmId), eq(taskItems.taskId, taskId)));
  return db
    .select({
      ...documentColumns,
      itemId: taskItemDocuments.itemId,
      linkedAt: taskItemDocuments.createdAt,
      linkedBy: taskItemDocuments.linkedBy,
    })
    .from(taskItemDocuments)
    .innerJoin(
      documents,
      and(
        eq(documents.accountingFirmId, taskItemDocuments.accountingFirmId),
        eq(documents.id, taskItemDocuments.documentId),
        isNull(documents.deletedAt),
      ),
    )
    .leftJoin(documentVersions, currentVersion)
    .where(
      and(
        eq(taskItemDocuments.accountingFirmId, accountingFirmId),
        itemId === undefined
          ? inArray(taskItemDocuments.itemId, items)
          : eq(taskItemDocuments.itemId, itemId),
        seenBy(themes),
      ),
    )
    .orderBy(asc(taskItemDocuments.createdAt), asc(documents.id));
}

export async function linkAttachments(
  db: Db,
  task: { accountingFirmId: number; id: number },
  documentIds: number[],
  userId: number,
): Promise<void> {
  await db
    .insert(taskAttachments)
    .values(
      documentIds.map((documentId) => ({
        accountingFirmId: task.accountingFirmId,
        taskId: task.id,
        documentId,
        linkedBy: userId,
      })),
    )
    .onConflictDoNothing();
}

export async function unlinkAttachment(
  db: Db,
  accountingFirmId: number,
  taskId: number,
  documentId: number,
): Promise<boolean> {
  const rows = await db
    .delete(taskAttachments)
    .where(
      and(
        eq(taskAttachments.accountingFirmId, accountingFirmId),
        eq(taskAttachments.taskId, taskId),
        eq(taskAttachments.documentId, documentId),
      ),
    )
    .returning({ id: taskAttachments.documentId });
  return rows.length > 0;
}

export async function linkItemDocuments(
  db: Db,
  item: { accountingFirmId: number; id: number },
  documentIds: number[],
  userId: number,
): Promise<void> {
  await db
    .insert(taskItemDocuments)
    .values(
      documentIds.map((documentId) => ({
        accountingFirmId: item.accountingFirmId,
        itemId: item.id,
        documentId,
        linkedBy: userId,
      })),
    )
    .onConflictDoNothing();
}

export async function unlinkItemDocument(
  db: Db,
  accountingFirmId: number,
  itemId: number,
  documentId: number,
): Promise<boolean> {
  const rows = await db
    .delete(taskItemDocuments)
    .where(
      and(
        eq(taskItemDocuments.accountingFirmId, accountingFirmId),
        eq(taskItemDocuments.itemId, itemId),
        eq(taskItemDocuments.documentId, documentId),
      ),
    )
    .returning({ id: taskItemDocuments.documentId });
  return rows.length > 0;
}

/** How many documents an item still has linked (trashed ones included: they can come back). */
export async function countItemDocuments(db: Db, accountingFirmId: number, itemId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(taskItemDocuments)
    .where(
      and(eq(taskItemDocuments.accountingFirmId, accountingFirmId), eq(taskItemDocuments.itemId, itemId)),
    );
  return row?.n ?? 0;
}
