import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newFolder, upload } from '../../../test/documents';
import { DRAWN_PNG, FIELD, samplePdf } from '../../../test/signatures';
import { accountingFirms, signatories, signatureRequests } from '../../db/schema';
import type { SignatureEvent } from './signatures.events';

let w: DocsWorld;
let pdfId: number;
let folder: number;
let firmId: number;
const events: { kind: string; e: SignatureEvent }[] = [];
const base = () => `/api/vendors/${w.vendor}/signatures`;
const outsider = (email: string, fields = [FIELD]) => ({
  email,
  firstname: 'Olivia',
  lastname: 'Outsider',
  fields,
});
const create = (body: Record<string, unknown>, documentId = pdfId) =>
  w.call('POST', base(), 'expert', {
    document_id: documentId,
    name: 'Mandat',
    ordering: 'sequential',
    ...body,
  });

async function sent(body: Record<string, unknown>, documentId = pdfId): Promise<number> {
  const res = await create(body, documentId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const send = await w.call('POST', `${base()}/${res.body.data.id}/send`);
  expect(send.status, JSON.stringify(send.body)).toBe(200);
  return res.body.data.id;
}

const db = () => w.t.database.db;
const mailsTo = (email: string, subject: RegExp) =>
  w.t.mails.filter((m) => m.to === email && subject.test(m.subject));
const setBalance = (balance: number | null) =>
  w.call('PATCH', `/api/sa/accounting-firms/${firmId}`, 'superadmin', { signature_balance: balance });

beforeAll(async () => {
  w = await docsWorld();
  firmId = w.portals!.firms.centre.id;
  folder = await newFolder(w, 'Contrats', w.root);
  pdfId = (await upload(w, folder, 'Contrat.pdf', await samplePdf(2))).body.data.id;
  for (const kind of ['sent', 'signed', 'refused', 'completed', 'canceled', 'expired'] as const)
    w.t.events.on(`signature.${kind}`, (e) => void events.push({ kind, e }));
}, 180_000);
afterAll(() => w.t.close());

describe('drafts', () => {
  it('PATCH changes a draft with the creation rules; once sent, 409 signature-request-not-draft', async () => {
    const { client } = w.portals!.people;
    const id = (await create({ signatories: [outsider('draft@out.test')] })).body.data.id;
    const renamed = await w.call('PATCH', `${base()}/${id}`, 'expert', {
      name: 'Mandat v2',
      reminder_every_days: 3,
      signatories: [
        { user_id: client.id, fields: [FIELD] },
        outsider('draft2@out.test', [{ ...FIELD, page: 2 }]),
      ],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.name).toBe('Mandat v2');
    expect(renamed.body.data.reminder_every_days).toBe(3);
    expect(renamed.body.data.signatories.map((s: { email: string }) => s.email)).toEqual([
      client.email,
      'draft2@out.test',
    ]);
    expect(renamed.body.data.signatories[1].fields[0].page).toBe(2);
    // Only the name: the signatories stay.
    const kept = await w.call('PATCH', `${base()}/${id}`, 'expert', { message: 'Merci' });
    expect(kept.body.data.signatories).toHaveLength(2);
    expect(kept.body.data.message).toBe('Merci');
    // The creation's rules, on the merged draft.
    const twice = await w.call('PATCH', `${base()}/${id}`, 'expert', {
      signatories: [outsider('x@out.test'), outsider('X@out.test')],
    });
    expect([twice.status, twice.body.code]).toEqual([422, 'signatory-already-exists']);
    const page = await w.call('PATCH', `${base()}/${id}`, 'expert', {
      signatories: [outsider('x@out.test', [{ ...FIELD, page: 9 }])],
    });
    expect(page.body.errors['signatories.0.fields.0.page']).toBeDefined();
    expect((await w.call('PATCH', `${base()}/${id}`, 'expert', { name: 'x'.repeat(191) })).status).toBe(422);
    expect((await w.call('PATCH', `${base()}/${id}`, 'expert', { unknown: 1 })).status).toBe(422);
    expect((await w.call('PATCH', `${base()}/${id}`, 'guest', { name: 'Non' })).status).toBe(403);
    expect(
      (await w.call('PATCH', `/api/vendors/${w.otherVendor}/signatures/${id}`, 'expert', {})).status,
    ).toBe(404);
    expect((await w.call('GET', `${base()}/${id}`)).body.data.name).toBe('Mandat v2');

    expect((await w.call('POST', `${base()}/${id}/send`)).status).toBe(200);
    const late = await w.call('PATCH', `${base()}/${id}`, 'expert', { name: 'Trop tard' });
    expect([late.status, late.body.code]).toEqual([409, 'signature-request-not-draft']);
    expect((await w.call('DELETE', `${base()}/${id}`)).body.code).toBe('signature-request-not-draft');
    await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'fin du test' });
  }, 60_000);
});

describe('reminders, retry, expiry', () => {
  it('the sender reminds the signatories asked, once within the hour (429 with Retry-After)', async () => {
    const id = await sent({
      ordering: 'parallel',
      signatories: [outsider('r1@out.test'), outsider('r2@out.test')],
    });
    const reminded = await w.call('POST', `${base()}/${id}/remind`);
    expect(reminded.status).toBe(200);
    expect(mailsTo('r1@out.test', /^Rappel/)).toHaveLength(1);
    expect(mailsTo('r2@out.test', /^Rappel/)).toHaveLength(1);
    // The reminder's fresh link opens the request.
    const link = mailsTo('r1@out.test', /^Rappel/)[0]!.link!.split('/sign/')[1]!;
    expect((await w.t.request({ method: 'GET', url: `/api/signing/${link}` })).status).toBe(200);
    const again = await w.call('POST', `${base()}/${id}/remind`);
    expect([again.status, again.body.code]).toEqual([429, 'signature-reminded-recently']);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3000);
    await db()
      .update(signatories)
      .set({ remindedAt: sql`now() - interval '61 minutes'` })
      .where(eq(signatories.requestId, id));
    expect((await w.call('POST', `${base()}/${id}/remind`)).status).toBe(200);
    expect(mailsTo('r1@out.test', /^Rappel/)).toHaveLength(2);
    expect((await w.call('POST', `${base()}/${id}/remind`, 'guest')).status).toBe(403);
    const draft = (await create({ signatories: [outsider('r3@out.test')] })).body.data.id;
    expect((await w.call('POST', `${base()}/${draft}/remind`)).status).toBe(409);
    await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'fin' });
    expect((await w.call('POST', `${base()}/${id}/remind`)).body.code).toBe('signature-request-closed');
  }, 60_000);

  it('the reminder job mails those still asked at most once a day, on the request schedule', async () => {
    const id = await sent({
      reminder_every_days: 2,
      signatories: [outsider('j1@out.test'), outsider('j2@out.test')],
    });
    // Queued for two days on: nothing due now.
    await w.t.jobs.drain();
    expect(mailsTo('j1@out.test', /^Rappel/)).toHaveLength(0);
    const job = { firmId, requestId: id };
    await w.t.jobs.enqueue(db(), 'signature-reminder', job);
    await w.t.jobs.drain();
    await w.t.drainMail();
    expect(mailsTo('j1@out.test', /^Rappel/)).toHaveLength(1);
    // The second signatory is not asked yet (sequential): no reminder either.
    expect(mailsTo('j2@out.test', /^Rappel/)).toHaveLength(0);
    // The same day again: nothing.
    await w.t.jobs.enqueue(db(), 'signature-reminder', job);
    await w.t.jobs.drain();
    await w.t.drainMail();
    expect(mailsTo('j1@out.test', /^Rappel/)).toHaveLength(1);
    await db()
      .update(signatories)
      .set({ remindedAt: sql`now() - interval '25 hours'` })
      .where(eq(signatories.requestId, id));
    await w.t.jobs.enqueue(db(), 'signature-reminder', job);
    await w.t.jobs.drain();
    await w.t.drainMail();
    expect(mailsTo('j1@out.test', /^Rappel/)).toHaveLength(2);
    const audit = (await w.call('GET', `${base()}/${id}/audit`)).body.data;
    expect(audit.events.filter((e: { kind: string }) => e.kind === 'reminded')).toHaveLength(2);
    expect(audit.chain_valid).toBe(true);
    await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'fin' });
  }, 60_000);

  it('the expiry job ends an open request at expires_at: expired, notsigned, the sender told', async () => {
    const id = await sent({ signatories: [outsider('x1@out.test'), outsider('x2@out.test')] });
    const job = { firmId, requestId: id };
    // Early: nothing changes.
    await w.t.jobs.enqueue(db(), 'signature-expire', job);
    await w.t.jobs.drain();
    expect((await w.call('GET', `${base()}/${id}`)).body.data.status).toBe('waiting');
    await db()
      .update(signatureRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(signatureRequests.id, id));
    const before = mailsTo('expert@portals.test', /expirée/).length;
    await w.t.jobs.enqueue(db(), 'signature-expire', job);
    await w.t.jobs.drain();
    await w.t.drainMail();
    const after = (await w.call('GET', `${base()}/${id}`)).body.data;
    expect(after.status).toBe('expired');
    expect(after.signatories.map((s: { status: string }) => s.status)).toEqual(['notsigned', 'notsigned']);
    expect(mailsTo('expert@portals.test', /expirée/)).toHaveLength(before + 1);
    expect(events.some((e) => e.kind === 'expired' && e.e.requestId === id)).toBe(true);
  }, 60_000);

  it('retry re-queues the seal of a request in error only; the sender is mailed on each signature', async () => {
    const id = await sent({
      ordering: 'parallel',
      signatories: [outsider('s1@out.test'), outsider('s2@out.test')],
    });
    expect((await w.call('POST', `${base()}/${id}/retry`)).body.code).toBe('signature-request-not-in-error');
    for (const email of ['s1@out.test', 's2@out.test']) {
      const token = [...w.t.mails]
        .reverse()
        .find((m) => m.to === email && m.link?.includes('/sign/'))!
        .link!.split('/sign/')[1]!;
      await w.t.request({ method: 'POST', url: `/api/signing/${token}/otp` });
      const code = [...w.t.mails]
        .reverse()
        .find((m) => m.to === email && /^\d{6} /.test(m.subject))!
        .subject.slice(0, 6);
      const bearer = (
        await w.t.request({ method: 'POST', url: `/api/signing/${token}/verify`, payload: { code } })
      ).body.data.access_token;
      const signed = await w.t.request({
        method: 'POST',
        url: `/api/signing/${token}/sign`,
        headers: { authorization: `Bearer ${bearer}` },
        payload: { consent: true, signature: { type: 'typed', text: 'Olivia' } },
      });
      expect(signed.status).toBe(200);
      if (email === 's1@out.test')
        expect(mailsTo('expert@portals.test', /a signé/).length).toBeGreaterThan(0);
    }
    // The seal failed (as a lost certificate or disk would make it): the request is in error.
    await db().update(signatureRequests).set({ status: 'error' }).where(eq(signatureRequests.id, id));
    expect((await w.call('POST', `${base()}/${id}/retry`, 'guest')).status).toBe(403);
    const retried = await w.call('POST', `${base()}/${id}/retry`);
    expect(retried.body.data.status).toBe('finished');
    await w.t.jobs.drain();
    expect((await w.call('GET', `${base()}/${id}`)).body.data.status).toBe('completed');
    const kinds = events.filter((e) => e.e.requestId === id).map((e) => e.kind);
    expect(kinds).toEqual(['sent', 'signed', 'signed', 'completed']);
  }, 90_000);
});

describe('balance', () => {
  it('only the super admin sets it; each send spends one; none left answers 402', async () => {
    // The platform's routes answer a firm administrator as if absent.
    expect(
      (await w.call('PATCH', `/api/sa/accounting-firms/${firmId}`, 'expert', { signature_balance: 9 }))
        .status,
    ).toBe(404);
    expect((await setBalance(-1)).status).toBe(422);
    const set = await setBalance(1);
    expect(set.body.data.signature_balance).toBe(1);
    const settings = await w.call('GET', `/api/accounting-firms/${firmId}/signature-settings`, 'collab');
    expect(settings.body.data.signature_balance).toBe(1);
    // The settings route does not set it.
    expect(
      (
        await w.call('PATCH', `/api/accounting-firms/${firmId}/signature-settings`, 'expert', {
          signature_balance: 5,
        })
      ).status,
    ).toBe(422);
    const first = await sent({ signatories: [outsider('b1@out.test')] });
    const [row] = await db().select().from(accountingFirms).where(eq(accountingFirms.id, firmId));
    expect(row!.signatureBalance).toBe(0);
    const second = (await create({ signatories: [outsider('b2@out.test')] })).body.data.id;
    const refused = await w.call('POST', `${base()}/${second}/send`);
    expect([refused.status, refused.body.code]).toEqual([402, 'insufficient-signature-balance']);
    expect(refused.body.message).toBe('Solde de signatures insuffisant.');
    expect((await w.call('GET', `${base()}/${second}`)).body.data.status).toBe('created');
    expect(mailsTo('b2@out.test', /.*/)).toHaveLength(0);
    await setBalance(null);
    expect((await w.call('POST', `${base()}/${second}/send`)).status).toBe(200);
    const [unlimited] = await db().select().from(accountingFirms).where(eq(accountingFirms.id, firmId));
    expect(unlimited!.signatureBalance).toBeNull();
    for (const id of [first, second])
      await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'fin' });
  }, 60_000);

  it('two sends at once with one left: one is sent, the other answers 402', async () => {
    await setBalance(1);
    const ids = [];
    for (const email of ['c1@out.test', 'c2@out.test'])
      ids.push((await create({ signatories: [outsider(email)] })).body.data.id);
    const results = await Promise.all(ids.map((id) => w.call('POST', `${base()}/${id}/send`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 402]);
    const [row] = await db().select().from(accountingFirms).where(eq(accountingFirms.id, firmId));
    expect(row!.signatureBalance).toBe(0);
    await setBalance(null);
    for (const id of ids) await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'fin' });
  }, 60_000);
});

describe('portal settings and the members code', () => {
  it('defaults apply to new requests; only a firm administrator changes them', async () => {
    const url = `/api/accounting-firms/${firmId}/signature-settings`;
    expect((await w.call('GET', url, 'collab')).body.data.code_for_members).toBe(false);
    // A firm's settings are its members': a client user is answered as if they did not exist.
    expect((await w.call('GET', url, 'client')).status).toBe(404);
    expect((await w.call('PATCH', url, 'collab', { default_expiry_days: 10 })).status).toBe(403);
    expect((await w.call('PATCH', url, 'expert', { default_expiry_days: 400 })).status).toBe(422);
    expect((await w.call('PATCH', url, 'expert', { default_reminder_every_days: 15 })).status).toBe(422);
    const other = w.portals!.firms.nord.id;
    expect((await w.call('GET', `/api/accounting-firms/${other}/signature-settings`, 'collab')).status).toBe(
      404,
    );
    const changed = await w.call('PATCH', url, 'expert', {
      default_expiry_days: 10,
      default_reminder_every_days: 4,
    });
    expect(changed.body.data).toMatchObject({ default_expiry_days: 10, default_reminder_every_days: 4 });
    const made = (await create({ signatories: [outsider('def@out.test')] })).body.data;
    expect(made.reminder_every_days).toBe(4);
    const days = (new Date(made.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);
    // An explicit "no reminders" stays none.
    expect(
      (await create({ reminder_every_days: null, signatories: [outsider('def@out.test')] })).body.data
        .reminder_every_days,
    ).toBeNull();
    await w.call('PATCH', url, 'expert', { default_expiry_days: 30, default_reminder_every_days: null });
  }, 60_000);

  it('with the setting on, a client user signs with the mailed code, single use', async () => {
    const { client } = w.portals!.people;
    const url = `/api/accounting-firms/${firmId}/signature-settings`;
    expect(
      (await w.call('PATCH', url, 'expert', { code_for_members: true })).body.data.code_for_members,
    ).toBe(true);
    const id = await sent({ signatories: [{ user_id: client.id, fields: [FIELD] }] });
    const mine = await w.call('GET', `/api/users/me/signatures?accounting_firm_id=${firmId}`, 'client');
    expect(mine.body.data.find((r: { id: number }) => r.id === id).code_required).toBe(true);
    const sign = { consent: true, signature: { type: 'drawn', image: DRAWN_PNG } };
    const none = await w.call('POST', `${base()}/${id}/sign`, 'client', sign);
    expect([none.status, none.body.code]).toEqual([422, 'signature-code-required']);
    expect(none.body.errors.otp).toBeDefined();
    expect((await w.call('POST', `${base()}/${id}/otp`, 'collab')).status).toBe(403);
    expect((await w.call('POST', `${base()}/${id}/otp`, 'client')).status).toBe(202);
    expect((await w.call('POST', `${base()}/${id}/otp`, 'client')).status).toBe(429);
    const code = mailsTo(client.email, /^\d{6} /)
      .at(-1)!
      .subject.slice(0, 6);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await w.call('POST', `${base()}/${id}/sign`, 'client', { ...sign, otp: wrong })).body.code).toBe(
      'invalid-otp',
    );
    expect((await w.call('POST', `${base()}/${id}/sign`, 'client', { ...sign, otp: code })).status).toBe(200);
    const audit = (await w.call('GET', `${base()}/${id}/audit`)).body.data.events.map(
      (e: { kind: string }) => e.kind,
    );
    expect(audit).toEqual(expect.arrayContaining(['code_sent', 'code_failed', 'code_checked', 'signed']));
    await w.call('PATCH', url, 'expert', { code_for_members: false });
    await w.t.jobs.drain();
  }, 60_000);
});

describe('deleting', () => {
  it('a document under an open request does not go to the trash, alone, in a folder, or forced', async () => {
    const sub = await newFolder(w, 'En signature', folder);
    const doc = (await upload(w, sub, 'Bail.pdf', await samplePdf(1, 'Bail'))).body.data.id;
    const id = await sent({ signatories: [outsider('del@out.test')] }, doc);
    const one = await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${doc}`);
    expect([one.status, one.body.code]).toEqual([409, 'document-in-signature']);
    const inFolder = await w.call('DELETE', `/api/vendors/${w.vendor}/folders/${sub}`);
    expect([inFolder.status, inFolder.body.code]).toEqual([409, 'document-in-signature']);
    const parent = await w.call('POST', `/api/vendors/${w.vendor}/nodes/delete`, 'expert', {
      document_ids: [],
      folder_ids: [folder],
      force: true,
    });
    expect(parent.body.code).toBe('document-in-signature');
    // A draft holds nothing back; a canceled request neither.
    await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'fin' });
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${doc}`)).status).toBe(204);
  }, 60_000);

  it('deleting a client file for good cancels its requests and tells their signatories', async () => {
    const fle = w.portals!.files.FLE01;
    const other = { ...w, vendor: fle.id };
    const root = (await w.call('GET', `/api/vendors/${fle.id}/folders`)).body.data[0].id;
    const sub = await newFolder(other, 'Docs', root);
    const doc = (await upload(other, sub, 'Statuts.pdf', await samplePdf(1))).body.data.id;
    const res = await w.call('POST', `/api/vendors/${fle.id}/signatures`, 'expert', {
      document_id: doc,
      name: 'Statuts',
      ordering: 'sequential',
      signatories: [outsider('fle@out.test')],
    });
    const id = res.body.data.id;
    expect((await w.call('POST', `/api/vendors/${fle.id}/signatures/${id}/send`)).status).toBe(200);
    const gone = await w.call('DELETE', `/api/vendors/${fle.id}`, 'expert', { confirmation: 'FLE01' });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(mailsTo('fle@out.test', /annulée/)).toHaveLength(1);
    expect(events.some((e) => e.kind === 'canceled' && e.e.requestId === id)).toBe(true);
    const left = await db()
      .select()
      .from(signatureRequests)
      .where(and(eq(signatureRequests.accountingFirmId, firmId), eq(signatureRequests.id, id)));
    expect(left).toHaveLength(0);
  }, 60_000);
});
