import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DocsWorld, docsWorld, newDocument, newFolder } from '../../../test/documents';
import { csvCell } from './audit-csv';

let w: DocsWorld;
let firm = 0;
let otherFirm = 0;
let base = 0;
beforeAll(async () => {
  w = await docsWorld();
  firm = w.portals!.firms.centre.id;
  otherFirm = w.portals!.firms.nord.id;
  base = await newFolder(w, 'Audit', w.root);
});
afterAll(() => w.t.close());

const db = () => w.t.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await db().execute(query)) as unknown as { rows: T[] };
/** The database's refusal of a statement ('' when it passes). */
async function failure(query: ReturnType<typeof sql>): Promise<string> {
  try {
    await db().execute(query);
    return '';
  } catch (error) {
    return String((error as { cause?: Error }).cause?.message ?? error);
  }
}
const events = (query = '', who: Parameters<DocsWorld['call']>[2] = 'expert') =>
  w.call('GET', `/api/accounting-firms/${firm}/audit-events${query}`, who);

describe('the audit log', () => {
  it('records an upload, a rename, a move and a deletion, each in its change', async () => {
    const doc = await newDocument(w, base, 'facture =1+1.pdf', 'x');
    const sub = await newFolder(w, 'Sous', base);
    await w.call('PATCH', `/api/vendors/${w.vendor}/documents/${doc}`, 'expert', { name: 'renamed.pdf' });
    await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${doc}`);
    const res = await events(`?subject_type=document&subject_id=${doc}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { action: string }) => e.action)).toEqual([
      'document.deleted',
      'document.renamed',
      'document.created',
    ]);
    const created = res.body.data[2];
    expect(created.subject).toEqual({ type: 'document', id: String(doc), name: 'facture =1+1.pdf' });
    expect(created.actor.email).toBe(w.portals!.people.expert.email);
    expect(created.vendor_id).toBe(w.vendor);
    expect(res.body.data[1].details).toEqual({ from_name: 'facture =1+1.pdf', to_name: 'renamed.pdf' });
    const folders = await events(`?actions[]=folder.created&subject_id=${sub}`);
    expect(folders.body.data).toHaveLength(1);
  });

  it('logs a download, batched, without making the download wait', async () => {
    const doc = await newDocument(w, base, 'telecharge.txt', 'hello');
    const res = await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}/content`);
    expect(res.status).toBe(200);
    await vi.waitFor(
      async () => {
        const log = await events(`?actions[]=document.downloaded&subject_id=${doc}`);
        expect(log.body.data).toHaveLength(1);
      },
      { timeout: 5000, interval: 200 },
    );
  });

  it('logs sign-ins on the portal of the host, and a client file edit with its old and new values', async () => {
    const signIns = await events('?actions[]=user.signed_in');
    expect(signIns.body.data.length).toBeGreaterThan(0);
    expect(signIns.body.data[0].details).toEqual({ method: 'password' });
    await w.t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@x.test', password: 'wrong-password' },
    });
    const failed = await events('?actions[]=user.sign_in_failed');
    expect(failed.body.data[0].subject.name).toBe('nobody@x.test');
    const edit = await w.call('PATCH', `/api/vendors/${w.vendor}`, 'expert', { notes: 'Nouvelle note' });
    expect(edit.status).toBeLessThan(300);
    const updated = await w.call('GET', `/api/vendors/${w.vendor}/audit-events?actions[]=vendor.updated`);
    expect(updated.body.data[0].details.changes.notes).toEqual({ from: null, to: 'Nouvelle note' });
  });

  it('refuses an UPDATE and a DELETE on the table; a rolled-back change leaves no row', async () => {
    expect(await failure(sql`UPDATE audit_events SET action = 'x'`)).toMatch(/append-only/);
    expect(await failure(sql`DELETE FROM audit_events`)).toMatch(/append-only/);
    const before = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_events`)).rows[0]!.n;
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO audit_events (accounting_firm_id, action) VALUES (${firm}, 'document.created')`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_events`)).rows[0]!.n;
    expect(after).toBe(before);
  });

  it('pages with a keyset cursor and refuses a malformed or foreign one', async () => {
    const first = await events('?per_page=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await events(`?per_page=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data[0].id).toBeLessThan(first.body.data[1].id);
    expect((await events('?cursor=nonsense')).status).toBe(422);
    const foreign = await w.call(
      'GET',
      `/api/vendors/${w.vendor}/audit-events?cursor=${first.body.next_cursor}`,
      'expert',
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({
      cursor: [expect.stringMatching(/^Curseur de pagination invalide/)],
    });
    expect((await events('?from=2026-02-01&to=2026-01-01')).status).toBe(422);
    expect((await events('?per_page=101')).status).toBe(422);
    expect((await events('?family=nope')).status).toBe(422);
  });

  it('filters by client file, person, family and date', async () => {
    const mine = await w.call('GET', `/api/vendors/${w.vendor}/audit-events?family=document`, 'collab');
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    for (const e of mine.body.data) {
      expect(e.vendor_id).toBe(w.vendor);
      expect(e.action.startsWith('document.')).toBe(true);
    }
    const byActor = await events(`?actor_id=${w.portals!.people.expert.id}&family=document`);
    expect(byActor.body.data.length).toBeGreaterThan(0);
    // A person or client file foreign to the log is refused, like one that does not exist.
    expect((await events('?actor_id=999999')).status).toBe(422);
    expect((await events(`?vendor_id=${w.otherVendor}`)).status).toBe(422);
    expect((await events(`?vendor_id=${w.vendor}`)).status).toBe(200);
    const future = await events('?from=2999-01-01');
    expect(future.body.data).toEqual([]);
  });

  it('answers 403 to a collaborator on the portal log, 403 to a client user, 404 on another portal', async () => {
    expect((await events('', 'collab')).status).toBe(403);
    expect((await w.call('GET', `/api/vendors/${w.vendor}/audit-events`, 'client')).status).toBe(403);
    expect((await w.call('GET', `/api/accounting-firms/${otherFirm}/audit-events`, 'collab')).status).toBe(
      404,
    );
    const settings = await w.call('PATCH', `/api/accounting-firms/${firm}/audit-settings`, 'collab', {
      retention_days: 200,
    });
    expect(settings.status).toBe(403);
  });

  it('keeps the retention between 90 and 3,650 days', async () => {
    const url = `/api/accounting-firms/${firm}/audit-settings`;
    expect((await w.call('GET', url)).body.data).toEqual({ retention_days: 365, custom: false });
    expect((await w.call('PATCH', url, 'expert', { retention_days: 30 })).status).toBe(422);
    const set = await w.call('PATCH', url, 'expert', { retention_days: 730 });
    expect(set.body.data).toEqual({ retention_days: 730, custom: true });
  });

  it('exports CSV with a BOM, formula cells defused, through a one-use link; the export is logged', async () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    await newDocument(w, base, '=cmd.pdf', 'x');
    const link = await w.call('POST', `/api/accounting-firms/${firm}/audit-events/export/links`, 'expert', {
      family: 'document',
    });
    expect(link.status).toBe(200);
    const res = await w.t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.body.startsWith('\uFEFFid,occurred_at,')).toBe(true);
    expect(res.body).toContain(",'=cmd.pdf,");
    expect(res.body).not.toContain(',=cmd.pdf');
    expect((await w.t.app.inject({ method: 'GET', url: link.body.data.url })).statusCode).toBe(404);
    const logged = await events('?actions[]=audit.exported');
    expect(logged.body.data[0].details).toEqual({ filters: { family: 'document' } });
  });

  it('verifies the chain and finds a row changed or removed behind its back', async () => {
    const url = `/api/accounting-firms/${firm}/audit-events/verify`;
    const ok = await w.call('GET', url);
    expect(ok.body.data).toMatchObject({ valid: true, first_broken_id: null });
    expect(ok.body.data.checked).toBeGreaterThan(3);
    const [victim] = (
      await rows<{ id: number }>(
        sql`SELECT id::int AS id FROM audit_events WHERE accounting_firm_id = ${firm} ORDER BY id LIMIT 1 OFFSET 2`,
      )
    ).rows;
    // A superuser's direct change: the trigger disabled for the session.
    await db().transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
      await tx.execute(sql`UPDATE audit_events SET subject_name = 'forged' WHERE id = ${victim!.id}`);
      await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
    });
    const broken = await w.call('GET', url);
    expect(broken.body.data).toMatchObject({ valid: false, first_broken_id: victim!.id });
  });

  it('lets the purge bypass delete; a row removed in the middle breaks the chain', async () => {
    const [row] = (
      await rows<{ id: number }>(
        sql`SELECT max(id)::int AS id FROM audit_events WHERE accounting_firm_id = ${firm}`,
      )
    ).rows;
    await newDocument(w, base, 'after.txt', 'x');
    await db().transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('portal.audit_purge', 'on', true)`);
      await tx.execute(sql`DELETE FROM audit_events WHERE id = ${row!.id}`);
    });
    const res = await w.call('GET', `/api/accounting-firms/${firm}/audit-events/verify`);
    expect(res.body.data.valid).toBe(false);
    // The purge itself keeps young rows.
    const purged = await rows<{ n: number }>(sql`SELECT audit_purge(365)::int AS n`);
    expect(purged.rows[0]!.n).toBe(0);
  });
});
