import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DocsWorld, docsWorld, upload } from '../../../../test/documents';

/** The accounting periods of a client file once documents are filed in them (issue 13's seam). */
let w: DocsWorld;
let folder = 0;
let year = 2000;
beforeAll(async () => {
  w = await docsWorld();
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', {
      name: 'Exercices',
      parent_id: w.root,
    })
  ).body.data.id;
});
afterAll(() => w.t.close());

const periodsUrl = () => `/api/vendors/${w.vendor}/accounting-periods`;
const periods = async () =>
  (await w.call('GET', periodsUrl())).body.data as { id: number; name: string; end_date: string }[];
/** A new period of its own year (periods of one client file may not overlap). */
async function period(): Promise<number> {
  year += 1;
  const res = await w.call('POST', periodsUrl(), 'expert', {
    name: `Exercice ${year}`,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}
const fileIn = async (periodId: number, name: string) => {
  const doc = (await upload(w, folder, name, Buffer.from(`content of ${name}`))).body.data.id as number;
  const res = await w.call('PATCH', `/api/vendors/${w.vendor}/documents/${doc}`, 'expert', {
    accounting_period_id: periodId,
  });
  expect(res.status).toBe(200);
  expect(res.body.data.accounting_period_id).toBe(periodId);
  return doc;
};
const removePeriod = (id: number, who: Parameters<DocsWorld['call']>[2] = 'expert') =>
  w.call('DELETE', `${periodsUrl()}/${id}`, who);

describe('DELETE /api/vendors/{id}/accounting-periods/{period_id} with documents', () => {
  it('refuses a period holding documents (422 accounting-period-contains-documents); nothing changes', async () => {
    const held = await period();
    const doc = await fileIn(held, 'bilan.pdf');
    const before = await periods();
    const refused = await removePeriod(held);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'accounting-period-contains-documents',
      message: "L'exercice contient des documents : déplacez-les d'abord.",
    });
    expect(await periods()).toEqual(before);
    const kept = await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}`);
    expect(kept.body.data.accounting_period_id).toBe(held);
    // The message follows the reader's language.
    const english = await w.t.request({
      method: 'DELETE',
      url: `${periodsUrl()}/${held}`,
      token: w.tokens.expert,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.message).toBe('The period contains documents: move them first.');
  });

  it('counts a document in the trash, and lets the period go once the trash is emptied', async () => {
    const held = await period();
    const doc = await fileIn(held, 'corbeille.pdf');
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${doc}`)).status).toBe(204);
    expect((await removePeriod(held)).body.code).toBe('accounting-period-contains-documents');
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/trash`)).status).toBe(204);
    expect((await removePeriod(held)).status).toBe(200);
    expect((await periods()).map((p) => p.id)).not.toContain(held);
  });

  it('deletes an empty period, and one whose documents were filed elsewhere', async () => {
    const empty = await period();
    // A document of the same client file in another period does not hold this one.
    await fileIn(await period(), 'autre.pdf');
    const res = await removePeriod(empty);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
    expect((await periods()).map((p) => p.id)).not.toContain(empty);

    const moved = await period();
    const doc = await fileIn(moved, 'deplace.pdf');
    expect((await removePeriod(moved)).status).toBe(422);
    const unfiled = await w.call('PATCH', `/api/vendors/${w.vendor}/documents/${doc}`, 'expert', {
      accounting_period_id: null,
    });
    expect(unfiled.body.data.accounting_period_id).toBeNull();
    expect((await removePeriod(moved)).status).toBe(200);
  });

  it('answers a client user without the right 403 before looking at the documents', async () => {
    const held = await period();
    await fileIn(held, 'invite.pdf');
    expect((await removePeriod(held, 'guest')).status).toBe(403);
    expect((await periods()).map((p) => p.id)).toContain(held);
  });
});

/** Concurrency shows on PostgreSQL only (PGlite runs one transaction at a time). */
describe.runIf(inject('databaseKind') === 'postgres')(
  'a period deleted while a document is filed in it (PostgreSQL)',
  () => {
    it('either the filing wins and the deletion is refused, or the deletion wins and the filing is refused', async () => {
      for (let i = 0; i < 8; i++) {
        const target = await period();
        const doc = (await upload(w, folder, `course-${i}.pdf`, Buffer.from(`race ${i}`))).body.data.id;
        const [filed, removed] = await Promise.all([
          w.call('PATCH', `/api/vendors/${w.vendor}/documents/${doc}`, 'collab', {
            accounting_period_id: target,
          }),
          // Sent at once, or a little later, so that either request may take the period's row first.
          new Promise((r) => setTimeout(r, i % 4)).then(() => removePeriod(target)),
        ]);
        const after = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}`)).body.data;
        if (removed.status === 200) {
          expect(filed.status, JSON.stringify(filed.body)).toBe(422);
          expect(filed.body.errors).toHaveProperty('accounting_period_id');
          expect(after.accounting_period_id).toBeNull();
        } else {
          expect(removed.status, JSON.stringify(removed.body)).toBe(422);
          expect(removed.body.code).toBe('accounting-period-contains-documents');
          expect(filed.status).toBe(200);
          expect(after.accounting_period_id).toBe(target);
          expect((await periods()).map((p) => p.id)).toContain(target);
        }
      }
    });
  },
);
