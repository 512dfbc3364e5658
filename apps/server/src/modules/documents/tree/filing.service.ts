import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extensionOf } from '@portal/contracts';
import type { AppContext, AuditSeam } from '../../../app-context';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { recordDocumentEvents } from '../document-notifications';
import { mimeTypeOf } from '../documents/file-types';
import { DOCUMENT_TEXT_JOB, type DocumentTextJob } from '../search/text-job';
import { type Digests, digestsOfFile } from '../uploads/upload-hasher';
import type { Scope } from '../vendor-access.service';
import * as docs from './documents.repository';
import { auditFiling } from './filing-audit';
import * as folders from './folders.repository';
import { replaceEmpty } from './replace-empty';
import {
  assertNameFree,
  assertWritable,
  type FolderRow,
  freeName,
  nameConflict,
  takenName,
  type VendorRef,
} from './tree.service';

declare module '../../../platform/events/events' {
  interface AppEvents {
    /** `userId` null: filed by the system, named by `system` (a job, the intake, the seal). */
    'document.created': {
      accountingFirmId: number;
      vendorId: number;
      documentId: number;
      userId: number | null;
      system?: string;
    };
    'document.version_added': {
      accountingFirmId: number;
      vendorId: number;
      documentId: number;
      versionId: number;
      userId: number | null;
      system?: string;
    };
  }
}

/**
 * The one way content becomes a document or a version (docs/architecture.md, "Documents"):
 * `fileContent` for a whole filing (hash, adopt, folders of a relative path, the conflict rule,
 * the version, the events), and the transaction-level primitives a caller combines in its own
 * transaction (`filingIn`): add a version, copy, move (renaming while it moves), rename, make a
 * folder. The names they give go through the tree's rule (`tree.service.ts`).
 */

/** Who files: a person, or the system on its own (a job, the intake, the signature seal). */
export type Filer = { userId: number; system?: undefined } | { userId: null; system: string };

/** Where and as whom: the client file, the filer, and whether read-only folders may be written. */
export type FilingScope = { vendor: VendorRef; by: Filer; mayForce: boolean };

/** A person's filing, as their request's scope allows. */
export const personFiling = (scope: Scope): FilingScope => ({
  vendor: scope.vendor,
  by: { userId: scope.actor.userId },
  mayForce: scope.mayValidate,
});

/** A filing without a person, recorded as `system` (the events name it; no row names a user). */
export const systemFiling = (vendor: VendorRef, system: string): FilingScope => ({
  vendor,
  by: { userId: null, system },
  mayForce: true,
});

/** A same-name document: a new version of it, a new document "name (2)", or a refusal. */
export type DocumentConflict = 'version' | 'rename' | 'refuse';

/**
 * What is filed: a stream (stored in a file of the data folder as it is hashed), a file already
 * complete (adopted as the blob, no second copy; `digests` when the caller hashed it already), or
 * content already in the blob store.
 */
export type FilingSource =
  | { stream: AsyncIterable<Uint8Array> }
  | { file: string; size: number; digests?: () => Promise<Digests> }
  | { blob: { key: string; size: number; md5: string } };

/** The content of a new version, its blob stored. */
export type Content = { blobKey: string; size: number; md5: string; originalName: string; mimeType?: string };

export type Filed = { documentId: number; versionId: number; created: boolean };

/** The content could not be read, hashed or stored: nothing was filed (the caller may try again). */
export class ContentUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super('content unavailable');
    this.name = 'ContentUnavailable';
  }
}

/**
 * What the filings of one transaction did: for the workflows' statuses before its commit
 * (`settleWorkflows`), and the events emitted after it.
 */
export type FilingLog = {
  created: number[];
  versions: { documentId: number; versionId: number }[];
  /** Documents and folders that changed folder (not a rename in place). */
  moved: { documentIds: number[]; folderIds: number[] };
};

/**
 * A filing in the caller's transaction. `jobs`: the queue that content filings enqueue their
 * text extraction on (in this transaction); folder-only filings may go without.
 */
export type InTx = FilingScope & { tx: Db; log: FilingLog; jobs: JobQueue | null; audit: AuditSeam | null };

/** `audit`: the log its acts are recorded in (none: the system's own folders, unlogged). */
export const filingIn = (
  tx: Db,
  scope: FilingScope,
  jobs: JobQueue | null = null,
  audit: AuditSeam | null = null,
): InTx => ({
  ...scope,
  tx,
  log: { created: [], versions: [], moved: { documentIds: [], folderIds: [] } },
  jobs,
  audit,
});

const writable = (f: InTx, folder: FolderRow) =>
  assertWritable(folder, { mayValidate: f.mayForce, vendor: f.vendor });

/** Timestamp + random + the document's extension (spec section 5): never the client's name. */
const storedNameOf = (name: string) => {
  const ext = extensionOf(name);
  return `${Date.now()}${randomInt(0, 100)}${ext ? `.${ext}` : ''}`;
};

/** Adds a version to a locked live document; its content's blob is referenced again. */
export async function addVersion(
  f: InTx,
  doc: docs.DocumentRow,
  content: Content,
  authorId: number | null = f.by.userId,
): Promise<docs.VersionRow> {
  if (!f.jobs) throw new Error('a content filing needs the job queue (filingIn(tx, scope, ctx.jobs))');
  await docs.unqueueBlob(f.tx, content.blobKey);
  // The search reads the content's text in a job committed with the version (skipped when read).
  const job: DocumentTextJob = { key: content.blobKey, name: doc.name };
  await f.jobs.enqueue(f.tx, DOCUMENT_TEXT_JOB, job);
  const version = await docs.addVersion(f.tx, f.vendor, doc, {
    blobKey: content.blobKey,
    size: content.size,
    mimeType: content.mimeType ?? mimeTypeOf(doc.name),
    originalName: content.originalName,
    storedName: storedNameOf(doc.name),
    md5: content.md5,
    authorId,
  });
  f.log.versions.push({ documentId: doc.id, versionId: version.id });
  // A new document's first version is its creation, logged as such.
  if (doc.currentVersionId !== null) {
    await auditFiling(
      f,
      'document.version_added',
      { type: 'document', id: doc.id, name: doc.name },
      {
        version_id: version.id,
      },
    );
  }
  return version;
}

/** A new document of `name` in a locked folder (the name free there), with its first version. */
export async function newDocument(
  f: InTx,
  folderId: number,
  name: string,
  content: Content,
  options: {
    authorId?: number | null;
    dated?: Pick<docs.DocumentRow, 'accountingPeriodId' | 'startDate'>;
    field?: string;
    /** A copy of this document (logged as `document.copied`). */
    copyOf?: number;
  } = {},
): Promise<Filed> {
  await assertNameFree(f.tx, f.vendor, folderId, name, {}, options.field);
  let doc = await docs.insertDocument(f.tx, f.vendor, { folderId, name, createdBy: f.by.userId });
  if (options.dated) doc = (await docs.updateDocument(f.tx, f.vendor, doc.id, options.dated))!;
  const authorId = options.authorId === undefined ? f.by.userId : options.authorId;
  const version = await addVersion(f, doc, content, authorId);
  f.log.created.push(doc.id);
  await auditFiling(
    f,
    options.copyOf === undefined ? 'document.created' : 'document.copied',
    { type: 'document', id: doc.id, name },
    { folder_id: folderId, version_id: version.id, size: content.size, copy_of: options.copyOf },
  );
  return { documentId: doc.id, versionId: version.id, created: true };
}

/** The content of a document's version (its current one by default), to file again. */
export async function contentOf(f: InTx, doc: docs.DocumentRow, versionId = doc.currentVersionId!) {
  const v = await docs.findVersion(f.tx, f.vendor, doc.id, versionId);
  if (!v) throw new AppError('not-found');
  const content: Content = {
    blobKey: v.blobKey,
    size: v.size,
    md5: v.md5,
    originalName: v.originalName,
    mimeType: v.mimeType,
  };
  return { content, authorId: v.authorId };
}

/** Copies a document (its current version, period and start date) into a locked folder as `name`. */
export async function copyDocument(
  f: InTx,
  doc: docs.DocumentRow,
  folderId: number,
  name: string,
  field?: string,
): Promise<Filed> {
  const { content, authorId } = await contentOf(f, doc);
  return newDocument(f, folderId, name, content, {
    authorId,
    dated: { accountingPeriodId: doc.accountingPeriodId, startDate: doc.startDate },
    copyOf: doc.id,
    ...(field ? { field } : {}),
  });
}

/**
 * Moves a document into `folderId` and names it `name` on the way (its own folder: a rename),
 * under the target's lock, the name free there.
 */
export async function moveDocument(
  f: InTx,
  doc: docs.DocumentRow,
  folderId: number,
  name: string,
  field?: string,
) {
  await folders.lockFolder(f.tx, f.vendor, folderId);
  await assertNameFree(f.tx, f.vendor, folderId, name, { documentId: doc.id }, field);
  if (doc.folderId !== folderId) f.log.moved.documentIds.push(doc.id);
  await auditMove(f, 'document', doc, { parentId: doc.folderId, name: doc.name }, folderId, name);
  return docs.updateDocument(f.tx, f.vendor, doc.id, { folderId, name });
}

export const renameDocument = (f: InTx, doc: docs.DocumentRow, name: string, field?: string) =>
  moveDocument(f, doc, doc.folderId, name, field);

/** Moves a folder under `parentId` and names it `name` on the way (its own parent: a rename). */
export async function moveFolder(f: InTx, folder: FolderRow, parentId: number, name: string, field?: string) {
  await folders.lockFolder(f.tx, f.vendor, parentId);
  await assertNameFree(f.tx, f.vendor, parentId, name, { folderId: folder.id }, field);
  if (folder.parentId !== parentId) f.log.moved.folderIds.push(folder.id);
  await auditMove(f, 'folder', folder, { parentId: folder.parentId, name: folder.name }, parentId, name);
  return folders.updateFolder(f.tx, f.vendor, folder.id, { parentId, name });
}

export const renameFolder = (f: InTx, folder: FolderRow, name: string, field?: string) =>
  moveFolder(f, folder, folder.parentId!, name, field);

/** A new folder of `name` under `parentId` (locked here), the name free there. */
export async function makeFolder(
  f: InTx,
  parentId: number,
  name: string,
  options: { catalogTreeFolderId?: number | null; field?: string } = {},
): Promise<FolderRow> {
  await folders.lockFolder(f.tx, f.vendor, parentId);
  await assertNameFree(f.tx, f.vendor, parentId, name, {}, options.field);
  const folder = await folders.insertFolder(f.tx, f.vendor, {
    parentId,
    name,
    catalogTreeFolderId: options.catalogTreeFolderId ?? null,
    createdBy: f.by.userId,
  });
  await auditFiling(f, 'folder.created', { type: 'folder', id: folder.id, name }, { parent_id: parentId });
  return folder;
}

/** A move logs `x.moved` (with the new name when it changed on the way), a rename `x.renamed`. */
async function auditMove(
  f: InTx,
  type: 'document' | 'folder',
  node: { id: number },
  was: { parentId: number | null; name: string },
  parentId: number,
  name: string,
) {
  if (was.parentId === parentId && was.name === name) return;
  const moved = was.parentId !== parentId;
  await auditFiling(
    f,
    moved ? `${type}.moved` : `${type}.renamed`,
    { type, id: node.id, name },
    moved
      ? {
          from_folder_id: was.parentId,
          to_folder_id: parentId,
          ...(was.name !== name ? { from_name: was.name } : {}),
        }
      : { from_name: was.name, to_name: name },
  );
}

/**
 * Finds or makes the folders of a relative path under `folderId` (merging with existing ones),
 * each under its parent's lock. A document holding a path folder's name refuses the filing.
 */
export async function ensurePath(f: InTx, folderId: number, dirs: string[], field: string): Promise<number> {
  let parent = folderId;
  for (const name of dirs) {
    const locked = await folders.lockFolder(f.tx, f.vendor, parent);
    if (!locked || locked.deletedAt) throw new AppError('not-found');
    const taken = await takenName(f.tx, f.vendor, parent, name);
    if (taken?.folder) {
      parent = taken.folder.id;
      continue;
    }
    if (taken) throw fieldError('node-name-conflict', field);
    writable(f, locked);
    parent = (await makeFolder(f, parent, name, { field })).id;
  }
  return parent;
}

/**
 * Files `content` as `name` in `folderId` (under its relative path `dirs`), in the caller's
 * transaction: the folder locked (its lock serialises its names and versions), the conflict rule
 * applied to a same-name item.
 */
export async function fileIn(
  f: InTx,
  folderId: number,
  name: string,
  content: Content,
  options: { conflict: DocumentConflict; dirs?: string[]; field?: string; replaceEmptyOf?: number },
): Promise<Filed> {
  const field = options.field ?? 'name';
  const target = await ensurePath(f, folderId, options.dirs ?? [], field);
  const folder = await folders.lockFolder(f.tx, f.vendor, target);
  if (!folder || folder.deletedAt) throw new AppError('not-found');
  if (folder.parentId === null) throw new AppError('document-at-root');
  writable(f, folder);
  const taken = await takenName(f.tx, f.vendor, target, name);
  if (taken?.document && options.conflict === 'version') {
    const locked = (await docs.lockDocument(f.tx, f.vendor, taken.document.id))!;
    const v =
      (options.replaceEmptyOf !== undefined &&
        (await replaceEmpty(f, locked, content, options.replaceEmptyOf))) ||
      (await addVersion(f, locked, content));
    return { documentId: locked.id, versionId: v.id, created: false };
  }
  if (taken && options.conflict === 'refuse') throw fieldError('node-name-conflict', field);
  const finalName = taken ? await freeName(f.tx, f.vendor, target, name, 'document') : name;
  return newDocument(f, target, finalName, content, { field });
}

/**
 * Last step of a filing's transaction, before its commit: new and moved documents and moved
 * folders take the status of the workflow they now stand under (`ctx.workflows`).
 */
export async function settleWorkflows(ctx: AppContext, f: InTx): Promise<void> {
  const { created, moved } = f.log;
  // The notifications of the filing, written with it (issue 31).
  await recordDocumentEvents(ctx, f.tx, f.vendor, f.by, 'document.created', created);
  const versioned = f.log.versions.map((v) => v.documentId).filter((id) => !created.includes(id));
  await recordDocumentEvents(ctx, f.tx, f.vendor, f.by, 'document.version_added', versioned);
  if (!created.length && !moved.documentIds.length && !moved.folderIds.length) return;
  await ctx.workflows.onFiled(f.tx, f.vendor, {
    documentIds: [...created, ...moved.documentIds],
    folderIds: moved.folderIds,
    by: f.by,
  });
}

/** Emits the events of a committed transaction's filings. */
export function emitFiled(ctx: AppContext, scope: FilingScope, log: FilingLog): void {
  const base = {
    accountingFirmId: scope.vendor.accountingFirmId,
    vendorId: scope.vendor.id,
    userId: scope.by.userId,
    ...(scope.by.system ? { system: scope.by.system } : {}),
  };
  for (const documentId of log.created) ctx.events.emit('document.created', { ...base, documentId });
  for (const v of log.versions) ctx.events.emit('document.version_added', { ...base, ...v });
}

/** A stream into a new file of the data folder, hashed on the way. */
async function streamToFile(ctx: AppContext, stream: AsyncIterable<Uint8Array>) {
  const dir = path.join(ctx.config.dataDir, 'uploads', 'incoming');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.filing`);
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let size = 0;
  const hash = new Transform({
    transform(chunk: Buffer, _enc, done) {
      md5.update(chunk);
      sha256.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, hash, createWriteStream(file));
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  return { file, size, digests: { md5: md5.digest('hex'), sha256: sha256.digest('hex') } };
}

/**
 * Files content as one whole: hashes it (sha256 its address; its MD5 checked when `md5` is given:
 * `checksum-failed`), adopts the blob, then in one transaction makes the missing folders of
 * `dirs`, applies the conflict rule and writes the version (`within` runs in that transaction
 * for the caller's own rows), and raises the events after the commit. Reading, hashing or
 * storing failing rejects with `ContentUnavailable`; a refusal leaves the blob to the cleanup.
 */
export async function fileContent(
  ctx: AppContext,
  scope: FilingScope,
  folderId: number,
  name: string,
  source: FilingSource,
  options: {
    conflict: DocumentConflict;
    dirs?: string[];
    md5?: string | null;
    originalName?: string;
    field?: string;
    md5Field?: string;
    /** An empty first version of this author is replaced, not followed (`replaceEmpty`). */
    replaceEmptyOf?: number;
    within?: (tx: Db, filed: Filed) => Promise<void>;
  },
): Promise<Filed> {
  let file: string | null = null;
  let temporary = false;
  let content: Content;
  try {
    if ('blob' in source) {
      content = { ...source.blob, blobKey: source.blob.key, originalName: options.originalName ?? name };
    } else {
      let digests: Digests;
      let size: number;
      if ('stream' in source) {
        const written = await streamToFile(ctx, source.stream);
        ({ file, size, digests } = written);
        temporary = true;
      } else {
        file = source.file;
        size = source.size;
        digests = await (source.digests ?? (() => digestsOfFile(source.file)))();
      }
      if (options.md5 && digests.md5 !== options.md5) {
        if (temporary) await fs.rm(file, { force: true });
        throw fieldError('checksum-failed', options.md5Field ?? 'file');
      }
      // The file becomes the blob as it is: no second copy of the bytes.
      const stored = await ctx.blobs.adopt(file, digests.sha256, size);
      content = {
        blobKey: stored.key,
        size: stored.size,
        md5: digests.md5,
        originalName: options.originalName ?? name,
      };
    }
  } catch (error) {
    if (temporary && file) await fs.rm(file, { force: true });
    throw error instanceof AppError ? error : new ContentUnavailable(error);
  }
  let outcome: { filed: Filed; log: FilingLog };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const f = filingIn(tx, scope, ctx.jobs, ctx.audit);
      const filed = await fileIn(f, folderId, name, content, options);
      await options.within?.(tx, filed);
      await settleWorkflows(ctx, f);
      return { filed, log: f.log };
    });
  } catch (error) {
    // No version refers to the adopted blob: the cleanup removes it unless another one does.
    await docs.queueBlob(ctx.db, content.blobKey);
    if (temporary && file) await fs.rm(file, { force: true });
    throw nameConflict(error, options.field ?? 'name') ?? error;
  }
  // A cleanup may have removed this content between the adoption and the commit: store it again.
  if (file && !(await ctx.blobs.has(content.blobKey)))
    await ctx.blobs.adopt(file, content.blobKey, content.size);
  if (temporary && file) await fs.rm(file, { force: true });
  emitFiled(ctx, scope, outcome.log);
  return outcome.filed;
}
