import { describe, expect, it } from 'vitest';
import { operationsOf } from '../../../test/security/operations';
import { PIECES, workflowsWorld } from '../../../test/workflows-world';

const world = workflowsWorld();
const { call, createFlow, folderWithDocs, activate, move } = world;

/**
 * Walks every value of an answer: a status of the hidden workflow (an object with one of its ids
 * and names), a `status_id` of it, a count naming one, or the workflow's name, is a leak.
 */
function leaks(
  value: unknown,
  statusIds: Set<number>,
  names: Set<string>,
  secret: string,
  path = '',
): string[] {
  if (Array.isArray(value))
    return value.flatMap((v, i) => leaks(v, statusIds, names, secret, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const own =
      (typeof o.id === 'number' && statusIds.has(o.id) && names.has(String(o.name))) ||
      (typeof o.status_id === 'number' && statusIds.has(o.status_id));
    return [
      ...(own ? [path] : []),
      ...Object.entries(o).flatMap(([k, v]) => leaks(v, statusIds, names, secret, `${path}.${k}`)),
    ];
  }
  return value === secret ? [path] : [];
}

describe('workflows: a client user never reads a private_firm status', () => {
  it('in any documents answer of the OpenAPI document (every GET of a client file with ids to fill)', async () => {
    const { w, t } = world.state;
    const secret = `Interne ${Date.now().toString(36)}`;
    const flow = await createFlow({ ...PIECES, name: secret, sharing: 'private_firm' });
    const { folder, docs } = await folderWithDocs(2);
    const sub = await folderWithDocs(1, folder);
    await activate(folder, flow.id);
    expect((await move(docs[0]!, flow.by.sent, 'collab')).status).toBe(200);
    const version = (await call('GET', `/api/vendors/${w.alpha.id}/documents/${docs[0]}/versions`)).body
      .data[0];
    const ids: Record<string, number> = {
      id: w.alpha.id,
      folder_id: folder,
      document_id: docs[0]!,
      version_id: version.id,
      workflow_id: flow.id,
    };
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).body;
    const gets = operationsOf(doc).filter(
      (op) =>
        op.method === 'GET' &&
        op.path.startsWith('/api/vendors/{id}/') &&
        op.parameters.filter((p) => p.in === 'path').every((p) => p.name in ids) &&
        // JSON answers only (not contents, archives nor event streams).
        'application/json' in (doc.paths[op.path].get.responses?.['200']?.content ?? {}),
    );
    const urls = gets.map((op) => op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name])));
    urls.push(`/api/vendors/${w.alpha.id}/folders/${sub.folder}/workflow`);
    const statusIds = new Set(Object.values(flow.by));
    const names = new Set(PIECES.statuses.map((s) => s.name));
    const walked: string[] = [];
    for (const who of ['client', 'clientCollab', 'guest'] as const)
      for (const url of urls) {
        const res = await call('GET', url, who);
        if (res.status !== 200 || !String(res.headers['content-type']).includes('application/json')) continue;
        walked.push(url);
        expect(leaks(res.body, statusIds, names, secret), `${who} ${url}`).toEqual([]);
      }
    // The walk met the answers that carry statuses (so a new route carrying one is walked too).
    for (const must of [
      `/api/vendors/${w.alpha.id}/folders/${folder}/nodes`,
      `/api/vendors/${w.alpha.id}/documents/${docs[0]}`,
      `/api/vendors/${w.alpha.id}/documents/${docs[0]}/status-history`,
      `/api/vendors/${w.alpha.id}/folders/${folder}/workflow`,
      `/api/vendors/${w.alpha.id}/workflows`,
    ])
      expect(walked).toContain(must);
    expect(new Set(walked).size).toBeGreaterThan(15);
    // Filtering the listing by a hidden status is refused as for an unknown one (no probing).
    const filtered = await call(
      'GET',
      `/api/vendors/${w.alpha.id}/folders/${folder}/nodes?status_ids[]=${flow.by.sent}`,
      'client',
    );
    expect([filtered.status, filtered.body.code]).toEqual([422, 'workflow-status-not-found']);
    // The firm sees what the client does not (the walk would find it there).
    const firm = await call('GET', `/api/vendors/${w.alpha.id}/folders/${folder}/nodes`, 'collab');
    expect(leaks(firm.body, statusIds, names, secret)).not.toEqual([]);
  });
});
