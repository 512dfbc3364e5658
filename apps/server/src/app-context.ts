import type { AuditAction, AuditActorKind, SiretLookup } from '@portal/contracts';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { UploadState } from './modules/documents/uploads/upload-storage';
import type { VerifiedSignature } from './modules/signatures/pades/verify';
import type { Access, ThemeGrant } from './platform/access/access';
import type { BlobStore } from './platform/blobs/blob-store';
import type { BoundedCache } from './platform/cache/bounded-cache';
import type { ReadCache } from './platform/cache/read-cache';
import type { Events } from './platform/events/events';
import type { RequestContext } from './platform/http/request-context';
import type { JobQueue } from './platform/jobs/job-queue';
import type { Mailer } from './platform/mail/mailer';
import type { Outbox } from './platform/mail/outbox';
import type { OfficeConverter } from './platform/office/office-converter';
import type { RateLimiter } from './platform/rate-limit';

/**
 * What the client-file rules need from the document manager, wired in `app.ts`
 * (`modules/documents/documents.seam.ts`); `NO_DOCUMENTS` is for apps built without it.
 */
export type DocumentsSeam = {
  /** Documents filed in an accounting period (deleting a period that holds some is refused). */
  countInPeriod(tx: Db, vendor: { id: number; accountingFirmId: number }, periodId: number): Promise<number>;
  /** Deletes every document and folder of a client file (permanent deletion). */
  deleteAll(tx: Db, vendor: { id: number; accountingFirmId: number }): Promise<void>;
  /** Creates the folders of the client file's tree structure. */
  createFolders(
    tx: Db,
    vendor: { id: number; accountingFirmId: number; treeStructureId: number | null },
  ): Promise<void>;
  /** The folder where files exchanged around tasks are filed (made on first use); its id. */
  exchangeFolder(db: Db, vendor: { id: number; accountingFirmId: number }, userId: number): Promise<number>;
  /**
   * Which of these ids are documents of the client file not in the trash, and seen by the person
   * whose themes are given (`themes`: the theme rule of `modules/documents/theme-access.ts`).
   */
  liveDocumentIds(
    db: Db,
    vendor: { id: number; accountingFirmId: number; themes?: ThemeGrant | null },
    ids: number[],
  ): Promise<Set<number>>;
};

export const NO_DOCUMENTS: DocumentsSeam = {
  countInPeriod: async () => 0,
  deleteAll: async () => {},
  createFolders: async () => {},
  exchangeFolder: async () => {
    throw new Error('no document manager');
  },
  liveDocumentIds: async () => new Set(),
};

/**
 * What the document manager's filings need from the workflows, in the filing's transaction
 * (`modules/workflows/workflows.seam.ts`); `NO_WORKFLOWS` is for apps built without them.
 */
export type WorkflowsSeam = {
  /**
   * New or moved documents, and moved folders with their subtree, start at the initial status of
   * the workflow that applies where they now are, unless they already stand in it.
   */
  onFiled(
    tx: Db,
    vendor: { id: number; accountingFirmId: number },
    filed: {
      documentIds: number[];
      folderIds: number[];
      by: { userId: number; system?: undefined } | { userId: null; system: string };
    },
  ): Promise<void>;
};

export const NO_WORKFLOWS: WorkflowsSeam = { onFiled: async () => {} };

/** Something that happened, to tell the people who may see it (issue 31, `modules/notifications`). */
export type NotificationEventInput = {
  accountingFirmId: number;
  vendorId: number | null;
  /** A kind of the catalogue (`NOTIFICATION_KINDS` in the contracts). */
  kind: string;
  subject: { type: 'document' | 'task' | 'folder'; id: number; name: string };
  /** Who acted (not told), or null for the system (`system` names it). */
  actorUserId: number | null;
  system?: string;
  /** An internal task: never told to client users. */
  internal?: boolean;
  /** A task's members at the time of the event. */
  memberIds?: number[];
  payload?: Record<string, unknown>;
};

/**
 * The notifications' durable fan-out, in the producing change's transaction: the events are
 * written with it and a job tells their recipients once it committed.
 */
export type NotificationsSeam = {
  record(tx: Db, events: NotificationEventInput[]): Promise<void>;
};

export const NO_NOTIFICATIONS: NotificationsSeam = { record: async () => {} };

/**
 * What the document manager and the client files need from the signatures
 * (`modules/signatures/signatures.seam.ts`), in their transactions.
 */
export type SignaturesSeam = {
  /** Which of these documents are under a request still open (they cannot go to the trash). */
  inSignature(
    tx: Db,
    vendor: { id: number; accountingFirmId: number },
    documentIds: number[],
  ): Promise<Set<number>>;
  /**
   * Cancels the open requests of a client file being deleted; the returned function emits their
   * events, to call once the deletion committed.
   */
  cancelForVendor(
    tx: Db,
    vendor: { id: number; accountingFirmId: number },
    actorId: number,
  ): Promise<() => void>;
};

/** One act for the audit log (`modules/audit/`); the request's address, agent and id are added. */
export type AuditRecord = {
  accountingFirmId: number;
  vendorId?: number | null;
  /** The person who acted (null: `actorKind` says who). */
  actorUserId: number | null;
  actorKind?: AuditActorKind;
  action: AuditAction;
  /** What was acted on, its name as it was then. */
  subject?: { type: string; id: number | string; name?: string | null } | null;
  details?: Record<string, unknown>;
};

/**
 * The audit log's writer (`modules/audit/audit.seam.ts`): changes are recorded in their own
 * transaction (`record`), reads and downloads in a buffer flushed every second or 100 rows
 * (`recordRead`: never awaited by the answer).
 */
export type AuditSeam = {
  record(tx: Db, events: AuditRecord | AuditRecord[]): Promise<void>;
  recordRead(event: AuditRecord): void;
  /** Writes what the buffer holds (called by the timer, at 100 rows and on close). */
  flush(): Promise<void>;
};

export const NO_AUDIT: AuditSeam = { record: async () => {}, recordRead: () => {}, flush: async () => {} };

/**
 * A source of company data by SIRET (for example the INSEE Sirene API), given to `buildApp`;
 * `NO_SIRET_SOURCE` (the default: no network here) finds nothing, so the wizard asks by hand.
 */
export type SiretSource = { lookup(siret: string): Promise<Omit<SiretLookup, 'found'> | null> };

export const NO_SIRET_SOURCE: SiretSource = { lookup: async () => null };

/** An image served for a firm: its logo, or a favicon or touch icon generated from it. */
export type Icon = { body: Buffer; type: string; lastModified: Date };

/**
 * What every service receives, first: configuration, the database, the shared platform services
 * and the seams through which modules reach each other. Each app (and each test app) has its own.
 */
/** A PDF's signatures as checked, before any firm's view of the certificates. */
export type VerifiedPdf = { valid: boolean; signatures: VerifiedSignature[] };

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Mails queued in a transaction and sent by the worker (prefer it to `mailer` in a request). */
  outbox: Outbox;
  rateLimiter: RateLimiter;
  access: Access;
  /**
   * Answers of reads that visit many rows (a firm's task lists and counters), per firm, dropped
   * when the database notifies a change (`platform/cache/read-cache.ts`).
   */
  reads: ReadCache;
  /** File contents, content-addressed (disk under DATA_DIR/blobs). */
  blobs: BlobStore;
  documents: DocumentsSeam;
  /** The workflows' statuses of what the document manager files, in its transaction. */
  workflows: WorkflowsSeam;
  /** The signature requests' hold on their documents and client files. */
  signatures: SignaturesSeam;
  /** The events to tell people about, written in the change's transaction. */
  notifications: NotificationsSeam;
  /** Office files to PDF (LibreOffice), for the viewer's previews; `binary` null when absent. */
  converter: OfficeConverter;
  /** The document manager's uploads in this process: their chunk files and hashers. */
  uploads: UploadState;
  /** The previews converting in this process, by source blob key (one per content, whoever asks). */
  previews: { running: Map<string, Promise<void>> };
  /** Background jobs (pg-boss): enqueued in the change's transaction, run by the workers. */
  jobs: JobQueue;
  /** In-process domain events (`task.created`...), emitted after the commit. */
  events: Events;
  /** The audit log's writer (issue 31). */
  audit: AuditSeam;
  /** The request being served (its address, user agent and id), for the audit log. */
  request: RequestContext;
  /** Company data by SIRET for the client file wizard. */
  siret: SiretSource;
  /** Icons generated from firms' logos (white label), by firm, theme, kind and logo version. */
  icons: BoundedCache<Icon>;
  /**
   * The signatures found in PDF blobs, checked (`modules/signatures/pades/verify.ts`), by blob key
   * (its SHA-256): a version's content never changes, so it is read and checked once.
   */
  pdfSignatures: BoundedCache<VerifiedPdf>;
  /**
   * Each portal's effective feature flags, by firm id, kept until a flag changes in this process or
   * a short lifetime passes (`modules/platform-admin/platform-flags.service.ts`).
   */
  featureFlags: Map<number, { all: Record<string, boolean>; pub: Record<string, boolean>; expires: number }>;
};
