import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirm, buildFirmMember, freshSiret } from '../../../../test/factories';
import { acceptInvitationMail } from '../../../../test/invitations';
import { buildPortalsWorld, type PortalsWorld } from '../../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { vendorBanks, vendorMemberships } from '../../../db/schema';

type Vendor = {
  id: number;
  accounting_firm_id: number;
  company: string;
  client_code: string;
  siren: string | null;
  siret: string | null;
  identifier_type: string;
  identifier: string | null;
  status: 'active' | 'deactivated';
  tree_structure_id: number | null;
};

let t: TestApp;
let w: PortalsWorld;
const tokens: Record<string, string> = {};
const firm = { demo: 0, nord: 0 };
const vendor: Record<string, number> = {};
const userId: Record<string, number> = {};

let seq = 0;
const next = () => ++seq;

/** The app's company data source knows one SIRET (`ctx.siret`). */
const KNOWN_SIRET = '55203253400646';
const siret = {
  lookup: async (s: string) =>
    s === KNOWN_SIRET
      ? {
          company: 'Garage Central',
          corporate_name: 'GARAGE CENTRAL SAS',
          siren: '552032534',
          naf_code: '45.20A',
          legal_form: 'SAS',
          address: { street: '1 rue de la Paix', post_code: '75002', city: 'Paris', country: 'FR' },
        }
      : null,
};

beforeAll(async () => {
  t = await createTestApp({ siret });
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
  headers?: Record<string, string>,
) {
  return t.request({
    method,
    url,
    token: who ? tokens[who] : undefined,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });
}
const list = (firmId: number, query = '', who = 'expert') =>
  call('GET', `/api/accounting-firms/${firmId}/vendors${query}`, who);
const codes = (res: { body: { data: Vendor[] } }) => res.body.data.map((v) => v.client_code);
const total = async (firmId: number) => (await list(firmId, '?per_page=1')).body.total as number;
const myVendors = async (who: string, firmId: number) => {
  const res = await call('GET', `/api/users/me/accounting-firms/${firmId}/vendors`, who);
  return res.status === 200 ? (res.body.data as Vendor[]).map((v) => v.client_code) : [];
};

/** Creates a client file with a fresh SIRET and client code; `extra` overrides the body. */
async function create(extra: Record<string, unknown> = {}, firmId = firm.demo, who = 'expert') {
  const n = next();
  return call('POST', `/api/accounting-firms/${firmId}/vendors`, who, {
    company: `Société ${n}`,
    corporate_name: `Société ${n} SAS`,
    client_code: `CLI${n}`,
    siret: freshSiret(),
    ...extra,
  });
}
async function created(extra: Record<string, unknown> = {}, firmId = firm.demo): Promise<Vendor> {
  const res = await create(extra, firmId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('GET /api/accounting-firms/{id}/vendors', () => {
  it('paginates with the pagination fields', async () => {
    const first = await list(firm.demo, '?per_page=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(codes(first)).toEqual(['BOUL01', 'FLE01']);
    const second = await list(firm.demo, '?per_page=2&page=2');
    expect(second.body).toMatchObject({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(codes(second)).toEqual(['GAR01']);
    const beyond = await list(firm.demo, '?per_page=2&page=3');
    expect(beyond.body).toMatchObject({ current_page: 3, total: 3, data: [] });
    const all = await list(firm.demo);
    expect(all.body).toMatchObject({ current_page: 1, per_page: 25, total: 3, last_page: 1 });
    for (const bad of ['?per_page=0', '?per_page=101', '?page=0', '?page=x']) {
      expect((await list(firm.demo, bad)).status, bad).toBe(422);
    }
  });

  it('searches by name, client code and SIREN prefix', async () => {
    expect(codes(await list(firm.demo, '?search=garage'))).toEqual(['GAR01']);
    expect(codes(await list(firm.demo, '?search=SARL'))).toEqual(['BOUL01']); // corporate name
    expect(codes(await list(firm.demo, '?search=fle0'))).toEqual(['FLE01']);
    const boul = (await call('GET', `/api/vendors/${vendor.BOUL01}`, 'expert')).body.data as Vendor;
    const res = await list(firm.demo, `?search=${boul.siren!.slice(0, 7)}`);
    expect(codes(res)).toEqual(['BOUL01']);
    expect(res.body.total).toBe(1);
    expect(codes(await list(firm.demo, `?search=${boul.siret}`))).toEqual(['BOUL01']);
    // A prefix, not any substring.
    expect(codes(await list(firm.demo, `?search=${boul.siren!.slice(1, 8)}`))).toEqual([]);
    // The other firm's client file is never found here.
    expect(codes(await list(firm.demo, '?search=transports'))).toEqual([]);
    expect(codes(await list(firm.demo, '?search=%25'))).toEqual([]);
  });

  it('filters by status and sorts', async () => {
    expect(codes(await list(firm.demo, '?status=active'))).toEqual(['BOUL01', 'FLE01', 'GAR01']);
    expect((await list(firm.demo, '?status=deactivated')).body).toMatchObject({ total: 0, data: [] });
    expect((await list(firm.demo, '?status=closed')).status).toBe(422);
    expect(codes(await list(firm.demo, '?sort=-company'))).toEqual(['GAR01', 'FLE01', 'BOUL01']);
    expect(codes(await list(firm.demo, '?sort=client_code'))).toEqual(['BOUL01', 'FLE01', 'GAR01']);
    expect(codes(await list(firm.demo, '?sort=-client_code'))).toEqual(['GAR01', 'FLE01', 'BOUL01']);
    expect((await list(firm.demo, '?sort=siret')).status).toBe(422);
  });

  it('shows a collaborator only the assigned client files', async () => {
    const res = await list(firm.demo, '', 'collab');
    expect(res.status).toBe(200);
    expect(codes(res)).toEqual(['BOUL01', 'GAR01']);
    expect(res.body.total).toBe(2);
  });

  it('refuses client users and other firms without leaking data', async () => {
    for (const who of ['client', 'guest']) {
      const res = await list(firm.demo, '', who);
      expect(res.status, who).not.toBe(200);
      expect([403, 404]).toContain(res.status);
      expect(res.body.data).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain('BOUL01');
    }
    const other = await list(firm.nord, '', 'collab');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    expect((await list(999_999)).status).toBe(404);
    expect((await call('GET', `/api/accounting-firms/${firm.demo}/vendors`)).status).toBe(401);
  });
});

describe('POST /api/accounting-firms/{id}/vendors', () => {
  it('creates a client file, deriving the SIREN from the SIRET', async () => {
    const before = await total(firm.demo);
    const siret = freshSiret();
    const siren = siret.slice(0, 9);
    const res = await call('POST', `/api/accounting-firms/${firm.demo}/vendors`, 'expert', {
      company: 'Menuiserie Leroy',
      corporate_name: 'Menuiserie Leroy SARL',
      client_code: 'MEN01',
      siret: `${siret.slice(0, 9)} ${siret.slice(9)}`,
      tva_due_day: 19,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      accounting_firm_id: firm.demo,
      company: 'Menuiserie Leroy',
      client_code: 'MEN01',
      siret,
      siren,
      identifier_type: 'siret',
      identifier: null,
      status: 'active',
      tva_due_day: 19,
      notifications_count: 0,
    });
    expect(await total(firm.demo)).toBe(before + 1);
    expect((await call('GET', `/api/vendors/${res.body.data.id}`, 'expert')).body.data.siren).toBe(siren);
  });

  it('refuses a SIRET with a bad key, or no identifier at all', async () => {
    const good = freshSiret();
    const bad = good.slice(0, 13) + ((Number(good[13]) + 1) % 10);
    const res = await create({ siret: bad });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation-failed');
    expect(res.body.errors.siret).toEqual(['SIRET invalide (14 chiffres, clé de contrôle).']);

    const none = await create({ siret: undefined });
    expect(none.status).toBe(422);
    expect(none.body.errors.siret).toEqual(['Un identifiant officiel est requis (SIRET, SIREN ou autre).']);
    const typeWithout = await create({ siret: undefined, identifier_type: 'siret' });
    expect(typeWithout.status).toBe(422);
    expect(typeWithout.body.errors.siret).toEqual(['Requis.']);
  });

  it('refuses a SIRET already used by another portal, in the caller language', async () => {
    const siret = freshSiret();
    expect((await create({ siret }, firm.nord)).status).toBe(201);
    const before = await total(firm.demo);
    const en = await call(
      'POST',
      `/api/accounting-firms/${firm.demo}/vendors`,
      'expert',
      { company: 'Copie', corporate_name: 'Copie SA', client_code: 'COPY1', siret },
      { 'accept-language': 'en' },
    );
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      message: 'SIRET already used (by you or another portal).',
      code: 'siret-already-used',
      errors: { siret: ['SIRET already used (by you or another portal).'] },
    });
    const fr = await create({ siret });
    expect(fr.status).toBe(422);
    expect(fr.body.message).toBe('SIRET déjà utilisé (par vous ou un autre portail).');
    expect(fr.body.errors.siret).toEqual(['SIRET déjà utilisé (par vous ou un autre portail).']);
    // BOUL01's own SIRET in the same portal as well.
    const boul = (await call('GET', `/api/vendors/${vendor.BOUL01}`, 'expert')).body.data as Vendor;
    expect((await create({ siret: boul.siret })).body.code).toBe('siret-already-used');
    expect(await total(firm.demo)).toBe(before);
  });

  it('refuses a client code already used in the same firm, not in another', async () => {
    const before = await total(firm.demo);
    const siret = freshSiret();
    const res = await create({ client_code: 'BOUL01', siret });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('client-code-already-used');
    expect(res.body.errors.client_code).toEqual(['Ce code client est déjà utilisé dans ce portail.']);
    expect(await total(firm.demo)).toBe(before);
    // The SIRET of the refused file stays free.
    const n = seq;
    expect((await create({ siret, client_code: `FREE${n}` })).status).toBe(201);
    // TRN01 lives in Cabinet Nord only.
    expect((await create({ client_code: 'TRN01' })).status).toBe(201);
  });

  it('accepts a DUNS number of 9 digits, refuses 8', async () => {
    const duns = await create({ siret: undefined, identifier_type: 'duns', identifier: '123456789' });
    expect(duns.status).toBe(201);
    expect(duns.body.data).toMatchObject({
      identifier_type: 'duns',
      identifier: '123456789',
      siret: null,
      siren: null,
    });
    const short = await create({ siret: undefined, identifier_type: 'duns', identifier: '12345678' });
    expect(short.status).toBe(422);
    expect(short.body.errors.identifier).toEqual(['Numéro DUNS invalide (9 chiffres).']);
    const empty = await create({ siret: undefined, identifier_type: 'duns' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.identifier).toEqual(['Requis.']);
  });

  it('creates the accounting periods of the body, or nothing when they overlap', async () => {
    const v = await created({
      accounting_periods: [
        { name: 'Exercice 2024', start_date: '2024-01-01', end_date: '2024-12-31' },
        { name: 'Exercice 2025', start_date: '2025-01-01', end_date: '2025-12-31' },
      ],
    });
    const periods = await call('GET', `/api/vendors/${v.id}/accounting-periods`, 'expert');
    expect(periods.status).toBe(200);
    expect(periods.body.data).toEqual([
      expect.objectContaining({ name: 'Exercice 2024', start_date: '2024-01-01', end_date: '2024-12-31' }),
      expect.objectContaining({ name: 'Exercice 2025', start_date: '2025-01-01', end_date: '2025-12-31' }),
    ]);

    const before = await total(firm.demo);
    const n = next();
    const siret = freshSiret();
    const overlap = await call('POST', `/api/accounting-firms/${firm.demo}/vendors`, 'expert', {
      company: 'Chevauchement',
      corporate_name: 'Chevauchement SAS',
      client_code: `OVL${n}`,
      siret,
      accounting_periods: [
        { name: 'A', start_date: '2024-01-01', end_date: '2024-12-31' },
        { name: 'B', start_date: '2024-06-01', end_date: '2025-05-31' },
      ],
    });
    expect(overlap.status).toBe(422);
    expect(overlap.body.code).toBe('accounting-period-overlap');
    expect(await total(firm.demo)).toBe(before);
    expect(codes(await list(firm.demo, `?search=OVL${n}`))).toEqual([]);
    // One transaction: the SIRET was not kept either.
    expect((await create({ siret })).status).toBe(201);

    const backwards = await create({
      accounting_periods: [{ name: 'X', start_date: '2024-12-31', end_date: '2024-01-01' }],
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors['accounting_periods.0.end_date']).toEqual([
      "La fin de l'exercice doit suivre son début.",
    ]);
  });

  it('invites the client administrator given by admin_email', async () => {
    const email = 'dirigeant.nouveau@example.test';
    const v = await created({ admin_email: email });
    const mail = t.mails.find((m) => m.to === email);
    expect(mail).toBeDefined();
    expect(mail!.link).toMatch(/^http:\/\/portal\.test\/create-password\/[\w-]+$/);
    expect(mail!.text).toContain('/create-password/');
    const users = await call('GET', `/api/vendors/${v.id}/users`, 'expert');
    expect(users.body.data).toEqual([
      expect.objectContaining({ email, role: 'admin', invitation_pending: true }),
    ]);
  });

  it('refuses a firm member as client administrator and creates nothing', async () => {
    const before = await total(firm.demo);
    const mailsBefore = t.mails.length;
    const n = next();
    const res = await create({ admin_email: w.people.collab.email, client_code: `MBR${n}` });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('user-vendor-already-accountant');
    expect(res.body.message).toBe('Cet e-mail est utilisé par un membre du cabinet.');
    expect(Object.keys(res.body.errors)).toEqual(['admin_email']);
    expect(await total(firm.demo)).toBe(before);
    expect(codes(await list(firm.demo, `?search=MBR${n}`))).toEqual([]);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('assigns the accountants given by accountant_ids', async () => {
    const v = await created({ accountant_ids: [userId.collab] });
    expect(await myVendors('collab', firm.demo)).toContain(v.client_code);
    expect((await call('GET', `/api/vendors/${v.id}`, 'collab')).status).toBe(200);
    // Someone who is not a member of the firm cannot be assigned.
    const res = await create({ accountant_ids: [userId.client] });
    expect(res.status).toBe(422);
    expect(res.body.errors.accountant_ids).toEqual(['Identifiant invalide.']);
  });

  it('is for firm administrators only', async () => {
    const before = await total(firm.demo);
    const collab = await create({}, firm.demo, 'collab');
    expect(collab.status).toBe(403);
    expect(collab.body.code).toBe('forbidden');
    for (const who of ['guest', 'client']) {
      const res = await create({}, firm.demo, who);
      expect([403, 404], who).toContain(res.status);
    }
    expect((await create({}, firm.nord, 'collab')).status).toBe(404);
    expect(await total(firm.demo)).toBe(before);
  });
});

describe('GET and PATCH /api/vendors/{id}', () => {
  const patch = (id: number, body: unknown, who = 'expert') => call('PATCH', `/api/vendors/${id}`, who, body);

  it('edits fiscal fields, with a VAT due day from 1 to 31', async () => {
    const v = await created();
    const res = await patch(v.id, {
      tva_period: 'monthly',
      tva_due_day: 31,
      cfe: true,
      tax_office: 'SIE Lyon',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tva_period: 'monthly',
      tva_due_day: 31,
      cfe: true,
      cga: false,
      tax_office: 'SIE Lyon',
    });
    // A later edit keeps the other fiscal fields.
    expect((await patch(v.id, { tva_due_day: 1 })).body.data).toMatchObject({
      tva_period: 'monthly',
      tva_due_day: 1,
      cfe: true,
    });
    for (const day of [0, 32, 1.5]) {
      const bad = await patch(v.id, { tva_due_day: day });
      expect(bad.status, String(day)).toBe(422);
      expect(bad.body.errors.tva_due_day).toHaveLength(1);
    }
    expect((await patch(v.id, { tva_due_day: 0 })).body.errors.tva_due_day).toEqual([
      'Le jour de TVA doit être compris entre 1 et 31.',
    ]);
    expect((await call('GET', `/api/vendors/${v.id}`, 'expert')).body.data.tva_due_day).toBe(1);
  });

  it('edits general fields and refuses unknown ones', async () => {
    const v = await created();
    const res = await patch(v.id, {
      company: 'Nouveau Nom',
      contact_email: 'contact@nouveau.test',
      colour: '#00AA11',
      notes: 'Client historique',
      employee_number: 12,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      company: 'Nouveau Nom',
      contact_email: 'contact@nouveau.test',
      colour: '#00aa11',
      notes: 'Client historique',
      employee_number: 12,
      client_code: v.client_code,
    });
    const got = await call('GET', `/api/vendors/${v.id}`, 'expert');
    expect(got.body.data.company).toBe('Nouveau Nom');

    const unknown = await patch(v.id, { company: 'Autre', favourite_colour: 'blue' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.favourite_colour).toEqual(['Champ inconnu.']);
    expect((await patch(v.id, { accounting_firm_id: firm.nord })).status).toBe(422);
    expect((await patch(v.id, { status: 'deactivated' })).status).toBe(422);
    expect((await patch(v.id, { company: 'Bad / name' })).body.errors.company).toEqual([
      'Caractères spéciaux interdits.',
    ]);
    expect((await call('GET', `/api/vendors/${v.id}`, 'expert')).body.data).toMatchObject({
      company: 'Nouveau Nom',
      accounting_firm_id: firm.demo,
      status: 'active',
    });
  });

  it('lets the client administrator edit their company, not the guest', async () => {
    const res = await patch(vendor.BOUL01!, { contact_phone: '+33 1 23 45 67 89' }, 'client');
    expect(res.status).toBe(200);
    expect(res.body.data.contact_phone).toBe('+33 1 23 45 67 89');
    const guest = await patch(vendor.BOUL01!, { contact_phone: '0600000000' }, 'guest');
    expect(guest.status).toBe(403);
    expect(guest.body.code).toBe('forbidden');
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, 'guest')).body.data.contact_phone).toBe(
      '+33 1 23 45 67 89',
    );
    // Someone else's company does not exist for them.
    expect((await patch(vendor.GAR01!, { notes: 'x' }, 'client')).status).toBe(404);
    expect((await call('GET', `/api/vendors/${vendor.GAR01}`, 'client')).status).toBe(404);
  });

  it('follows the collaborator assignment: read-only, read-write, none', async () => {
    expect((await call('GET', `/api/vendors/${vendor.GAR01}`, 'collab')).status).toBe(200);
    const readOnly = await patch(vendor.GAR01!, { notes: 'x' }, 'collab');
    expect(readOnly.status).toBe(403);
    expect((await patch(vendor.BOUL01!, { notes: 'Suivi par Claude' }, 'collab')).status).toBe(200);
    const none = await patch(vendor.FLE01!, { notes: 'x' }, 'collab');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    expect((await call('GET', `/api/vendors/${vendor.FLE01}`, 'collab')).status).toBe(404);
    expect((await call('GET', `/api/vendors/${vendor.TRN01}`, 'collab')).status).toBe(404);
    expect((await call('GET', '/api/vendors/999999', 'expert')).status).toBe(404);
  });

  it('checks a new SIRET against the whole platform', async () => {
    const v = await created();
    const trn = (await call('GET', `/api/vendors/${vendor.TRN01}`, 'expert')).body.data as Vendor;
    const res = await patch(v.id, { siret: trn.siret });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('siret-already-used');
    expect(res.body.errors.siret).toEqual(['SIRET déjà utilisé (par vous ou un autre portail).']);
    expect((await call('GET', `/api/vendors/${v.id}`, 'expert')).body.data.siret).toBe(v.siret);
    // Saving its own SIRET again is fine; a new free one is taken and the old one released.
    expect((await patch(v.id, { siret: v.siret })).status).toBe(200);
    const fresh = freshSiret();
    expect((await patch(v.id, { siret: fresh })).body.data).toMatchObject({
      siret: fresh,
      siren: fresh.slice(0, 9),
    });
    expect((await create({ siret: v.siret })).status).toBe(201);
    expect((await create({ siret: fresh })).body.code).toBe('siret-already-used');
  });
});

describe('deactivate and restore', () => {
  it('is for firm administrators only', async () => {
    for (const action of ['deactivate', 'restore']) {
      const res = await call('POST', `/api/vendors/${vendor.BOUL01}/${action}`, 'collab');
      expect(res.status, action).toBe(403);
      expect((await call('POST', `/api/vendors/${vendor.BOUL01}/${action}`, 'client')).status).toBe(403);
    }
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, 'expert')).body.data.status).toBe('active');
  });

  it('closes a deactivated client file to its client users until restored', async () => {
    // The client user (an existing account) is invited as the administrator of a new file:
    // nothing until they accept.
    const v = await created({ admin_email: w.people.client.email });
    expect((await call('GET', `/api/vendors/${v.id}`, 'client')).status).toBe(404);
    await acceptInvitationMail(t, w.people.client.email);
    expect((await call('GET', `/api/vendors/${v.id}`, 'client')).status).toBe(200);
    expect(await myVendors('client', firm.demo)).toContain(v.client_code);

    const off = await call('POST', `/api/vendors/${v.id}/deactivate`, 'expert');
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ status: 'deactivated', deactivated_at: expect.any(String) });
    expect((await call('GET', `/api/vendors/${v.id}`, 'client')).status).toBe(404);
    expect((await call('PATCH', `/api/vendors/${v.id}`, 'client', { notes: 'x' })).status).toBe(404);
    expect(await myVendors('client', firm.demo)).not.toContain(v.client_code);
    expect(await myVendors('client', firm.demo)).toContain('BOUL01');
    expect(codes(await list(firm.demo, '?status=deactivated'))).toEqual([v.client_code]);
    expect(codes(await list(firm.demo, '?status=active'))).not.toContain(v.client_code);
    // The firm still reaches it.
    expect((await call('GET', `/api/vendors/${v.id}`, 'expert')).body.data.status).toBe('deactivated');

    const on = await call('POST', `/api/vendors/${v.id}/restore`, 'expert');
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ status: 'active', deactivated_at: null });
    expect((await call('GET', `/api/vendors/${v.id}`, 'client')).status).toBe(200);
    expect(await myVendors('client', firm.demo)).toContain(v.client_code);
    expect((await list(firm.demo, '?status=deactivated')).body.total).toBe(0);
  });
});

describe('POST /api/vendors/{id}/transfer', () => {
  const transfer = (id: number, target: number, who = 'expert') =>
    call('POST', `/api/vendors/${id}/transfer`, who, { accounting_firm_id: target });

  it('moves a client file to a portal of the same holding, with its client users', async () => {
    const v = await created({ admin_email: w.people.client.email, accountant_ids: [userId.collab] });
    await acceptInvitationMail(t, w.people.client.email);
    const bank = await call('POST', `/api/vendors/${v.id}/banks`, 'expert', {
      bank_name: 'BNP',
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPP',
    });
    expect(bank.status).toBe(201);
    expect((await call('GET', `/api/vendors/${v.id}`, 'collab')).status).toBe(200);

    const res = await transfer(v.id, firm.nord);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: v.id,
      accounting_firm_id: firm.nord,
      client_code: v.client_code,
    });
    expect(codes(await list(firm.nord))).toContain(v.client_code);
    expect(codes(await list(firm.demo))).not.toContain(v.client_code);
    // The source firm's assignments end.
    expect((await call('GET', `/api/vendors/${v.id}`, 'collab')).status).toBe(404);
    expect(await myVendors('collab', firm.demo)).not.toContain(v.client_code);
    // Client users follow.
    expect((await call('GET', `/api/vendors/${v.id}`, 'client')).body.data.accounting_firm_id).toBe(
      firm.nord,
    );
    const firms = (await call('GET', '/api/users/me/accounting-firms', 'client')).body.data as {
      id: number;
    }[];
    expect(firms.map((f) => f.id).sort()).toEqual([firm.demo, firm.nord].sort());
    expect(await myVendors('client', firm.nord)).toEqual([v.client_code]);
    // So do its banks, and its SIRET still belongs to it.
    expect((await call('GET', `/api/vendors/${v.id}/banks`, 'expert')).body.data).toEqual([
      expect.objectContaining({ id: bank.body.data.id, iban: 'FR7630006000011234567890189' }),
    ]);
    expect((await create({ siret: v.siret })).body.code).toBe('siret-already-used');
  });

  it('keeps its folders themes, mapped by title onto the target portal (never widening access)', async () => {
    const v = await created({});
    const title = `Social ${Date.now()}`;
    const theme = await call('POST', `/api/accounting-firms/${firm.demo}/themes`, 'expert', {
      title,
      rights: 'read_only',
      sharing: 'shared',
    });
    expect(theme.status).toBe(201);
    const root = (await call('GET', `/api/vendors/${v.id}/folders`, 'expert')).body.data[0].id as number;
    const folder = await call('POST', `/api/vendors/${v.id}/folders`, 'expert', {
      name: 'Paie',
      parent_id: root,
    });
    const tagged = await call('PUT', `/api/vendors/${v.id}/folders/${folder.body.data.id}/themes`, 'expert', {
      theme_ids: [theme.body.data.id],
    });
    expect(tagged.status).toBe(200);
    expect((await transfer(v.id, firm.nord)).status).toBe(200);
    const after = await call('GET', `/api/vendors/${v.id}/folders/${folder.body.data.id}/themes`, 'expert');
    expect(after.status).toBe(200);
    expect(after.body.data.themes).toEqual([expect.objectContaining({ title, rights: 'read_only' })]);
    const nordThemes = (await call('GET', `/api/accounting-firms/${firm.nord}/themes`, 'expert')).body
      .data as {
      id: number;
      title: string;
    }[];
    expect(nordThemes.find((th) => th.title === title)?.id).toBe(after.body.data.themes[0].id);
  });

  it('refuses a portal outside the holding, and answers 404 for one the actor cannot see', async () => {
    const { firm: lonely } = await buildFirm(t.database.db, {
      name: 'Cabinet Isolé',
      domain: 'isole.localhost',
    });
    const v = await created();
    const unseen = await transfer(v.id, lonely.id);
    expect(unseen.status).toBe(404);
    expect(unseen.body.code).toBe('not-found');
    await buildFirmMember(t.database.db, { firm: lonely, user: { id: userId.expert! }, role: 'admin' });
    const res = await transfer(v.id, lonely.id);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('transfer-outside-holding');
    expect(res.body.errors.accounting_firm_id).toEqual([
      "Le transfert n'est possible que vers un portail du même groupe.",
    ]);
    expect((await call('GET', `/api/vendors/${v.id}`, 'expert')).body.data.accounting_firm_id).toBe(
      firm.demo,
    );
    expect((await transfer(v.id, 999_999)).status).toBe(404);
    expect((await transfer(v.id, firm.demo)).status).toBe(422);
  });

  it('is refused to a collaborator', async () => {
    const res = await transfer(vendor.BOUL01!, firm.nord, 'collab');
    expect(res.status).toBe(403);
    expect((await transfer(vendor.BOUL01!, firm.nord, 'client')).status).toBe(403);
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, 'expert')).body.data.accounting_firm_id).toBe(
      firm.demo,
    );
  });

  it('refuses a target portal where the client code exists, moving nothing', async () => {
    const taken = await created({}, firm.nord);
    const v = await created({ client_code: taken.client_code, accountant_ids: [userId.collab] });
    const res = await transfer(v.id, firm.nord);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('client-code-already-used');
    expect((await call('GET', `/api/vendors/${v.id}`, 'expert')).body.data.accounting_firm_id).toBe(
      firm.demo,
    );
    const there = (await list(firm.nord, `?search=${taken.client_code}`)).body.data as Vendor[];
    expect(there.map((x) => x.id)).toEqual([taken.id]);
    // The assignment removal was rolled back with the rest.
    expect((await call('GET', `/api/vendors/${v.id}`, 'collab')).status).toBe(200);
  });
});

describe('DELETE /api/vendors/{id}', () => {
  const remove = (id: number, confirmation: string, who = 'expert') =>
    call('DELETE', `/api/vendors/${id}`, who, { confirmation });

  it('needs the client code as confirmation', async () => {
    const v = await created();
    const res = await remove(v.id, 'oui');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('confirmation-mismatch');
    expect(res.body.errors.confirmation).toEqual(['Le mot de confirmation ne correspond pas.']);
    expect((await call('GET', `/api/vendors/${v.id}`, 'expert')).status).toBe(200);
    expect((await call('DELETE', `/api/vendors/${v.id}`, 'expert', {})).status).toBe(422);
  });

  it('deletes the client file with its rows and frees its SIRET', async () => {
    const v = await created({ admin_email: w.people.client.email });
    expect(
      (
        await call('POST', `/api/vendors/${v.id}/banks`, 'expert', {
          bank_name: 'BNP',
          iban: 'FR7630006000011234567890189',
          bic: 'BNPAFRPP',
        })
      ).status,
    ).toBe(201);
    const res = await remove(v.id, v.client_code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
    expect((await call('GET', `/api/vendors/${v.id}`, 'expert')).status).toBe(404);
    expect((await call('GET', `/api/vendors/${v.id}/banks`, 'expert')).status).toBe(404);
    expect((await call('GET', `/api/vendors/${v.id}/users`, 'expert')).status).toBe(404);
    expect((await call('GET', `/api/vendors/${v.id}`, 'client')).status).toBe(404);
    expect(await t.database.db.select().from(vendorBanks).where(eq(vendorBanks.vendorId, v.id))).toEqual([]);
    expect(
      await t.database.db.select().from(vendorMemberships).where(eq(vendorMemberships.vendorId, v.id)),
    ).toEqual([]);
    expect(codes(await list(firm.demo))).not.toContain(v.client_code);
    expect((await remove(v.id, v.client_code)).status).toBe(404);
    // The SIRET and the client code can be used again.
    const again = await create({ siret: v.siret, client_code: v.client_code });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(v.id);
  });

  it('is refused to a collaborator and client users', async () => {
    expect((await remove(vendor.BOUL01!, 'BOUL01', 'collab')).status).toBe(403);
    expect((await remove(vendor.BOUL01!, 'BOUL01', 'client')).status).toBe(403);
    expect((await remove(vendor.FLE01!, 'FLE01', 'collab')).status).toBe(404);
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, 'expert')).status).toBe(200);
  });
});

describe('tree structures and SIRET lookup', () => {
  it('offers the default Standard tree, given to new client files', async () => {
    const res = await call('GET', `/api/accounting-firms/${firm.demo}/tree-structures`, 'expert');
    expect(res.status).toBe(200);
    const standard = (
      res.body.data as { id: number; name: string; is_default: boolean; folders: unknown[] }[]
    ).find((s) => s.name === 'Standard');
    expect(standard).toMatchObject({ is_default: true });
    expect(standard!.folders).toContainEqual(expect.objectContaining({ name: 'Comptabilité' }));
    const v = await created();
    expect(v.tree_structure_id).toBe(standard!.id);
    expect((await call('GET', `/api/accounting-firms/${firm.demo}/tree-structures`, 'client')).status).toBe(
      404,
    );
    expect((await call('GET', `/api/accounting-firms/${firm.nord}/tree-structures`, 'collab')).status).toBe(
      404,
    );
  });

  it("answers the app's SIRET source: found with its data, else fill in by hand", async () => {
    const known = await call('GET', `/api/siret-lookup?siret=${KNOWN_SIRET}`, 'client');
    expect(known.status).toBe(200);
    expect(known.body.data).toEqual({ found: true, ...(await siret.lookup(KNOWN_SIRET)) });

    const res = await call('GET', '/api/siret-lookup?siret=73282932000074', 'expert');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ found: false, company: null, address: null });
    const bad = await call('GET', '/api/siret-lookup?siret=73282932000075', 'expert');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.siret).toEqual(['SIRET invalide (14 chiffres, clé de contrôle).']);
    expect((await call('GET', '/api/siret-lookup?siret=73282932000074')).status).toBe(401);
  });
});
