import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import { type DavEntry, type DavNode, resolve } from './dav.service';
import { davHref } from './dav-paths';
import * as repo from './dav-properties.repository';
import { isLiveProperty } from './dav-props';
import { multistatus, parseProppatch, responseXml } from './dav-xml';

/** Dead properties (PROPPATCH, RFC 4918 section 9.2), stored per GED node in the database. */

const nodeOf = (node: DavNode): repo.NodeRef | null => {
  if (node.kind === 'client' || node.kind === 'folder') return { type: 'folder', id: node.folder.id };
  if (node.kind === 'document') return { type: 'document', id: node.doc.id };
  return null;
};

/** Adds their dead properties to the entries of a listing (one query). */
export async function withDeadProperties(ctx: AppContext, node: DavNode, entries: DavEntry[]): Promise<void> {
  if (!('scope' in node)) return;
  const refs = entries.flatMap((e) => (e.node ? [e.node] : []));
  const found = await repo.propertiesOf(ctx.db, node.scope.vendor, refs);
  for (const e of entries) if (e.node) e.dead = found.get(`${e.node.type}:${e.node.id}`) ?? [];
}

/** PROPPATCH: every instruction applies, or none (a protected live property: 403, the others 424). */
export async function proppatch(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  body: string,
): Promise<string> {
  const node = await resolve(ctx, actor, segments, 'documents.write');
  if (node.kind === 'missing') throw new AppError('not-found');
  const ref = nodeOf(node);
  if (!ref || !('scope' in node)) throw new AppError('forbidden');
  const updates = parseProppatch(body);
  const href = davHref(segments, ref.type === 'folder');
  const names = updates.map((u) => u.prop);
  const protectedOnes = names.filter(isLiveProperty);
  if (protectedOnes.length) {
    const statuses = names.map((p) => ({ p, status: isLiveProperty(p) ? 403 : 424 }));
    return multistatus([
      ...statuses.map(({ p, status }) =>
        responseXml(href, [], [p]).replace(
          'HTTP/1.1 404 Not Found',
          status === 403 ? 'HTTP/1.1 403 Forbidden' : 'HTTP/1.1 424 Failed Dependency',
        ),
      ),
    ]);
  }
  await repo.apply(
    ctx.db,
    node.scope.vendor,
    ref,
    updates.map((u) => (u.set ? { ...u.prop, xml: u.xml } : { ...u.prop, xml: null })),
  );
  return multistatus([
    responseXml(
      href,
      names.map((prop) => ({ prop, xml: '' })),
      [],
    ),
  ]);
}
