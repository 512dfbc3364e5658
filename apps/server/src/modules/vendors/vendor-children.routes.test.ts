import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSiret } from '../../../test/factories';
import { acceptInvitationMail } from '../../../test/invitations';
import { buildPortalsWorld, type PortalsWorld } from '../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let w: PortalsWorld;
const tokens: Record<string, string> = {};
const firm = { demo: 0, nord: 0 };
const vendor: Record<string, number> = {};
const userId: Record<string, number> = {};

const IBAN = 'FR7630006000011234567890189';
const bankBody = { bank_name: 'BNP Paribas', iban: IBAN, bic: 'BNPAFRPP' };
const addressBody = { type: 'head_office', street: '1 rue de la Paix', city: 'Paris', post_code: '75002' };

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPortalsWorld(t);
  for (const who of ['expert', 'collab', 'client', 'guest'] as const) {
    tokens[who] = w.tokens[who];
    userId[who] = w.people[who].id;
  }
  firm.demo = w.firms.centre.id;
  firm.nord = w.firms.nord.id;
  for (const [code, file] of Object.entries(w.files)) vendor[code] = file.id;
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: string,
  payload?: unknown,
  token?: string,
) {
  return t.request({
    method,
    url,
    token: token ?? (who ? tokens[who] : undefined),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let seq = 0;
/** A new client file of the `centre` portal (as the expert). */
async function newVendor(extra: Record<string, unknown> = {}): Promise<number> {
  const n = ++seq;
  const res = await call('POST', `/api/accounting-firms/${firm.demo}/vendors`, 'expert', {
    company: `Enfant ${n}`,
    corporate_name: `Enfant ${n} SAS`,
    client_code: `CHD${n}`,
    siret: freshSiret(),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

describe('banks', () => {
  const banks = (id: number) => `/api/vendors/${id}/banks`;

  it('creates a bank with a normalised IBAN and its parts', async () => {
    const res = await call('POST', banks(vendor.BOUL01!), 'expert', {
      bank_name: 'BNP Paribas',
      bank_address: '16 boulevard des Italiens, Paris',
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      bic: 'bnpa frpp',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      vendor_id: vendor.BOUL01,
      bank_name: 'BNP Paribas',
      bank_address: '16 boulevard des Italiens, Paris',
      iban: IBAN,
      bic: 'BNPAFRPP',
      iban_parts: {
        country_code: 'FR',
        check_digits: '76',
        bank_code: '30006',
        branch_code: '00001',
        account_number: '12345678901',
        national_key: '89',
        bban: '30006000011234567890189',
      },
    });
    const list = await call('GET', banks(vendor.BOUL01!), 'guest');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: res.body.data.id, iban: IBAN })]);
  });

  it('refuses an invalid IBAN or BIC', async () => {
    const iban = await call('POST', banks(vendor.BOUL01!), 'expert', {
      ...bankBody,
      iban: 'FR7630006000011234567890188',
    });
    expect(iban.status).toBe(422);
    expect(iban.body.errors).toEqual({ iban: ['IBAN invalide.'] });
    const bic = await call('POST', banks(vendor.BOUL01!), 'expert', { ...bankBody, bic: 'BNP' });
    expect(bic.status).toBe(422);
    expect(bic.body.errors).toEqual({ bic: ['BIC invalide.'] });
    const missing = await call('POST', banks(vendor.BOUL01!), 'expert', { bank_name: 'X', bic: 'BNPAFRPP' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.iban).toEqual(['Requis.']);
    expect((await call('GET', banks(vendor.BOUL01!), 'expert')).body.data).toHaveLength(1);
  });

  it('updates and deletes a bank', async () => {
    const id = await newVendor();
    const bank = (await call('POST', banks(id), 'expert', bankBody)).body.data;
    const updated = await call('PUT', `${banks(id)}/${bank.id}`, 'expert', {
      bank_name: 'Crédit Test',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: bank.id,
      bank_name: 'Crédit Test',
      bank_address: null,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      iban_parts: { country_code: 'DE', check_digits: '89' },
    });
    expect((await call('GET', banks(id), 'expert')).body.data).toEqual([updated.body.data]);
    const removed = await call('DELETE', `${banks(id)}/${bank.id}`, 'expert');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { success: true } });
    expect((await call('GET', banks(id), 'expert')).body.data).toEqual([]);
    expect((await call('DELETE', `${banks(id)}/${bank.id}`, 'expert')).status).toBe(404);
    expect((await call('PUT', `${banks(id)}/${bank.id}`, 'expert', bankBody)).status).toBe(404);
  });

  it('follows the rights on the client file', async () => {
    const guest = await call('POST', banks(vendor.BOUL01!), 'guest', bankBody);
    expect(guest.status).toBe(403);
    expect(guest.body.code).toBe('forbidden');
    const [first] = (await call('GET', banks(vendor.BOUL01!), 'expert')).body.data;
    expect((await call('PUT', `${banks(vendor.BOUL01!)}/${first.id}`, 'guest', bankBody)).status).toBe(403);
    expect((await call('DELETE', `${banks(vendor.BOUL01!)}/${first.id}`, 'guest')).status).toBe(403);
    // The client administrator and an assigned collaborator may write.
    expect((await call('POST', banks(vendor.BOUL01!), 'client', bankBody)).status).toBe(201);
    expect((await call('POST', banks(vendor.BOUL01!), 'collab', bankBody)).status).toBe(201);
    // Read-only assignment; no assignment; another firm's client file.
    expect((await call('GET', banks(vendor.GAR01!), 'collab')).status).toBe(200);
    expect((await call('POST', banks(vendor.GAR01!), 'collab', bankBody)).status).toBe(403);
    expect((await call('GET', banks(vendor.FLE01!), 'collab')).status).toBe(404);
    for (const who of ['collab', 'client', 'guest']) {
      expect((await call('GET', banks(vendor.TRN01!), who)).status, who).toBe(404);
      expect((await call('POST', banks(vendor.TRN01!), who, bankBody)).status, who).toBe(404);
    }
    expect((await call('GET', banks(vendor.BOUL01!))).status).toBe(401);
  });

  it('answers 404 for a bank of another client file', async () => {
    const other = (await call('POST', banks(vendor.GAR01!), 'expert', bankBody)).body.data;
    const url = `${banks(vendor.BOUL01!)}/${other.id}`;
    expect((await call('PUT', url, 'expert', { ...bankBody, bank_name: 'Piraté' })).status).toBe(404);
    expect((await call('DELETE', url, 'expert')).status).toBe(404);
    // Through BOUL01, where the client administrator has rights, GAR01's bank stays out of reach.
    expect((await call('DELETE', url, 'client')).status).toBe(404);
    expect((await call('GET', banks(vendor.GAR01!), 'expert')).body.data).toEqual([
      expect.objectContaining({ id: other.id, bank_name: 'BNP Paribas' }),
    ]);
  });
});

describe('addresses', () => {
  const addresses = (id: number) => `/api/vendors/${id}/addresses`;

  it('creates addresses of every type, France by default', async () => {
    const id = await newVendor();
    for (const type of ['head_office', 'shop', 'billing', 'delivery', 'other']) {
      const res = await call('POST', addresses(id), 'expert', { ...addressBody, type });
      expect(res.status, type).toBe(201);
      expect(res.body.data).toMatchObject({ vendor_id: id, type, country: 'France', post_code: '75002' });
    }
    const list = (await call('GET', addresses(id), 'expert')).body.data as { type: string }[];
    expect(list.map((a) => a.type)).toEqual(['head_office', 'shop', 'billing', 'delivery', 'other']);
    const bad = await call('POST', addresses(id), 'expert', { ...addressBody, type: 'castle' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.type).toHaveLength(1);
    const abroad = await call('POST', addresses(id), 'expert', { ...addressBody, country: 'Belgique' });
    expect(abroad.body.data.country).toBe('Belgique');
  });

  it('wants a post code of five digits', async () => {
    for (const post_code of ['7500', '750021', '75OO2', '']) {
      const res = await call('POST', addresses(vendor.BOUL01!), 'expert', { ...addressBody, post_code });
      expect(res.status, post_code).toBe(422);
      expect(res.body.errors.post_code).toEqual(['Le code postal doit contenir 5 chiffres.']);
    }
    const missing = await call('POST', addresses(vendor.BOUL01!), 'expert', { type: 'shop' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['city', 'post_code', 'street']);
    expect((await call('GET', addresses(vendor.BOUL01!), 'expert')).body.data).toEqual([]);
  });

  it('updates and deletes an address', async () => {
    const id = await newVendor();
    const address = (await call('POST', addresses(id), 'expert', addressBody)).body.data;
    const updated = await call('PUT', `${addresses(id)}/${address.id}`, 'expert', {
      type: 'billing',
      street: '2 avenue Foch',
      city: 'Lyon',
      post_code: '69006',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({
      id: address.id,
      vendor_id: id,
      type: 'billing',
      street: '2 avenue Foch',
      city: 'Lyon',
      country: 'France',
      post_code: '69006',
    });
    const badUpdate = await call('PUT', `${addresses(id)}/${address.id}`, 'expert', {
      ...addressBody,
      post_code: '690',
    });
    expect(badUpdate.status).toBe(422);
    expect((await call('GET', addresses(id), 'expert')).body.data).toEqual([updated.body.data]);
    expect((await call('DELETE', `${addresses(id)}/${address.id}`, 'expert')).status).toBe(200);
    expect((await call('GET', addresses(id), 'expert')).body.data).toEqual([]);
    expect((await call('DELETE', `${addresses(id)}/${address.id}`, 'expert')).status).toBe(404);
  });

  it('follows the rights on the client file', async () => {
    const mine = await call('POST', addresses(vendor.BOUL01!), 'client', addressBody);
    expect(mine.status).toBe(201);
    const url = `${addresses(vendor.BOUL01!)}/${mine.body.data.id}`;
    expect((await call('GET', addresses(vendor.BOUL01!), 'guest')).body.data).toHaveLength(1);
    expect((await call('POST', addresses(vendor.BOUL01!), 'guest', addressBody)).status).toBe(403);
    expect((await call('PUT', url, 'guest', addressBody)).status).toBe(403);
    expect((await call('DELETE', url, 'guest')).status).toBe(403);
    expect((await call('POST', addresses(vendor.GAR01!), 'collab', addressBody)).status).toBe(403);
    expect((await call('GET', addresses(vendor.FLE01!), 'collab')).status).toBe(404);
    expect((await call('GET', addresses(vendor.TRN01!), 'client')).status).toBe(404);
    // An address of another client file is not reachable through this one.
    const gar = (await call('POST', addresses(vendor.GAR01!), 'expert', addressBody)).body.data;
    expect((await call('PUT', `${addresses(vendor.BOUL01!)}/${gar.id}`, 'client', addressBody)).status).toBe(
      404,
    );
    expect((await call('DELETE', `${addresses(vendor.BOUL01!)}/${gar.id}`, 'client')).status).toBe(404);
    expect((await call('DELETE', url, 'client')).status).toBe(200);
  });
});

describe('accounting periods', () => {
  const periods = (id: number) => `/api/vendors/${id}/accounting-periods`;
  const fy = (name: string, start_date: string, end_date: string) => ({ name, start_date, end_date });

  it('creates periods and refuses overlaps, bounds included', async () => {
    const id = await newVendor();
    const first = await call('POST', periods(id), 'expert', fy('2024', '2024-01-01', '2024-12-31'));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      vendor_id: id,
      name: '2024',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      status: 'ready',
    });
    for (const [start, end] of [
      ['2024-06-01', '2025-05-31'],
      ['2023-07-01', '2024-01-01'],
      ['2024-12-31', '2025-12-30'],
      ['2023-01-01', '2025-12-31'],
    ] as const) {
      const res = await call('POST', periods(id), 'expert', fy('clash', start, end));
      expect(res.status, `${start} ${end}`).toBe(422);
      expect(res.body.code).toBe('accounting-period-overlap');
      expect(res.body.errors.start_date).toEqual(['Cet exercice chevauche un exercice existant.']);
    }
    expect((await call('POST', periods(id), 'expert', fy('2025', '2025-01-01', '2025-12-31'))).status).toBe(
      201,
    );
    const list = (await call('GET', periods(id), 'expert')).body.data as { name: string }[];
    expect(list.map((p) => p.name)).toEqual(['2024', '2025']);
  });

  it('wants the end after the start', async () => {
    const id = await newVendor();
    for (const [start, end] of [
      ['2024-12-31', '2024-01-01'],
      ['2024-01-01', '2024-01-01'],
    ] as const) {
      const res = await call('POST', periods(id), 'expert', fy('x', start, end));
      expect(res.status).toBe(422);
      expect(res.body.errors.end_date).toEqual(["La fin de l'exercice doit suivre son début."]);
    }
    const badDate = await call('POST', periods(id), 'expert', fy('x', '2024-02-30', '2024-12-31'));
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors.start_date).toEqual(['Date invalide.']);
    expect((await call('POST', periods(id), 'expert', fy('  ', '2024-01-01', '2024-12-31'))).status).toBe(
      422,
    );
    expect((await call('GET', periods(id), 'expert')).body.data).toEqual([]);
  });

  it('updates a period without clashing with itself, and deletes it', async () => {
    const id = await newVendor();
    const p2024 = (await call('POST', periods(id), 'expert', fy('2024', '2024-01-01', '2024-12-31'))).body
      .data;
    const p2025 = (await call('POST', periods(id), 'expert', fy('2025', '2025-01-01', '2025-12-31'))).body
      .data;
    const renamed = await call(
      'PUT',
      `${periods(id)}/${p2024.id}`,
      'expert',
      fy('Ex. 2024', '2023-10-01', '2024-12-31'),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: p2024.id, name: 'Ex. 2024', start_date: '2023-10-01' });
    const clash = await call(
      'PUT',
      `${periods(id)}/${p2024.id}`,
      'expert',
      fy('Ex. 2024', '2023-10-01', '2025-01-01'),
    );
    expect(clash.status).toBe(422);
    expect(clash.body.code).toBe('accounting-period-overlap');
    const backwards = await call(
      'PUT',
      `${periods(id)}/${p2024.id}`,
      'expert',
      fy('x', '2024-12-31', '2024-01-01'),
    );
    expect(backwards.status).toBe(422);

    const removed = await call('DELETE', `${periods(id)}/${p2025.id}`, 'expert');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { success: true } });
    expect((await call('GET', periods(id), 'expert')).body.data).toEqual([
      expect.objectContaining({ id: p2024.id, name: 'Ex. 2024', end_date: '2024-12-31' }),
    ]);
    // The freed dates can be used again.
    expect(
      (await call('PUT', `${periods(id)}/${p2024.id}`, 'expert', fy('Long', '2024-01-01', '2025-06-30')))
        .status,
    ).toBe(200);
    expect((await call('DELETE', `${periods(id)}/${p2025.id}`, 'expert')).status).toBe(404);
    // A period is reached only through its own client file.
    const other = await newVendor();
    expect(
      (await call('PUT', `${periods(other)}/${p2024.id}`, 'expert', fy('x', '2030-01-01', '2030-12-31')))
        .status,
    ).toBe(404);
    expect((await call('DELETE', `${periods(other)}/${p2024.id}`, 'expert')).status).toBe(404);
  });

  it('follows the rights on the client file', async () => {
    const body = fy('2024', '2024-01-01', '2024-12-31');
    expect((await call('POST', periods(vendor.BOUL01!), 'guest', body)).status).toBe(403);
    expect((await call('POST', periods(vendor.GAR01!), 'collab', body)).status).toBe(403);
    expect((await call('POST', periods(vendor.FLE01!), 'collab', body)).status).toBe(404);
    expect((await call('POST', periods(vendor.TRN01!), 'client', body)).status).toBe(404);
    const created = await call('POST', periods(vendor.BOUL01!), 'client', body);
    expect(created.status).toBe(201);
    expect((await call('GET', periods(vendor.BOUL01!), 'guest')).body.data).toHaveLength(1);
    expect((await call('DELETE', `${periods(vendor.BOUL01!)}/${created.body.data.id}`, 'guest')).status).toBe(
      403,
    );
  });

  it('lets only one of ten concurrent overlapping creations through (PostgreSQL)', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const id = await newVendor();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          'POST',
          periods(id),
          'expert',
          fy(`P${i}`, `2030-01-${String(i + 1).padStart(2, '0')}`, '2030-12-31'),
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(422)]);
    for (const r of results.filter((x) => x.status === 422))
      expect(r.body.code).toBe('accounting-period-overlap');
    expect((await call('GET', periods(id), 'expert')).body.data).toHaveLength(1);
  });
});

describe('client users', () => {
  const usersUrl = (id: number) => `/api/vendors/${id}/users`;
  const invitee = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    firstname: 'Nina',
    lastname: 'Nouvelle',
    role: 'collaborator',
    job: 'Comptable',
    ...extra,
  });
  /** Completes the invitation mailed to `email`; answers the new user's token. */
  async function acceptInvitation(email: string): Promise<string> {
    const mail = t.mails.findLast((m) => m.to === email);
    expect(mail?.link).toMatch(/\/create-password\/[\w-]+$/);
    const token = mail!.link!.split('/create-password/')[1]!;
    const res = await call('POST', '/api/passwords', undefined, {
      token,
      password: 'Nouveau-pass-1',
      password_confirmation: 'Nouveau-pass-1',
      cgu: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.access_token;
  }

  it('invites a client user, who then has the role given', async () => {
    const email = 'nina.nouvelle@example.test';
    const res = await call('POST', usersUrl(vendor.BOUL01!), 'expert', invitee(email));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      vendor_id: vendor.BOUL01,
      email,
      firstname: 'Nina',
      role: 'collaborator',
      job: 'Comptable',
      revoked_at: null,
      invitation_pending: true,
    });
    expect(t.mails.filter((m) => m.to === email)).toHaveLength(1);
    const token = await acceptInvitation(email);
    const roles = await call('GET', `/api/vendors/${vendor.BOUL01}/roles`, undefined, undefined, token);
    expect(roles.status).toBe(200);
    expect(roles.body.data).toMatchObject({ vendor_id: vendor.BOUL01, role: 'collaborator' });
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, undefined, undefined, token)).status).toBe(
      200,
    );
    // A client collaborator reads but does not edit the company.
    expect(
      (await call('PATCH', `/api/vendors/${vendor.BOUL01}`, undefined, { notes: 'x' }, token)).status,
    ).toBe(403);
    const listed = (await call('GET', usersUrl(vendor.BOUL01!), 'client')).body.data as {
      email: string;
      invitation_pending: boolean;
    }[];
    expect(listed.find((u) => u.email === email)?.invitation_pending).toBe(false);
  });

  it("keeps the cached list true: an accepted invitation, a person's own rename, a role changed", async () => {
    const email = 'olga.ouvriere@example.test';
    type Listed = { email: string; firstname: string; role: string; invitation_pending: boolean };
    const listed = async () =>
      ((await call('GET', usersUrl(vendor.FLE01!), 'expert')).body.data as Listed[]).find(
        (u) => u.email === email,
      );
    expect(
      (await call('POST', usersUrl(vendor.FLE01!), 'expert', invitee(email, { firstname: 'Olga' }))).status,
    ).toBe(201);
    expect(await listed()).toMatchObject({ firstname: 'Olga', invitation_pending: true });
    const token = await acceptInvitation(email);
    expect(await listed()).toMatchObject({ invitation_pending: false });
    const renamed = await call('PATCH', '/api/users/me', undefined, { firstname: 'Olgá' }, token);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await listed()).toMatchObject({ firstname: 'Olgá' });
    const me = (await call('GET', '/api/users/me', undefined, undefined, token)).body.data as { id: number };
    const edited = await call('PATCH', `${usersUrl(vendor.FLE01!)}/${me.id}`, 'expert', { role: 'guest' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await listed()).toMatchObject({ role: 'guest' });
  });

  it('invites an existing account, who gets the role once they accept', async () => {
    const before = t.mails.length;
    const res = await call(
      'POST',
      usersUrl(vendor.GAR01!),
      'expert',
      invitee(w.people.guest.email, { role: 'guest' }),
    );
    expect(res.status).toBe(201);
    // What the firm typed, nothing of the account (named otherwise).
    expect(res.body.data).toMatchObject({
      email: w.people.guest.email,
      firstname: 'Nina',
      lastname: 'Nouvelle',
      role: 'guest',
      invitation_pending: true,
      profile_editable: true,
    });
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.link).toContain('/accept-invitation/');
    expect((await call('GET', `/api/vendors/${vendor.GAR01}/roles`, 'guest')).status).toBe(404);
    await acceptInvitationMail(t, w.people.guest.email);
    expect((await call('GET', `/api/vendors/${vendor.GAR01}/roles`, 'guest')).body.data.role).toBe('guest');
    const listed = (await call('GET', usersUrl(vendor.GAR01!), 'expert')).body.data as {
      email: string;
      firstname: string;
      invitation_pending: boolean;
    }[];
    expect(listed.find((u) => u.email === w.people.guest.email)).toMatchObject({
      firstname: w.people.guest.firstname,
      invitation_pending: false,
    });
  });

  it('refuses a firm member and an email already on the client file', async () => {
    const member = await call('POST', usersUrl(vendor.BOUL01!), 'expert', invitee(w.people.collab.email));
    expect(member.status).toBe(422);
    expect(member.body.code).toBe('user-vendor-already-accountant');
    expect(member.body.errors.email).toEqual(['Cet e-mail est utilisé par un membre du cabinet.']);
    const email = 'deux.fois@example.test';
    expect((await call('POST', usersUrl(vendor.BOUL01!), 'expert', invitee(email))).status).toBe(201);
    const twice = await call('POST', usersUrl(vendor.BOUL01!), 'expert', invitee(email, { role: 'admin' }));
    expect(twice.status).toBe(422);
    expect(twice.body.code).toBe('vendor-user-email-already-used');
    expect(twice.body.errors.email).toEqual(["Cet e-mail est déjà celui d'un utilisateur de ce dossier."]);
    const again = await call('POST', usersUrl(vendor.BOUL01!), 'expert', invitee(w.people.client.email));
    expect(again.body.code).toBe('vendor-user-email-already-used');
  });

  it('edits role, job and end of access; a past end date closes the access', async () => {
    const email = 'temporaire@example.test';
    const { id } = (await call('POST', usersUrl(vendor.BOUL01!), 'client', invitee(email))).body.data;
    const token = await acceptInvitation(email);
    const url = `${usersUrl(vendor.BOUL01!)}/${id}`;
    const patched = await call('PATCH', url, 'client', {
      role: 'admin',
      job: 'Gérante',
      revoked_at: '2999-12-31',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ role: 'admin', job: 'Gérante', revoked_at: '2999-12-31' });
    expect((await call('GET', url, 'expert')).body.data).toMatchObject({ role: 'admin', job: 'Gérante' });
    const roles = await call('GET', `/api/vendors/${vendor.BOUL01}/roles`, undefined, undefined, token);
    expect(roles.body.data.role).toBe('admin');

    expect((await call('PATCH', url, 'expert', { revoked_at: '2020-01-01' })).status).toBe(200);
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, undefined, undefined, token)).status).toBe(
      404,
    );
    expect((await call('PATCH', url, 'expert', { revoked_at: null })).body.data.revoked_at).toBeNull();
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, undefined, undefined, token)).status).toBe(
      200,
    );

    expect((await call('PATCH', url, 'expert', { role: 'accountant' })).status).toBe(422);
    expect((await call('PATCH', url, 'expert', { email: 'autre@example.test' })).status).toBe(422);
    expect(
      (await call('PATCH', `${usersUrl(vendor.BOUL01!)}/${userId.collab}`, 'expert', { job: 'x' })).status,
    ).toBe(404);
  });

  it("removes an access, never one's own, and only with the right to manage users", async () => {
    const email = 'a.retirer@example.test';
    const { id } = (await call('POST', usersUrl(vendor.BOUL01!), 'expert', invitee(email))).body.data;
    const token = await acceptInvitation(email);
    const url = `${usersUrl(vendor.BOUL01!)}/${id}`;
    expect((await call('DELETE', url, 'guest')).status).toBe(403);
    expect((await call('DELETE', url, 'expert')).body).toEqual({ data: { success: true } });
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, undefined, undefined, token)).status).toBe(
      404,
    );
    const emails = (
      (await call('GET', usersUrl(vendor.BOUL01!), 'expert')).body.data as { email: string }[]
    ).map((u) => u.email);
    expect(emails).not.toContain(email);
    expect((await call('DELETE', url, 'expert')).status).toBe(404);

    const own = await call('DELETE', `${usersUrl(vendor.BOUL01!)}/${userId.client}`, 'client');
    expect(own.status).toBe(403);
    expect(own.body).toEqual({
      message: 'Vous ne pouvez pas supprimer votre propre accès',
      code: 'cannot-delete-own-access',
    });
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, 'client')).status).toBe(200);
  });

  it('lets neither a guest nor an outsider invite', async () => {
    const before = t.mails.length;
    const guest = await call('POST', usersUrl(vendor.BOUL01!), 'guest', invitee('par.invite@example.test'));
    expect(guest.status).toBe(403);
    expect(guest.body.code).toBe('forbidden');
    expect(
      (await call('PATCH', `${usersUrl(vendor.BOUL01!)}/${userId.client}`, 'guest', { role: 'guest' }))
        .status,
    ).toBe(403);
    expect((await call('POST', usersUrl(vendor.GAR01!), 'collab', invitee('ro@example.test'))).status).toBe(
      403,
    );
    expect((await call('POST', usersUrl(vendor.TRN01!), 'client', invitee('x@example.test'))).status).toBe(
      404,
    );
    expect((await call('GET', usersUrl(vendor.FLE01!), 'collab')).status).toBe(404);
    expect(t.mails.length).toBe(before);
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}/roles`, 'client')).body.data.role).toBe('admin');
  });
});
