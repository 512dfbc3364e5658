import { fitFileName } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import * as folders from '../documents/folders/folders.service';
import * as trash from '../documents/trash/trash.service';
import * as filing from '../documents/tree/filing.service';
import * as tree from '../documents/tree/tree.service';
import type { Scope } from '../documents/vendor-access.service';
import { type DavNode, resolve } from './dav.service';

/**
 * The network drive's writes (issue 27), each through the document manager's services or its
 * filing primitives in one transaction, so the web app's rules, names and events hold.
 */

/** A WebDAV answer that no error code of the API names (405, 409, 412, 415...). */
export class DavStatus extends Error {
  constructor(readonly status: number) {
    super(`dav ${status}`);
  }
}

/** A name the web app would keep as it is; one it would shorten or trim is refused (400). */
export function assertKeptName(name: string): void {
  const fitted = fitFileName(name);
  if ('error' in fitted || fitted.name !== name) throw new DavStatus(400);
}

/** The node of a path whose parent must exist (a missing parent: 409, as RFC 4918 says). */
async function resolveForWrite(ctx: AppContext, actor: Actor, segments: string[]): Promise<DavNode> {
  try {
    return await resolve(ctx, actor, segments, 'documents.write');
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found' && segments.length > 3) {
      // Inside a client file the person reaches, a missing parent is a conflict; elsewhere, absent.
      const reached = await resolve(ctx, actor, segments.slice(0, 2), 'documents.write').catch(() => null);
      if (reached) throw new DavStatus(409);
    }
    throw error;
  }
}

export type PutOutcome = { created: boolean; etag: string };

/**
 * PUT: a new name files a document; an existing one gets a version (the filing's rule). Under a
 * lock of the person's own (`underOwnLock`), their empty first version is replaced instead: a
 * drive's copy begins with a 0-byte PUT or a LOCK of the new name.
 */
export async function put(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  body: AsyncIterable<Uint8Array>,
  precondition: (etag: string | null) => void,
  underOwnLock = false,
): Promise<PutOutcome> {
  const node = await resolveForWrite(ctx, actor, segments);
  if (node.kind === 'document') {
    const current = await tree.findVersion(
      ctx.db,
      node.scope.vendor,
      node.doc.id,
      node.doc.currentVersionId!,
    );
    precondition(current?.blobKey ?? null);
    return filed(ctx, node.scope, node.parent.id, node.doc.name, body, 'version', underOwnLock);
  }
  if (node.kind !== 'missing') throw new DavStatus(405);
  precondition(null);
  if (node.atClientRoot) throw new DavStatus(403);
  assertKeptName(node.name);
  return filed(ctx, node.scope, node.parent.id, node.name, body, 'refuse');
}

async function filed(
  ctx: AppContext,
  scope: Scope,
  folderId: number,
  name: string,
  body: AsyncIterable<Uint8Array>,
  conflict: filing.DocumentConflict,
  replaceEmpty = false,
): Promise<PutOutcome> {
  const result = await filing.fileContent(
    ctx,
    filing.personFiling(scope),
    folderId,
    name,
    { stream: body },
    { conflict, ...(replaceEmpty ? { replaceEmptyOf: scope.actor.userId } : {}) },
  );
  const doc = (await tree.findDocument(ctx.db, scope.vendor, result.documentId))!;
  const version = (await tree.findVersion(ctx.db, scope.vendor, doc.id, result.versionId))!;
  return { created: result.created, etag: version.blobKey };
}

/** MKCOL: a folder, through the web app's folder creation. */
export async function mkcol(ctx: AppContext, actor: Actor, segments: string[]): Promise<void> {
  const node = await resolveForWrite(ctx, actor, segments);
  if (node.kind !== 'missing') throw new DavStatus(405);
  assertKeptName(node.name);
  await folders.createFolder(ctx, actor, node.scope.vendor.id, {
    parent_id: node.parent.id,
    name: node.name,
  });
}

/** DELETE: to the trash, as the web app deletes (validated or read-only items: 403). */
export async function remove(ctx: AppContext, actor: Actor, segments: string[]): Promise<void> {
  const node = await resolve(ctx, actor, segments, 'documents.write');
  const vendorId = 'scope' in node ? node.scope.vendor.id : 0;
  try {
    if (node.kind === 'document') return await trash.deleteDocument(ctx, actor, vendorId, node.doc.id, false);
    if (node.kind === 'folder') return await trash.deleteFolder(ctx, actor, vendorId, node.folder.id, false);
  } catch (error) {
    if (
      error instanceof AppError &&
      [
        'node-validated',
        'folder-non-deletable-nodes-contained',
        'node-readonly',
        'document-in-signature',
      ].includes(error.code)
    )
      throw new DavStatus(403);
    throw error;
  }
  if (node.kind === 'missing') throw new AppError('not-found');
  throw new DavStatus(403);
}
