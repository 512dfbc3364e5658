import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, upload } from '../../../../test/documents';

/**
 * The unread counts reach client files through SQL (`tenancy/reach.sql.ts`), a copy of the client
 * file's own grant (`vendors.access.ts`). For every person and every membership state that
 * matters, the client files counted must be exactly those whose documents the person may read.
 */
let w: DocsWorld;
let firm: number;
let vendors: number[];
type Who = Parameters<DocsWorld['call']>[2];
const people: Who[] = ['expert', 'collab', 'client', 'guest'];

beforeAll(async () => {
  w = await docsWorld();
  const firms = (await w.call('GET', '/api/users/me/accounting-firms')).body.data as {
    id: number;
    name: string;
  }[];
  firm = firms.find((f) => f.name === 'Cabinet Centre')!.id;
  vendors = (
    (await w.call('GET', `/api/accounting-firms/${firm}/vendors`)).body.data as { id: number }[]
  ).map((v) => v.id);
  // One document in every client file, added by nobody the people are (unread to all of them).
  for (const vendor of vendors) {
    const root = (await w.call('GET', `/api/vendors/${vendor}/folders`)).body.data[0].id;
    const folder = (
      await w.call('POST', `/api/vendors/${vendor}/folders`, 'expert', { name: 'Reach', parent_id: root })
    ).body.data.id;
    expect((await upload({ ...w, vendor }, folder, 'reach.txt', Buffer.from(`reach ${vendor}`))).status).toBe(
      200,
    );
  }
  await w.t.database.db.execute(sql`UPDATE document_versions SET author_id = NULL`);
  // The client and the guest also belong to a second client file, so that a change to their first
  // one leaves them in the firm (the route answers) and the count must drop that one alone.
  const second = vendors.find((v) => v !== w.vendor)!;
  await w.t.database.db.execute(sql`INSERT INTO vendor_memberships (accounting_firm_id, vendor_id, user_id, role)
    SELECT ${firm}, ${second}, id, 'collaborator' FROM users WHERE email IN ('client@portals.test', 'guest@portals.test')`);
});
afterAll(() => w.t.close());

/** Counted by the unread route, and readable by the client file's own check, for one person. */
async function compare(who: Who) {
  const answer = await w.call('GET', `/api/users/me/accounting-firms/${firm}/unread-documents`, who);
  const counted =
    answer.status === 200 ? (answer.body.data as { vendor_id: number }[]).map((r) => r.vendor_id) : [];
  const readable: number[] = [];
  for (const vendor of vendors)
    if ((await w.call('GET', `/api/vendors/${vendor}/folders`, who)).status === 200) readable.push(vendor);
  return { counted: counted.sort(), readable: readable.sort() };
}

/** Changes `sqlText` then, once the caches know (a change announced at commit), compares everyone. */
async function everyoneAgrees(change?: ReturnType<typeof sql>) {
  if (change) await w.t.database.db.execute(change);
  for (const who of people) {
    let seen = await compare(who);
    for (let i = 0; i < 20 && seen.counted.join() !== seen.readable.join(); i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await compare(who);
    }
    expect(seen.counted, `${who}: ${JSON.stringify(seen)}`).toEqual(seen.readable);
  }
}

describe('the unread counts reach the client files each person may read, and no other', () => {
  it('as the demo has it (plus a second client file for the client and the guest)', async () => {
    await everyoneAgrees();
    expect((await compare('expert')).counted).toHaveLength(vendors.length);
    expect((await compare('client')).counted).toHaveLength(2);
  });

  it('a client membership ended yesterday, then pending', async () => {
    const guestsFirst = sql`user_id = (SELECT id FROM users WHERE email = 'guest@portals.test')
      AND vendor_id = ${w.vendor}`;
    await everyoneAgrees(
      sql`UPDATE vendor_memberships SET revoked_at = CURRENT_DATE - 1 WHERE ${guestsFirst}`,
    );
    expect((await compare('guest')).counted).not.toContain(w.vendor);
    await everyoneAgrees(
      sql`UPDATE vendor_memberships SET revoked_at = NULL, pending = true WHERE ${guestsFirst}`,
    );
    expect((await compare('guest')).counted).not.toContain(w.vendor);
    expect((await compare('guest')).counted).toHaveLength(1);
  });

  it('a deactivated client file, seen by its client user and by the firm', async () => {
    await everyoneAgrees(sql`UPDATE vendors SET status = 'deactivated' WHERE id = ${w.vendor}`);
    expect((await compare('client')).counted).toHaveLength(1);
    expect((await compare('client')).counted).not.toContain(w.vendor);
  });

  it('a collaborator given every client file, then back to their assignments, then pending', async () => {
    const collab = sql`(SELECT id FROM users WHERE email = 'collab@portals.test')`;
    await everyoneAgrees(
      sql`UPDATE accounting_firm_memberships SET all_vendors = true WHERE user_id = ${collab}`,
    );
    expect((await compare('collab')).counted).toHaveLength(vendors.length);
    await everyoneAgrees(
      sql`UPDATE accounting_firm_memberships SET all_vendors = false WHERE user_id = ${collab}`,
    );
    await everyoneAgrees(
      sql`UPDATE accounting_firm_memberships SET pending = true WHERE user_id = ${collab}`,
    );
    expect((await compare('collab')).counted).toEqual([]);
  });
});
