import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newDocument, newFolder, upload } from '../../../../test/documents';
import { useSecondApp } from '../../../../test/second-app';

/**
 * A read mark is written only when the document was unread to the person, and it drops only the
 * cached answers that show read marks (that person's document pages and unread counts), not the
 * firm's task lists or client list. Each kind of change still drops every answer that shows it.
 */
let w: DocsWorld;
let firm: number;
let folder: number;
let clientId: number;
let guestId: number;
type Who = Parameters<DocsWorld['call']>[2];

beforeAll(async () => {
  w = await docsWorld();
  const firms = (await w.call('GET', '/api/users/me/accounting-firms')).body.data as {
    id: number;
    name: string;
  }[];
  firm = firms.find((f) => f.name === 'Cabinet Centre')!.id;
  folder = await newFolder(w, 'Marques', w.root);
  const ids = await rows<{ email: string; id: number }>(
    sql`SELECT email, id FROM users WHERE email IN ('client@portals.test', 'guest@portals.test')`,
  );
  clientId = ids.find((r) => r.email === 'client@portals.test')!.id;
  guestId = ids.find((r) => r.email === 'guest@portals.test')!.id;
}, 60_000);
afterAll(() => w.t.close());

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await w.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A change with the triggers off: nothing is announced, so cached answers keep the old rows. */
async function silently(change: SQL) {
  await w.t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(change);
  });
}

/** A change as any write makes it (the triggers announce it), once this process has heard. */
async function announced(change: SQL) {
  await w.t.database.db.execute(change);
  await w.t.app.settleAccess();
}

/** The `portal_reads` notifications committed while `action` runs. */
async function notifiedDuring(action: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const { pglite, pool } = w.t.database;
  if (pglite) {
    const stop = await pglite.listen('portal_reads', (payload) => seen.push(payload));
    await action();
    await stop();
    return seen;
  }
  // On PostgreSQL a notification of our own, sent after the action, arrives after its ones.
  const client = new pg.Client(pool!.options as pg.ClientConfig);
  await client.connect();
  const end = `end:${Math.random()}`;
  const ended = new Promise<void>((resolve) =>
    client.on('notification', (m) => {
      if (m.payload === end) resolve();
      else if (m.channel === 'portal_reads') seen.push(m.payload ?? '');
    }),
  );
  await client.query('LISTEN portal_reads; LISTEN read_marks_test');
  await action();
  await w.t.database.db.execute(sql`SELECT pg_notify('read_marks_test', ${end})`);
  await ended;
  await client.end();
  return seen;
}

const open = async (id: number, who: Who = 'client') => {
  const res = await w.call('GET', `/api/vendors/${w.vendor}/documents/${id}/content`, who);
  expect(res.status).toBe(200);
};
const readAt = async (id: number, userId: number) =>
  (
    await rows<{ read_at: Date | string }>(
      sql`SELECT read_at FROM document_reads WHERE document_id = ${id} AND user_id = ${userId}`,
    )
  )[0]?.read_at;

describe('a read mark is written only when the document was unread to the person', () => {
  it('the first open marks and announces only that person’s read marks; the next ones write nothing', async () => {
    const id = await newDocument(w, folder, 'relevé.pdf');
    expect(await notifiedDuring(() => open(id))).toEqual([`${firm}:reads:${clientId}`]);
    const first = await readAt(id, clientId);
    expect(first).toBeDefined();
    expect(await notifiedDuring(() => open(id))).toEqual([]);
    expect(await notifiedDuring(() => open(id))).toEqual([]);
    expect(await readAt(id, clientId)).toEqual(first);
    // The expert added it: it was never unread to them, and opening it writes nothing either.
    expect(await notifiedDuring(() => open(id, 'expert'))).toEqual([]);
    expect(await rows(sql`SELECT 1 FROM document_reads WHERE document_id = ${id}`)).toHaveLength(1);
  });

  it('a new version makes it unread again: the next open marks it once more', async () => {
    const id = await newDocument(w, folder, 'bilan.pdf');
    await open(id);
    const first = new Date((await readAt(id, clientId))!).getTime();
    // The same name again in the folder, as a new version of the document.
    const replaced = await newVersion('bilan.pdf');
    expect(replaced).toBe(id);
    expect(await notifiedDuring(() => open(id))).toEqual([`${firm}:reads:${clientId}`]);
    expect(new Date((await readAt(id, clientId))!).getTime()).toBeGreaterThan(first);
    expect(await notifiedDuring(() => open(id))).toEqual([]);
  });
});

async function newVersion(name: string): Promise<number> {
  const res = await upload(w, folder, name, Buffer.from(`${name} v2 ${Math.random()}`), {
    conflict: 'version',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

/**
 * `read` is answered from the cache: a silent change leaves it as it was; each change in
 * `others` (announced) still leaves it; `change` (announced) drops it: the very next read shows
 * the silent change.
 */
async function dropsOnlyOn<T>(
  read: () => Promise<T>,
  silent: SQL,
  others: (SQL | (() => Promise<unknown>))[],
  change: SQL,
) {
  const before = await read();
  await silently(silent);
  expect(await read()).toEqual(before);
  for (const other of others) {
    if (typeof other === 'function') await other();
    else await announced(other);
    expect(await read()).toEqual(before);
  }
  await announced(change);
  const after = await read();
  expect(after).not.toEqual(before);
  return after;
}

const get = async (url: string, who: Who = 'expert') => {
  const res = await w.call('GET', url, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('a change drops only the cached answers that show its kind', () => {
  it('a document opened leaves the task list, the client list and the start-up data cached', async () => {
    const created = await w.call('POST', '/api/tasks', 'expert', {
      title: 'Liasse',
      type: 'information_request',
      status: 'to_do',
      vendor_id: w.vendor,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const task = created.body.data.id as number;
    const unread = [
      await newDocument(w, folder, 'un.pdf'),
      await newDocument(w, folder, 'deux.pdf'),
      await newDocument(w, folder, 'trois.pdf'),
    ];
    const opens = unread.map((id) => () => open(id));
    const tasks = () => get(`/api/tasks?accounting_firm_id=${firm}`, 'collab');
    const titles = (await dropsOnlyOn(
      tasks,
      sql`UPDATE tasks SET title = 'Liasse fiscale' WHERE id = ${task}`,
      opens,
      sql`UPDATE tasks SET status = status WHERE id = ${task}`,
    )) as { title: string }[];
    expect(titles.map((t) => t.title)).toContain('Liasse fiscale');
    // Every open above wrote its mark (each was unread to the client).
    for (const id of unread) expect(await readAt(id, clientId)).toBeDefined();

    const another = await newDocument(w, folder, 'quatre.pdf');
    await dropsOnlyOn(
      () => get(`/api/accounting-firms/${firm}/vendors?per_page=100`),
      sql`UPDATE vendors SET company = company || ' (bis)' WHERE id = ${w.vendor}`,
      [() => open(another), sql`UPDATE documents SET name = name WHERE id = ${another}`],
      sql`UPDATE vendors SET client_code = client_code WHERE id = ${w.vendor}`,
    );
    // The start-up data shows the firm's modules (silently switched off) and its own row.
    const clientModule = sql`accounting_firm_id = ${firm} AND is_active AND module_id = (SELECT min(module_id)
      FROM accounting_firm_modules WHERE accounting_firm_id = ${firm} AND is_active)`;
    await dropsOnlyOn(
      () => get(`/api/?accounting_firm_id=${firm}`),
      sql`UPDATE accounting_firm_modules SET is_active = false WHERE ${clientModule}`,
      [sql`UPDATE document_reads SET read_at = now() WHERE document_id = ${another}`],
      sql`UPDATE accounting_firms SET name = name WHERE id = ${firm}`,
    );
    await announced(
      sql`UPDATE accounting_firm_modules SET is_active = true WHERE accounting_firm_id = ${firm}`,
    );
  });

  it("a person's read mark drops their document pages and unread counts, not another person's", async () => {
    const id = await newDocument(w, folder, 'cinq.pdf');
    const other = await newDocument(w, folder, 'six.pdf');
    const page = (who: Who) => () =>
      get(`/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=100`, who);
    const counts = (who: Who) => () => get(`/api/users/me/accounting-firms/${firm}/unread-documents`, who);
    const mark = (userId: number, doc: number) =>
      sql`INSERT INTO document_reads (accounting_firm_id, document_id, user_id) VALUES (${firm}, ${doc}, ${userId})
          ON CONFLICT (accounting_firm_id, document_id, user_id) DO UPDATE SET read_at = now()`;
    // The guest's page and counts: the client's marks leave them, the guest's own drop them.
    await dropsOnlyOn(page('guest'), mark(guestId, id), [() => open(other, 'client')], mark(guestId, other));
    await dropsOnlyOn(
      counts('guest'),
      sql`DELETE FROM document_reads WHERE user_id = ${guestId} AND document_id = ${id}`,
      [mark(clientId, id)],
      mark(guestId, other),
    );
  });

  it("a client file's documents drop its pages, not another client file's; the counts follow both", async () => {
    const mine = await newDocument(w, folder, 'sept.pdf');
    const garage = (await get(`/api/users/me/accounting-firms/${firm}/vendors`, 'collab')).find(
      (v: { id: number }) => v.id !== w.vendor,
    ).id as number;
    const garageRoot = (await get(`/api/vendors/${garage}/folders`)).at(0).id as number;
    const inGarage = (
      await w.call('POST', `/api/vendors/${garage}/folders`, 'expert', {
        name: 'Ailleurs',
        parent_id: garageRoot,
      })
    ).body.data.id as number;
    const page = () => get(`/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=100`);
    const version = sql`(SELECT current_version_id FROM documents WHERE id = ${mine})`;
    // A version validated (its own trigger, which finds the client file through its document).
    await dropsOnlyOn(
      page,
      sql`UPDATE documents SET name = 'sept (renommé).pdf' WHERE id = ${mine}`,
      [sql`UPDATE folders SET name = name WHERE id = ${inGarage}`, sql`UPDATE tasks SET title = title`],
      sql`UPDATE document_versions SET validated_at = now() WHERE id = ${version}`,
    );
    await dropsOnlyOn(
      page,
      sql`UPDATE documents SET name = 'sept.pdf' WHERE id = ${mine}`,
      [sql`UPDATE folders SET name = name WHERE id = ${inGarage}`],
      sql`UPDATE folders SET name = name WHERE id = ${folder}`,
    );
    // The unread counts span the firm's client files: a document elsewhere drops them.
    await dropsOnlyOn(
      () => get(`/api/users/me/accounting-firms/${firm}/unread-documents`, 'expert'),
      sql`UPDATE document_versions SET author_id = NULL WHERE id = ${version}`,
      [sql`UPDATE tasks SET title = title`],
      sql`UPDATE folders SET name = name WHERE id = ${inGarage}`,
    );
  });

  it("a person's name drops the client file's users and the client's home; tasks and client files do not", async () => {
    const users = () => get(`/api/vendors/${w.vendor}/users`);
    const rename = (name: string) => sql`UPDATE users SET lastname = ${name} WHERE id = ${clientId}`;
    await dropsOnlyOn(
      users,
      rename('Renommé'),
      [sql`UPDATE tasks SET title = title`, sql`UPDATE vendors SET company = company WHERE id = ${w.vendor}`],
      sql`UPDATE users SET firstname = firstname || '' , mobile_number = '0600000000' WHERE id = ${clientId}`,
    );
    const home = () => get(`/api/home?accounting_firm_id=${firm}`, 'client');
    const mine = await newDocument(w, folder, 'huit.pdf');
    await silently(
      sql`UPDATE documents SET created_by = (SELECT id FROM users WHERE email = 'expert@portals.test') WHERE id = ${mine}`,
    );
    await dropsOnlyOn(
      home,
      sql`UPDATE users SET lastname = 'Expert bis' WHERE email = 'expert@portals.test'`,
      [sql`UPDATE document_reads SET read_at = now() WHERE user_id = ${clientId}`],
      sql`UPDATE users SET email = email, birth_city = 'Lyon' WHERE email = 'expert@portals.test'`,
    );
  });

  it("the modules drop the client file's roles", async () => {
    const roles = () => get(`/api/vendors/${w.vendor}/roles`, 'client');
    const newestUnread = await newDocument(w, folder, 'neuf.pdf');
    const someModule = sql`(SELECT min(module_id) FROM accounting_firm_modules WHERE accounting_firm_id = ${firm})`;
    await dropsOnlyOn(
      roles,
      sql`UPDATE accounting_firm_modules SET is_active = false WHERE accounting_firm_id = ${firm}`,
      [
        sql`UPDATE tasks SET title = title`,
        sql`UPDATE users SET lastname = 'Cliente' WHERE id = ${clientId}`,
        () => open(newestUnread),
      ],
      sql`UPDATE accounting_firm_modules SET is_active = false WHERE accounting_firm_id = ${firm} AND module_id = ${someModule}`,
    );
    await announced(
      sql`UPDATE accounting_firm_modules SET is_active = true WHERE accounting_firm_id = ${firm}`,
    );
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  const other = useSecondApp(() => w.t);
  const onOther = async (url: string, who: Who) => {
    const res = await other().inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${w.tokens[who!]}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  // The other process applies the same kinds when PostgreSQL delivers the notification: within
  // moments, and only to the answers that show the kind.
  it("a read mark on one drops the reader's page on the other, and leaves its task list", async () => {
    const id = await newDocument(w, folder, 'dix.pdf');
    const page = () => onOther(`/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=100`, 'client');
    const tasks = () => onOther(`/api/tasks?accounting_firm_id=${firm}`, 'collab');
    const unreadOf = async () => (await page()).find((n: { id: number }) => n.id === id).unread as boolean;
    expect(await unreadOf()).toBe(true);
    const before = await tasks();
    await silently(sql`UPDATE tasks SET title = title || ' (bis)'`);
    await open(id);
    const started = Date.now();
    while ((await unreadOf()) && Date.now() - started < 1000) await new Promise((r) => setTimeout(r, 5));
    expect(await unreadOf()).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
    expect(await tasks()).toEqual(before);
  });
});
