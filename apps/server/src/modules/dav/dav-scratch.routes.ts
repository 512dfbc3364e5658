import { finished } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import { byteRange, preconditionStatus, quotedEtag, sendXml } from './dav-http';
import { withLockDiscovery } from './dav-locks.service';
import { davHref } from './dav-paths';
import { asksLocks, propfindXml } from './dav-props';
import * as scratch from './dav-scratch.service';
import { DavStatus } from './dav-writes.service';
import { errorXml, multistatus, parseProppatch, responseXml } from './dav-xml';

/**
 * The requests on a scratch path (`dav-scratch.service.ts`): PUT, GET/HEAD, DELETE, PROPFIND
 * and PROPPATCH answered from the side store; null when the path is not a scratch file's
 * (LOCK, UNLOCK, MOVE and COPY go through their services, which know scratch files).
 */
export async function scratchRequest(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  request: FastifyRequest,
  reply: FastifyReply,
  io: {
    unlocked(path: string[], below: boolean): Promise<void>;
    dropLocks(): Promise<void>;
    readBody(): Promise<string>;
  },
): Promise<boolean> {
  const handled = ['PUT', 'GET', 'HEAD', 'DELETE', 'PROPFIND', 'PROPPATCH'];
  if (!handled.includes(request.method) || !scratch.isScratchName(segments.at(-1) ?? '')) return false;
  const place = await scratch.scratchPlace(ctx, actor, segments);
  if (!place) {
    if (!(await scratch.scratchAboveClients(ctx, actor, segments))) return false;
    await forgotten(segments, request, reply, io);
    return true;
  }
  await answer(ctx, segments, place, request, reply, io);
  return true;
}

/**
 * A scratch name at the drive's root or in a workspace (Finder's `.DS_Store`, Explorer's
 * `desktop.ini`): writes succeed and keep nothing, reads find nothing (404).
 */
async function forgotten(
  segments: string[],
  request: FastifyRequest,
  reply: FastifyReply,
  io: Parameters<typeof scratchRequest>[5],
): Promise<void> {
  if (request.method === 'PUT') {
    request.raw.resume();
    await finished(request.raw);
    reply.code(201).send();
  } else if (request.method === 'DELETE') {
    reply.code(204).send();
  } else if (request.method === 'PROPPATCH') {
    const updates = parseProppatch(await io.readBody());
    const href = davHref(segments, false);
    sendXml(
      reply,
      207,
      multistatus([
        responseXml(
          href,
          updates.map((u) => ({ prop: u.prop, xml: '' })),
          [],
        ),
      ]),
    );
  } else {
    reply.code(404).send();
  }
}

/** Answers a request on a scratch path (the reply is sent, not returned: a reply is a thenable). */
async function answer(
  ctx: AppContext,
  segments: string[],
  place: scratch.ScratchPlace,
  request: FastifyRequest,
  reply: FastifyReply,
  io: Parameters<typeof scratchRequest>[5],
): Promise<void> {
  if (request.method === 'PUT') {
    await io.unlocked(segments, false);
    const existing = await scratch.findScratch(ctx, place);
    if (preconditionStatus(request, existing ? quotedEtag(existing.blobKey) : null, null))
      throw new DavStatus(412);
    const { created, row } = await scratch.putScratch(ctx, place, request.raw);
    reply
      .code(created ? 201 : 204)
      .header('etag', quotedEtag(row.blobKey))
      .send();
    return;
  }
  if (request.method === 'DELETE') {
    await io.unlocked(segments, true);
    if (!(await scratch.removeScratch(ctx, place))) throw new AppError('not-found');
    await io.dropLocks();
    reply.code(204).send();
    return;
  }
  const row = await scratch.findScratch(ctx, place);
  if (!row) throw new AppError('not-found');
  const href = davHref(segments, false);
  if (request.method === 'PROPFIND') {
    const depth = (request.headers.depth ?? 'infinity').toString().trim();
    const body = await io.readBody();
    if (depth !== '0' && depth !== '1') {
      sendXml(reply, 403, errorXml('propfind-finite-depth'));
      return;
    }
    const entry = scratch.scratchEntry(row);
    if (asksLocks(body)) await withLockDiscovery(ctx, place.vendor, segments, [entry]);
    sendXml(reply, 207, propfindXml(body, [{ href, entry }]));
    return;
  }
  if (request.method === 'PROPPATCH') {
    // Scratch files keep no properties; the drives' attribute updates (Win32 times) succeed.
    await io.unlocked(segments, false);
    const updates = parseProppatch(await io.readBody());
    sendXml(
      reply,
      207,
      multistatus([
        responseXml(
          href,
          updates.map((u) => ({ prop: u.prop, xml: '' })),
          [],
        ),
      ]),
    );
    return;
  }
  const etag = quotedEtag(row.blobKey);
  const modified = new Date(row.updatedAt);
  reply
    .header('etag', etag)
    .header('last-modified', modified.toUTCString())
    .header('accept-ranges', 'bytes')
    .header('content-type', 'application/octet-stream');
  const condition = preconditionStatus(request, etag, modified);
  if (condition) {
    reply.code(condition).send();
    return;
  }
  const range = byteRange(request.headers.range, row.size);
  if (range === 'unsatisfiable') {
    reply.code(416).header('content-range', `bytes */${row.size}`).send();
    return;
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
      .header('content-length', String(range.end - range.start + 1));
    reply.send(request.method === 'HEAD' ? undefined : await ctx.blobs.get(row.blobKey, range));
    return;
  }
  reply.code(200).header('content-length', String(row.size));
  reply.send(request.method === 'HEAD' ? undefined : await ctx.blobs.get(row.blobKey));
}
