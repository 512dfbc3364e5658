import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newDocument, newFolder, upload } from '../../../test/documents';
import { DRAWN_PNG, FIELD, samplePdf } from '../../../test/signatures';

let w: DocsWorld;
let pdfId: number;
let folder: number;
const base = () => `/api/vendors/${w.vendor}/signatures`;
const outsider = (email: string, fields = [FIELD]) => ({
  email,
  firstname: 'Olivia',
  lastname: 'Outsider',
  fields,
});
const sign = { consent: true, signature: { type: 'drawn', image: DRAWN_PNG } };
type Who = 'expert' | 'client' | 'collab' | 'guest';

const create = (body: Record<string, unknown>, who: Who = 'expert') =>
  w.call('POST', base(), who, { document_id: pdfId, name: 'Mandat', ordering: 'sequential', ...body });

async function sent(body: Record<string, unknown>): Promise<number> {
  const res = await create(body);
  expect(res.status).toBe(201);
  expect((await w.call('POST', `${base()}/${res.body.data.id}/send`)).status).toBe(200);
  return res.body.data.id;
}

const linkOf = (email: string) =>
  [...w.t.mails]
    .reverse()
    .find((m) => m.to === email && m.link?.includes('/sign/'))
    ?.link?.split('/sign/')[1];

async function accessOf(email: string): Promise<{ token: string; bearer: string }> {
  const token = linkOf(email)!;
  expect((await w.t.request({ method: 'POST', url: `/api/signing/${token}/otp` })).status).toBe(202);
  const code = [...w.t.mails]
    .reverse()
    .find((m) => m.to === email && /^\d{6} /.test(m.subject))!
    .subject.slice(0, 6);
  const res = await w.t.request({ method: 'POST', url: `/api/signing/${token}/verify`, payload: { code } });
  return { token, bearer: res.body.data.access_token };
}

beforeAll(async () => {
  w = await docsWorld();
  folder = await newFolder(w, 'Mandats', w.root);
  pdfId = (await upload(w, folder, 'Mandat.pdf', await samplePdf(2))).body.data.id;
}, 60_000);
afterAll(() => w.t.close());

describe('signature request rules', () => {
  it('refuses what the spec refuses, with its codes and the fields named', async () => {
    const people = w.portals!.people;
    const text = await newDocument(w, folder, 'note.txt', 'just text');
    const notPdf = await create({ document_id: text, signatories: [outsider('a@out.test')] });
    expect([notPdf.status, notPdf.body.code]).toEqual([422, 'signature-pdf-only']);
    const fake = (await upload(w, folder, 'fake.pdf', Buffer.from('%PDF-1.4 nothing else'))).body.data.id;
    expect((await create({ document_id: fake, signatories: [outsider('a@out.test')] })).body.code).toBe(
      'pdf-unreadable',
    );

    const twice = await create({ signatories: [outsider('a@out.test'), outsider('A@out.test')] });
    expect([twice.status, twice.body.code]).toEqual([422, 'signatory-already-exists']);
    expect(twice.body.errors['signatories.1']).toBeDefined();
    const noField = await create({ signatories: [outsider('a@out.test', [])] });
    expect([noField.status, noField.body.code]).toEqual([422, 'one-signature-per-signatory']);
    const two = await create({ signatories: [outsider('a@out.test', [FIELD, FIELD])] });
    expect(two.body.code).toBe('one-signature-per-signatory');
    const page3 = await create({ signatories: [outsider('a@out.test', [{ ...FIELD, page: 3 }])] });
    expect(page3.status).toBe(422);
    expect(page3.body.errors['signatories.0.fields.0.page']).toBeDefined();
    const offPage = await create({ signatories: [outsider('a@out.test', [{ ...FIELD, x: 0.9 }])] });
    expect(offPage.status).toBe(422);
    expect(offPage.body.errors['signatories.0.fields.0.width']).toBeDefined();
    const tiny = await create({ signatories: [outsider('a@out.test', [{ ...FIELD, width: 0.01 }])] });
    expect(tiny.body.errors['signatories.0.fields.0.width']).toBeDefined();
    // The super admin reaches no client file: not a possible signatory.
    const stranger = await create({ signatories: [{ user_id: people.superadmin.id, fields: [FIELD] }] });
    expect([stranger.status, stranger.body.code]).toEqual([422, 'signatory-not-allowed']);
    expect(stranger.body.errors['signatories.0.user_id']).toBeDefined();
    const long = await create({ name: 'x'.repeat(191), signatories: [outsider('a@out.test')] });
    expect(long.status).toBe(422);
    expect(long.body.errors.name).toEqual([expect.any(String)]);
    expect((await create({ signatories: [] })).status).toBe(422);
    expect((await create({ signatories: [outsider('a@out.test')], extra: 1 })).status).toBe(422);
    const past = await create({ expires_at: '2020-01-01T00:00:00Z', signatories: [outsider('a@out.test')] });
    expect(past.body.errors.expires_at).toBeDefined();
    expect((await create({ reminder_every_days: 15, signatories: [outsider('a@out.test')] })).status).toBe(
      422,
    );
    // A guest reads, never sends.
    expect((await create({ signatories: [outsider('a@out.test')] }, 'guest')).status).toBe(403);
    expect((await w.call('GET', base(), 'guest')).status).toBe(200);
  }, 60_000);

  it('drafts are deleted, not canceled; sent ones are canceled, not deleted; the outsider link dies', async () => {
    const draft = (await create({ signatories: [outsider('d@out.test')] })).body.data.id;
    expect((await w.call('POST', `${base()}/${draft}/cancel`, 'expert', { reason: 'x' })).body.code).toBe(
      'signature-request-not-draft',
    );
    expect((await w.call('DELETE', `${base()}/${draft}`)).status).toBe(200);
    expect((await w.call('GET', `${base()}/${draft}`)).status).toBe(404);

    const id = await sent({ signatories: [outsider('e@out.test')] });
    expect((await w.call('DELETE', `${base()}/${id}`)).status).toBe(409);
    const token = linkOf('e@out.test')!;
    expect((await w.call('POST', `${base()}/${id}/cancel`, 'expert', {})).status).toBe(422);
    const canceled = await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'Remplacé' });
    expect(canceled.body.data.status).toBe('canceled');
    expect(canceled.body.data.signatories[0].status).toBe('notsigned');
    const link = await w.t.request({ method: 'GET', url: `/api/signing/${token}` });
    expect([link.status, link.body.code]).toEqual([410, 'signing-link-expired']);
    expect(
      (await w.t.request({ method: 'GET', url: '/api/signing/unknownunknownunknownunknown' })).status,
    ).toBe(404);
  }, 60_000);

  it('sequential order: the second waits its turn; a refusal ends the request for everyone', async () => {
    const { client, collab } = w.portals!.people;
    const id = await sent({
      signatories: [
        { user_id: client.id, fields: [FIELD] },
        { user_id: collab.id, fields: [{ ...FIELD, page: 2 }] },
      ],
    });
    expect(w.t.mails.some((m) => m.to === collab.email && m.link?.includes(`sign=${id}`))).toBe(false);
    const early = await w.call('POST', `${base()}/${id}/sign`, 'collab', sign);
    expect([early.status, early.body.code]).toEqual([403, 'not-your-turn']);
    // Someone who is not a signatory of it.
    expect((await w.call('POST', `${base()}/${id}/sign`, 'guest', sign)).status).toBe(403);
    expect((await w.call('POST', `${base()}/${id}/refuse`, 'client', {})).status).toBe(422);
    expect(
      (await w.call('POST', `${base()}/${id}/refuse`, 'client', { reason: 'Montant erroné' })).status,
    ).toBe(200);
    const after = (await w.call('GET', `${base()}/${id}`)).body.data;
    expect(after.status).toBe('refused');
    expect(after.signatories.map((s: { status: string }) => s.status)).toEqual(['refused', 'notsigned']);
    const late = await w.call('POST', `${base()}/${id}/sign`, 'collab', sign);
    expect([late.status, late.body.code]).toEqual([409, 'signature-request-closed']);
    expect(w.t.mails.some((m) => m.to === 'expert@portals.test' && /refusée/.test(m.subject))).toBe(true);
  }, 60_000);

  it('parallel signatories signing at the same instant make two chained revisions', async () => {
    const id = await sent({
      ordering: 'parallel',
      signatories: [outsider('p1@out.test'), outsider('p2@out.test')],
    });
    const one = await accessOf('p1@out.test');
    const two = await accessOf('p2@out.test');
    // An access token is good for its own link only.
    const crossed = await w.t.request({
      method: 'GET',
      url: `/api/signing/${two.token}/document`,
      headers: { authorization: `Bearer ${one.bearer}` },
    });
    expect(crossed.status).toBe(401);
    const body = { consent: true, signature: { type: 'typed', text: 'Olivia' } };
    const results = await Promise.all(
      [one, two].map((a) =>
        w.t.request({
          method: 'POST',
          url: `/api/signing/${a.token}/sign`,
          headers: { authorization: `Bearer ${a.bearer}` },
          payload: body,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await w.call('GET', `${base()}/${id}`)).body.data.status).toBe('finished');
    await w.t.jobs.drain();
    const done = (await w.call('GET', `${base()}/${id}`)).body.data;
    expect(done.status).toBe('completed');
    const res = await w.t.app.inject({
      method: 'GET',
      url: `${base()}/${id}/content`,
      headers: { authorization: `Bearer ${w.tokens.expert}` },
    });
    const { verifyPdf } = await import('./pades/verify');
    const verified = verifyPdf(res.rawPayload);
    expect(verified.valid).toBe(true);
    expect(verified.signatures).toHaveLength(3);
  }, 60_000);

  it("another tenant's request answers 404", async () => {
    const id = (await create({ signatories: [outsider('t@out.test')] })).body.data.id;
    // TRN01 is the other portal's client file: the collaborator of this one has no place there.
    expect((await w.call('GET', `/api/vendors/${w.otherVendor}/signatures/${id}`, 'expert')).status).toBe(
      404,
    );
    expect((await w.call('GET', `/api/vendors/${w.otherVendor}/signatures`, 'collab')).status).toBe(404);
    expect((await w.call('GET', `${base()}/${id}`, 'client')).status).toBe(200);
    expect((await w.call('GET', `${base()}/${id + 1000}`)).status).toBe(404);
  }, 60_000);
});
