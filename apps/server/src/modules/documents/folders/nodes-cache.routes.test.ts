import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, upload } from '../../../../test/documents';
import { useSecondApp } from '../../../../test/second-app';

// A folder's pages are answered from the firm's cached reads (ctx.reads): every change they show
// must reach the very next read, whoever asks and whatever made it.
let w: DocsWorld;
let folder: number;

beforeAll(async () => {
  w = await docsWorld();
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'Cache', parent_id: w.root })
  ).body.data.id;
}, 60_000);
afterAll(() => w.t.close());

type Node = { id: number; name: string; unread: boolean };
const page = async (who: Parameters<DocsWorld['call']>[2] = 'expert', app?: FastifyInstance) => {
  const url = `/api/vendors/${w.vendor}/folders/${folder}/nodes`;
  const res = app
    ? await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${w.tokens[who!]}` } })
    : await w.call('GET', url, who);
  const body = 'json' in res ? (res as { json(): { data: Node[] } }).json() : res.body;
  return body.data as Node[];
};
const names = (nodes: Node[]) => nodes.map((n) => n.name).sort();

describe("a folder's cached page follows every change at once", () => {
  it('an upload, a rename, a read and a deletion', async () => {
    expect(await page()).toEqual([]);
    const id = (await upload(w, folder, 'relevé.pdf', Buffer.from('%PDF-1.4 relevé'))).body.data.id as number;
    expect(names(await page())).toEqual(['relevé.pdf']);
    expect((await page('client'))[0]!.unread).toBe(true);
    const renamed = await w.call('PATCH', `/api/vendors/${w.vendor}/documents/${id}`, 'expert', {
      name: 'relevé mars.pdf',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(names(await page('client'))).toEqual(['relevé mars.pdf']);
    expect((await w.call('GET', `/api/vendors/${w.vendor}/documents/${id}/content`, 'client')).status).toBe(
      200,
    );
    expect((await page('client'))[0]!.unread).toBe(false);
    expect((await page('guest'))[0]!.unread).toBe(true);
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${id}`, 'expert')).status).toBe(204);
    expect(await page('client')).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  const other = useSecondApp(() => w.t);

  // The other process drops its answer when PostgreSQL delivers the notification to it, which
  // is not ordered with the writer's answer: within moments (the writer's own process, at once).
  it('a document uploaded on one is on the page of the other within moments', async () => {
    const before = names(await page('expert', other()));
    await upload(w, folder, 'vu des deux.pdf', Buffer.from('%PDF-1.4 deux'));
    const expected = [...before, 'vu des deux.pdf'].sort();
    const started = Date.now();
    let seen = names(await page('expert', other()));
    while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() - started < 1000) {
      await new Promise((r) => setTimeout(r, 5));
      seen = names(await page('expert', other()));
    }
    expect(seen).toEqual(expected);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
