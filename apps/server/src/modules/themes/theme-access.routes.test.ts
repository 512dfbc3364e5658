import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildThemesWorld,
  KINDS,
  type Kind,
  PEOPLE,
  type Route,
  type ThemesWorld,
  verdict,
  type Who,
  writes,
} from '../../../test/themes-world';

// Issue 26, part 2: themes decide who sees which folders, through the document manager's one
// access check. Every route of the OpenAPI document that addresses a folder or a document is
// walked for each person and each kind of folder (`test/themes-world.ts`), so a route added
// without the theme rule fails here.

let tw: ThemesWorld;
let w: ThemesWorld['w'];
let themeIds: ThemesWorld['themeIds'];
let places: ThemesWorld['places'];
let url: ThemesWorld['url'];
let call: ThemesWorld['call'];
let tag: ThemesWorld['tag'];
let uploaded: ThemesWorld['uploaded'];

beforeAll(async () => {
  tw = await buildThemesWorld();
  ({ w, themeIds, places, url, call, tag, uploaded } = tw);
});
afterAll(() => w.t.close());

const requestFor = (route: Route, kind: Kind) => tw.requestFor(route, kind);
const run = (route: Route, req: NonNullable<ReturnType<typeof requestFor>>, who: Who) =>
  tw.run(req, route.method, who);

let documentsRoutes: Route[] = [];

/** Each route on the hidden and read-only places as `who`: the answers that break the rule. */
async function walk(who: Who, routes: Route[]): Promise<string[]> {
  const failures: string[] = [];
  for (const kind of ['unheld', 'privateFirm', 'heldRo'] as const) {
    const expected = verdict(who, kind);
    if (expected === 'write') continue;
    for (const route of routes) {
      const req = requestFor(route, kind);
      if (!req) continue;
      const res = await run(route, req, who);
      // What the same person gets on the same route for an untagged place (reads only).
      const baseline =
        route.method === 'GET' ? await run(route, requestFor(route, 'untagged')!, who) : undefined;
      const label = `${who} ${kind} ${route.method} ${route.path}: ${res.status} ${res.body?.code ?? ''}`;
      // Hidden: what an absent id answers. A 404; in a selection, 422 on the field; to someone
      // whose role never writes, the role's 403 on a write (whatever the folder).
      const roleRefusal =
        res.body?.code === 'forbidden' && (route.method !== 'GET' || baseline?.body?.code === 'forbidden');
      const errors = res.body?.errors ?? {};
      const absentInSelection =
        res.status === 422 &&
        (errors.document_ids ||
          errors.folder_id ||
          errors.parent_id ||
          Object.keys(errors).some((field) => field.startsWith('nodes')));
      if (expected === 'hidden' && res.status !== 404 && !absentInSelection && !roleRefusal)
        failures.push(label);
      if (expected === 'read') {
        if (route.method !== 'GET' && res.status === 404) failures.push(label);
        // Reading out of a read-only folder (a ZIP, a copy elsewhere) is no change to it.
        const reads = ['/archive', '/links', '/copy', '/share-links'].some((end) => route.path.endsWith(end));
        if (route.method !== 'GET' && res.status < 400 && !reads) failures.push(`${label} (a write passed)`);
        if (route.method !== 'GET' && res.status === 403 && writes(who) && !roleRefusal) {
          if (res.body?.code !== 'theme-read-only') failures.push(label);
        }
        if (route.method === 'GET' && res.status !== baseline!.status)
          failures.push(`${label} (untagged: ${baseline!.status} ${baseline!.body?.code ?? ''})`);
      }
    }
  }
  return failures;
}

describe('the theme rule on every documents route', () => {
  beforeAll(async () => {
    documentsRoutes = await tw.nodeRoutes();
    expect(documentsRoutes.length).toBeGreaterThan(20);
    // The workflows' routes on the nodes are walked too.
    expect(documentsRoutes.map((r) => r.path)).toContain('/api/vendors/{id}/documents/{document_id}/status');
  });

  it('knows how every documents route addresses a folder or a document', () => {
    for (const route of documentsRoutes) requestFor(route, 'untagged');
  });

  // Walked where nothing may change (hidden, read-only): the tree stays as built for every person.
  for (const who of ['collab', 'readonly', 'client', 'clientAdmin', 'guest'] as const) {
    it(`a folder hidden to ${who} answers 404 on every route; a read-only one refuses writes`, async () => {
      expect(await walk(who, documentsRoutes)).toEqual([]);
    });
  }

  // Where the rule lets a person in, the theme changes nothing: every read answers as it does
  // for an untagged folder (the firm administrator everywhere, the others where they may go).
  it('a folder a person may see is read as an untagged one, on every route', async () => {
    const failures: string[] = [];
    const reads = documentsRoutes.filter((r) => r.method === 'GET');
    for (const who of PEOPLE) {
      for (const route of reads) {
        const baseline = requestFor(route, 'untagged');
        if (!baseline) continue;
        const expected = await run(route, baseline, who);
        for (const kind of KINDS.filter((k) => k !== 'untagged' && verdict(who, k) !== 'hidden')) {
          const res = await run(route, requestFor(route, kind)!, who);
          if (res.status !== expected.status)
            failures.push(`${who} ${kind} GET ${route.path}: ${res.status}, untagged ${expected.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('listings leave hidden folders out', () => {
  it('the trash lists what a person may see', async () => {
    for (const who of PEOPLE) {
      const res = await call('GET', url('/trash?per_page=100'), who);
      expect(res.status, who).toBe(200);
      const listed = new Set((res.body.data as { id: number }[]).map((n) => n.id));
      for (const kind of KINDS)
        expect(listed.has(places[kind].trashed), `${who} ${kind}`).toBe(verdict(who, kind) !== 'hidden');
    }
  });

  it('the nodes listing and the tree show each person what their themes let them see', async () => {
    const listed = async (who: Who) =>
      ((await call('GET', url(`/folders/${w.root}/nodes?per_page=100`), who)).body.data as { name: string }[])
        .map((n) => n.name)
        .filter((n) => n.startsWith('F '));
    const tree = async (who: Who) =>
      ((await call('GET', url(`/folders?parent_id=${w.root}`), who)).body.data as { name: string }[])
        .map((n) => n.name)
        .filter((n) => n.startsWith('F '));
    for (const who of ['admin', 'collab', 'readonly', 'client', 'clientAdmin', 'guest'] as const) {
      const expected = (Object.keys(places) as Kind[])
        .filter((k) => verdict(who, k) !== 'hidden')
        .map((k) => `F ${k}`)
        .sort();
      expect((await listed(who)).sort(), who).toEqual(expected);
      expect((await tree(who)).sort(), who).toEqual(expected);
    }
  });

  it('the unread counts leave out the documents of hidden folders', async () => {
    const unread = async (who: Who) => {
      const res = await call('GET', `/api/users/me/accounting-firms/${w.firm.id}/unread-documents`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = (res.body.data as { vendor_id: number; unread: number }[]).find(
        (r) => r.vendor_id === w.vendor.id,
      );
      return row?.unread ?? 0;
    };
    const people = ['collab', 'readonly', 'client', 'clientAdmin', 'guest'] as const;
    const before = Object.fromEntries(await Promise.all(people.map(async (who) => [who, await unread(who)])));
    for (const kind of Object.keys(places) as Kind[])
      await uploaded(places[kind].folder, `fresh ${kind}.txt`);
    for (const who of people) {
      const seen = (Object.keys(places) as Kind[]).filter((k) => verdict(who, k) !== 'hidden').length;
      expect((await unread(who)) - before[who], who).toBe(seen);
    }
  });

  it('a folder answer tells its themes and whether they leave the caller read-only', async () => {
    const ro = (await call('GET', url(`/folders/${places.heldRo.folder}`), 'client')).body.data;
    expect(ro).toMatchObject({ effective_theme_ids: [themeIds.ro], theme_read_only: true });
    const byAdmin = (await call('GET', url(`/folders/${places.heldRo.folder}`), 'admin')).body.data;
    expect(byAdmin.theme_read_only).toBe(false);
    const rw = (await call('GET', url(`/folders/${places.heldRw.folder}`), 'client')).body.data;
    expect(rw.theme_read_only).toBe(false);
  });

  it('a subfolder inherits its parent themes, unless it has its own', async () => {
    const sub = places.unheld.sub;
    expect((await call('GET', url(`/folders/${sub}`), 'collab')).status).toBe(404);
    expect((await tag(sub, [themeIds.rw])).status).toBe(200);
    expect((await call('GET', url(`/folders/${sub}`), 'collab')).status).toBe(200);
    expect((await call('GET', url(`/folders/${sub}/themes`), 'admin')).body.data.effective_themes).toEqual([
      expect.objectContaining({ id: themeIds.rw }),
    ]);
    expect((await tag(sub, [])).status).toBe(200);
    expect((await call('GET', url(`/folders/${sub}`), 'collab')).status).toBe(404);
  });

  it('moving a folder under a tagged one makes it inherit the tags', async () => {
    const moved = await w.folder('Moved in');
    expect((await call('GET', url(`/folders/${moved}`), 'client')).status).toBe(200);
    const res = await call('POST', url('/nodes/move'), 'admin', {
      folder_ids: [moved],
      document_ids: [],
      folder_id: places.unheld.folder,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await call('GET', url(`/folders/${moved}`), 'client')).status).toBe(404);
  });
});

describe('who assigns themes', () => {
  it('tagging is for firm administrators; theme ids must be the firm’s', async () => {
    expect((await tag(places.untagged.sub, [themeIds.rw], 'collab')).status).toBe(403);
    expect((await tag(places.untagged.sub, [themeIds.rw], 'clientAdmin')).status).toBe(403);
    const unknown = await tag(places.untagged.sub, [999999]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('theme-not-found');
  });

  it('a client user never holds a firm-private theme; nobody changes their own themes', async () => {
    const clientId = w.people.client.id;
    const res = await call('PATCH', url(`/users/${clientId}`), 'admin', { theme_ids: [themeIds.private] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('theme-private-to-firm');
    // The firm's collaborators invite client users but do not hand out access rights.
    expect((await call('PATCH', url(`/users/${clientId}`), 'collab', { all_themes: true })).status).toBe(403);
    expect((await call('PATCH', url(`/users/${clientId}`), 'client', { all_themes: true })).status).toBe(403);
    const self = await call(
      'PATCH',
      `/api/accounting-firms/${w.firm.id}/members/${w.people.admin.id}`,
      'admin',
      {
        all_themes: false,
      },
    );
    expect(self.status).toBe(403);
  });

  it('removing a theme from a person takes effect on their next request', async () => {
    const member = `/api/accounting-firms/${w.firm.id}/members/${w.people.collab.id}`;
    expect((await call('GET', url(`/folders/${places.heldRw.folder}`), 'collab')).status).toBe(200);
    const narrowed = await call('PATCH', member, 'admin', { theme_ids: [themeIds.ro] });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data).toMatchObject({ all_themes: false, theme_ids: [themeIds.ro] });
    expect((await call('GET', url(`/folders/${places.heldRw.folder}`), 'collab')).status).toBe(404);
    expect((await call('PATCH', member, 'admin', { all_themes: true })).status).toBe(200);
    expect((await call('GET', url(`/folders/${places.unheld.folder}`), 'collab')).status).toBe(200);
    // Back as the table expects.
    expect(
      (await call('PATCH', member, 'admin', { theme_ids: [themeIds.rw, themeIds.ro, themeIds.private] }))
        .status,
    ).toBe(200);
  });

  it('the client file allows some themes only; folders and users carry no other', async () => {
    const put = await call('PUT', url('/themes'), 'admin', { theme_ids: [themeIds.rw, themeIds.ro] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.all_themes).toBe(false);
    const refused = await tag(places.untagged.sub, [themeIds.unheld]);
    expect(refused.status).toBe(422);
    expect((await call('GET', url('/themes'), 'collab')).status).toBe(403);
    expect((await call('PUT', url('/themes'), 'admin', { all_themes: true })).status).toBe(200);
  });

  it('deleting a theme folders carry is refused unless forced', async () => {
    const created = await call('POST', `/api/accounting-firms/${w.firm.id}/themes`, 'admin', {
      title: 'Temporaire',
      sharing: 'shared',
      rights: 'read_write',
    });
    const doomed = created.body.data.id as number;
    const f = await w.folder('Doomed');
    expect((await tag(f, [doomed])).status).toBe(200);
    const themeUrl = `/api/accounting-firms/${w.firm.id}/themes/${doomed}`;
    const refused = await call('DELETE', themeUrl, 'admin');
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('theme-in-use');
    expect((await call('GET', url(`/folders/${f}`), 'client')).status).toBe(404);
    expect((await call('DELETE', `${themeUrl}?force=true`, 'admin')).status).toBe(200);
    // The folder is untagged now: the role alone decides.
    expect((await call('GET', url(`/folders/${f}`), 'client')).status).toBe(200);
  });
});
