import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirm,
  buildFirmMember,
  buildPasswordToken,
  buildTerms,
  buildUser,
  buildVendor,
  type FactoryDb,
  TEST_PASSWORD,
  type User,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { termsAcceptances, users } from '../../db/schema';

const PASSWORD = TEST_PASSWORD;
let t: TestApp;
let firmId: number;
/** The firm's administrator and a collaborator; a client user and a guest of one of its files. */
const people = {} as Record<'expert' | 'collab' | 'client' | 'guest', User>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db as FactoryDb;
  const { firm } = await buildFirm(db);
  firmId = firm.id;
  await buildTerms(db, { firm, locale: 'fr', title: "Conditions Générales d'Utilisation" });
  await buildTerms(db, { firm, locale: 'en', title: 'Terms of Use' });
  ({ user: people.expert } = await buildFirmMember(db, { firm, role: 'admin' }));
  ({ user: people.collab } = await buildFirmMember(db, { firm }));
  const { vendor } = await buildVendor(db, { firm });
  ({ user: people.client } = await buildClientUser(db, { vendor, role: 'admin' }));
  ({ user: people.guest } = await buildClientUser(db, { vendor, role: 'guest' }));
});
afterAll(() => t.close());

const get = (url: string, token?: string, headers?: Record<string, string>) =>
  t.request({ method: 'GET', url, token, headers });
const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/login', payload: { email, password } });

/** Arranges a token the API cannot create yet (an invitation, an expired link). */
async function arrangeToken(
  email: string,
  purpose: 'reset' | 'invite',
  options: { accountingFirmId?: number | null; expiresInSeconds?: number } = {},
): Promise<string> {
  let [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  // An unknown email is an invited person: no password nor name yet.
  if (!user) {
    ({ user } = await buildUser(t.database.db, {
      email,
      passwordHash: null,
      firstname: null,
      lastname: null,
    }));
  }
  const { token } = await buildPasswordToken(t.database.db, {
    user,
    purpose,
    accountingFirmId: options.accountingFirmId ?? null,
    expiresInSeconds: options.expiresInSeconds,
  });
  return token;
}

describe('password reset', () => {
  it('mails one link for a known email, and answers the same for an unknown one without mailing', async () => {
    t.mails.length = 0;
    const known = await t.request({
      method: 'POST',
      url: '/api/password-resets',
      payload: { email: people.client.email.toUpperCase() },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ data: { success: true } });
    expect(t.mails).toHaveLength(1);
    const mail = t.mails[0]!;
    expect(mail.to).toBe(people.client.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail.link).toMatch(/^http:\/\/portal\.test\/reset-password-submit\/[\w-]{43}$/);
    expect(mail.text).toContain(mail.link);

    const unknown = await t.request({
      method: 'POST',
      url: '/api/password-resets',
      payload: { email: 'nobody@factory.test' },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(t.mails).toHaveLength(1);
  });

  it('refuses a reset request without an email', async () => {
    const res = await t.request({ method: 'POST', url: '/api/password-resets', payload: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['Requis.']);
  });

  it('resets the password through the mailed link, ends sessions, and spends the token', async () => {
    const email = people.client.email;
    const session = await t.signIn(email);
    t.mails.length = 0;
    await t.request({ method: 'POST', url: '/api/password-resets', payload: { email } });
    const token = t.mails[0]!.link!.split('/').pop()!;

    const info = await get(`/api/password-resets?token=${token}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ email, purpose: 'reset', accounting_firm_id: null, terms: null });

    const mismatch = await t.request({
      method: 'PUT',
      url: '/api/passwords',
      payload: { token, password: 'New-password-1', password_confirmation: 'New-password-2' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual([
      'La confirmation doit correspondre au mot de passe.',
    ]);

    const short = await t.request({
      method: 'PUT',
      url: '/api/passwords',
      headers: { 'accept-language': 'en' },
      payload: { token, password: 'short', password_confirmation: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(['The password must be at least 8 characters long.']);

    // Nothing above changed the password.
    expect((await login(email, PASSWORD)).status).toBe(200);

    const done = await t.request({
      method: 'PUT',
      url: '/api/passwords',
      payload: { token, password: 'New-password-1', password_confirmation: 'New-password-1' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ data: { success: true } });

    expect((await login(email, PASSWORD)).status).toBe(422);
    expect((await login(email, 'New-password-1')).status).toBe(200);
    expect((await get('/api/users/me', session)).status).toBe(401);

    const again = await t.request({
      method: 'PUT',
      url: '/api/passwords',
      payload: { token, password: 'Other-password-1', password_confirmation: 'Other-password-1' },
    });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('invalid-token');
    expect(again.body.errors.token).toEqual(['Ce lien est invalide ou a expiré.']);
    expect((await get(`/api/password-resets?token=${token}`)).body.code).toBe('invalid-token');
  });

  it('refuses an unknown or expired token', async () => {
    const unknown = await get(`/api/password-resets?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('invalid-token');
    const expired = await arrangeToken(people.guest.email, 'reset', { expiresInSeconds: -60 });
    expect((await get(`/api/password-resets?token=${expired}`)).status).toBe(422);
    const put = await t.request({
      method: 'PUT',
      url: '/api/passwords',
      payload: { token: expired, password: 'New-password-1', password_confirmation: 'New-password-1' },
    });
    expect(put.status).toBe(422);
    expect(put.body.code).toBe('invalid-token');
    expect((await login(people.guest.email, PASSWORD)).status).toBe(200);
    expect((await get('/api/password-resets')).status).toBe(422);
  });
});

describe('invitation: create password', () => {
  it('shows the firm terms in the asked language', async () => {
    const token = await arrangeToken('invited-1@factory.test', 'invite', { accountingFirmId: firmId });
    const fr = await get(`/api/password-resets?token=${token}`);
    expect(fr.status).toBe(200);
    expect(fr.body.data).toMatchObject({
      email: 'invited-1@factory.test',
      purpose: 'invite',
      accounting_firm_id: firmId,
      terms: { accounting_firm_id: firmId, version: 1, locale: 'fr' },
    });
    expect(fr.body.data.terms.title).toBe("Conditions Générales d'Utilisation");
    const en = await get(`/api/password-resets?token=${token}`, undefined, { 'accept-language': 'en-US,en' });
    expect(en.body.data.terms).toMatchObject({ locale: 'en', title: 'Terms of Use' });
  });

  it('needs the terms accepted, then signs the user in and records the acceptance', async () => {
    const email = 'invited-2@factory.test';
    const token = await arrangeToken(email, 'invite', { accountingFirmId: firmId });
    const body = { token, password: 'Welcome-pass-1', password_confirmation: 'Welcome-pass-1' };

    const without = await t.request({ method: 'POST', url: '/api/passwords', payload: body });
    expect(without.status).toBe(422);
    expect(without.body.errors.cgu).toEqual(["Vous devez accepter les Conditions Générales d'Utilisation"]);
    const refused = await t.request({
      method: 'POST',
      url: '/api/passwords',
      payload: { ...body, cgu: false },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.cgu).toEqual(["Vous devez accepter les Conditions Générales d'Utilisation"]);
    expect((await login(email, body.password)).status).toBe(422);

    const created = await t.request({
      method: 'POST',
      url: '/api/passwords',
      payload: { ...body, cgu: true },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.token_type).toBe('Bearer');
    const me = await get('/api/users/me', created.body.data.access_token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, profile_complete: false, is_accountant: false });
    expect((await login(email, body.password)).status).toBe(200);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const accepted = await t.database.db
      .select()
      .from(termsAcceptances)
      .where(and(eq(termsAcceptances.userId, user!.id), eq(termsAcceptances.accountingFirmId, firmId)));
    expect(accepted.map((a) => a.version)).toEqual([1]);

    const reuse = await t.request({ method: 'POST', url: '/api/passwords', payload: { ...body, cgu: true } });
    expect(reuse.status).toBe(422);
    expect(reuse.body.code).toBe('invalid-token');
  });

  it('keeps invitations and reset links apart (no skipping the terms)', async () => {
    const email = 'invited-3@factory.test';
    const token = await arrangeToken(email, 'invite', { accountingFirmId: firmId });
    const res = await t.request({
      method: 'PUT',
      url: '/api/passwords',
      payload: { token, password: 'Invited-pass-1', password_confirmation: 'Invited-pass-1' },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('invalid-token');
    expect((await login(email, 'Invited-pass-1')).status).toBe(422);
    // The invitation itself still works.
    expect((await get(`/api/password-resets?token=${token}`)).body.data.purpose).toBe('invite');

    // Nor does a reset link serve as an invitation.
    const reset = await arrangeToken(people.expert.email, 'reset');
    const post = await t.request({
      method: 'POST',
      url: '/api/passwords',
      payload: { token: reset, password: 'Other-pass-1', password_confirmation: 'Other-pass-1', cgu: true },
    });
    expect(post.status).toBe(422);
    expect(post.body.code).toBe('invalid-token');
    expect((await login(people.expert.email, PASSWORD)).status).toBe(200);
  });
});

describe('signed-in user', () => {
  it('change_password validates, then changes the password and ends every session', async () => {
    const email = people.guest.email;
    const first = await t.signIn(email);
    const second = await t.signIn(email);
    const change = (payload: object) =>
      t.request({ method: 'POST', url: '/api/change_password', token: first, payload });

    expect((await t.request({ method: 'POST', url: '/api/change_password', payload: {} })).status).toBe(401);
    const empty = await change({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.current_password).toEqual(['Requis.']);
    expect(empty.body.errors.password).toEqual(['Requis.']);
    expect(empty.body.errors.password_confirmation).toEqual(['Requis.']);
    const short = await change({
      current_password: PASSWORD,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(['Le mot de passe doit contenir au moins 8 caractères.']);
    const mismatch = await change({
      current_password: PASSWORD,
      password: 'Changed-pass-1',
      password_confirmation: 'Changed-pass-2',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual([
      'La confirmation doit correspondre au mot de passe.',
    ]);
    expect((await get('/api/users/me', first)).status).toBe(200);

    const ok = await change({
      current_password: PASSWORD,
      password: 'Changed-pass-1',
      password_confirmation: 'Changed-pass-1',
    });
    expect(ok.status).toBe(200);
    expect((await get('/api/users/me', first)).status).toBe(401);
    expect((await get('/api/users/me', second)).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(422);
    expect((await login(email, 'Changed-pass-1')).status).toBe(200);
  });

  it('PATCH /api/users/me updates the profile and validates it', async () => {
    const token = await t.signIn(people.collab.email);
    const patch = (payload: object, headers?: Record<string, string>) =>
      t.request({ method: 'PATCH', url: '/api/users/me', token, payload, headers });

    const ok = await patch({ firstname: ' Claudine ', lastname: 'Collab', dark_mode: true, locale: 'en' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      firstname: 'Claudine',
      lastname: 'Collab',
      fullname: 'Claudine Collab',
      dark_mode: true,
      locale: 'en',
      profile_complete: true,
    });
    expect((await get('/api/users/me', token)).body.data).toMatchObject({
      firstname: 'Claudine',
      locale: 'en',
    });

    // A partial update leaves the other fields.
    const partial = await patch({ dark_mode: false });
    expect(partial.body.data).toMatchObject({ firstname: 'Claudine', dark_mode: false, locale: 'en' });

    const blank = await patch({ firstname: '' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.firstname).toEqual(['Requis.']);
    const spaces = await patch({ lastname: '   ' }, { 'accept-language': 'en' });
    expect(spaces.body.errors.lastname).toEqual(['Required.']);
    const bad = await patch({ locale: 'de', post_code: '123', firstname: 'a/b', dark_mode: 'yes' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['dark_mode', 'firstname', 'locale', 'post_code']);
    expect(bad.body.errors.post_code).toEqual(['Le code postal doit contenir 5 chiffres.']);
    const nul = await patch({ city: 'Pa\u0000ris' });
    expect(nul.status).toBe(422);
    expect(nul.body.errors.city).toEqual(['Caractère interdit.']);
    expect((await get('/api/users/me', token)).body.data.firstname).toBe('Claudine');

    expect((await t.request({ method: 'PATCH', url: '/api/users/me', payload: {} })).status).toBe(401);
  });

  it('GET /api/retrievelogin answers the user and the session expiry', async () => {
    const token = await t.signIn(people.expert.email);
    const res = await get('/api/retrievelogin?is_mobile_app=false', token);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: people.expert.email, is_accountant: true });
    const expires = Date.parse(res.body.data.expires_at);
    expect(expires).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 2 * 60 * 60 * 1000);
    expect((await get('/api/retrievelogin')).status).toBe(401);
    expect((await get('/api/retrievelogin?is_mobile_app=maybe', token)).status).toBe(422);
  });
});

describe('reset mail limit', () => {
  it('answers 429 after 5 requests for one email in an hour, known account or not', async () => {
    const ask = (email: string) =>
      t.request({ method: 'POST', url: '/api/password-resets', payload: { email } });
    for (const email of ['nobody@nowhere.test', people.expert.email]) {
      for (let i = 0; i < 5; i++) expect((await ask(email)).status).toBe(200);
      const blocked = await ask(email);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('too-many-requests');
      // Free again when the oldest request of the hour leaves the window.
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3590);
      expect(blocked.body.message).toBe('Trop de tentatives, veuillez réessayer dans 60 minutes.');
    }
  });
});
