import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirm,
  buildFirmMember,
  buildTerms,
  buildVendor,
  type FactoryDb,
  type User,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
/** Two portals of one holding, `demo` served on localhost and `nord` on nord.localhost. */
const firm = { demo: 0, nord: 0 };
/** The administrator of both portals, a collaborator of `demo`, and two client users there. */
const people = {} as Record<'expert' | 'collab' | 'client' | 'guest', User>;

const TEXTS = {
  fr: { title: "Conditions Générales d'Utilisation", content: 'Article 1 — Objet.' },
  en: { title: 'Terms of Use', content: 'Article 1 — Purpose.' },
  pt: { title: 'Termos de Utilização', content: 'Artigo 1 — Objeto.' },
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db as FactoryDb;
  const { firm: demo, holding } = await buildFirm(db, { holding: true, domain: 'localhost' });
  const { firm: nord } = await buildFirm(db, { holding, domain: 'nord.localhost' });
  for (const portal of [demo, nord])
    for (const [locale, text] of Object.entries(TEXTS))
      await buildTerms(db, { firm: portal, locale: locale as 'fr', ...text });
  firm.demo = demo.id;
  firm.nord = nord.id;
  ({ user: people.expert } = await buildFirmMember(db, { firm: demo, role: 'admin' }));
  await buildFirmMember(db, { firm: nord, user: people.expert, role: 'admin' });
  ({ user: people.collab } = await buildFirmMember(db, { firm: demo }));
  const { vendor } = await buildVendor(db, { firm: demo });
  ({ user: people.client } = await buildClientUser(db, { vendor, role: 'admin' }));
  ({ user: people.guest } = await buildClientUser(db, { vendor, role: 'guest' }));
});
afterAll(() => t.close());

const terms = (query: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: `/api/terms${query}`, headers });

describe('GET /api/terms', () => {
  it('answers version 1 in French by default', async () => {
    const res = await terms(`?accounting_firm_id=${firm.demo}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      accounting_firm_id: firm.demo,
      version: 1,
      locale: 'fr',
      title: "Conditions Générales d'Utilisation",
    });
    expect(res.body.data.content).toContain('Article 1');
    expect(new Date(res.body.data.published_at).toISOString()).toBe(res.body.data.published_at);
  });

  it('follows the locale parameter, then Accept-Language', async () => {
    const en = await terms(`?accounting_firm_id=${firm.demo}&locale=en`);
    expect(en.body.data).toMatchObject({ locale: 'en', title: 'Terms of Use', version: 1 });
    const pt = await terms(`?accounting_firm_id=${firm.demo}`, { 'accept-language': 'pt-PT,pt;q=0.9' });
    expect(pt.body.data).toMatchObject({ locale: 'pt', title: 'Termos de Utilização' });
    const byHeader = await terms(`?accounting_firm_id=${firm.nord}`, { 'accept-language': 'en-GB' });
    expect(byHeader.body.data).toMatchObject({ locale: 'en', accounting_firm_id: firm.nord });
    // The parameter wins over the header; an unsupported language falls back to French.
    const both = await terms(`?accounting_firm_id=${firm.demo}&locale=pt`, { 'accept-language': 'en' });
    expect(both.body.data.locale).toBe('pt');
    expect(
      (await terms(`?accounting_firm_id=${firm.demo}`, { 'accept-language': 'de' })).body.data.locale,
    ).toBe('fr');
  });

  it("answers the host's firm without an id", async () => {
    const nord = await terms('', { host: 'nord.localhost' });
    expect(nord.body.data.accounting_firm_id).toBe(firm.nord);
    // Like GET /api/: the port is ignored and host names are case-insensitive.
    const withPort = await terms('', { host: 'NORD.localhost:5173' });
    expect(withPort.body.data.accounting_firm_id).toBe(firm.nord);
    const demo = await terms('', { host: 'localhost' });
    expect(demo.body.data.accounting_firm_id).toBe(firm.demo);
  });

  it('answers 404 for an unknown firm and 422 for bad input', async () => {
    const unknown = await terms('?accounting_firm_id=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    expect((await terms('?accounting_firm_id=abc')).status).toBe(422);
    const locale = await terms(`?accounting_firm_id=${firm.demo}&locale=de`);
    expect(locale.status).toBe(422);
    expect(locale.body.errors.locale).toBeDefined();
  });
});

describe('/api/users/me/terms', () => {
  const mine = (token: string, firmId: number, query = '') =>
    t.request({ method: 'GET', url: `/api/users/me/terms?accounting_firm_id=${firmId}${query}`, token });
  const accept = (token: string, body: unknown) =>
    t.request({ method: 'POST', url: '/api/users/me/terms', token, payload: body as object });

  it('shows the current terms, records an acceptance, and asks again for a new version', async () => {
    const token = await t.signIn(people.guest.email);
    const before = await mine(token, firm.demo, '&locale=en');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      terms: { version: 1, locale: 'en', title: 'Terms of Use' },
      accepted_version: null,
      accepted_at: null,
      up_to_date: false,
    });

    const accepted = await accept(token, { accounting_firm_id: firm.demo, version: 1 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ accepted_version: 1, up_to_date: true });
    expect(Date.now() - Date.parse(accepted.body.data.accepted_at)).toBeLessThan(60_000);
    // Accepting again changes nothing.
    const again = await accept(token, { accounting_firm_id: firm.demo, version: 1 });
    expect(again.body.data.accepted_at).toBe(accepted.body.data.accepted_at);

    await buildTerms(t.database.db, {
      firm: { id: firm.demo },
      version: 2,
      locale: 'fr',
      title: 'CGU v2',
      content: 'Article 1 — nouveau.',
    });
    const renewed = (await mine(token, firm.demo)).body.data;
    expect(renewed).toMatchObject({
      terms: { version: 2, title: 'CGU v2' },
      accepted_version: 1,
      up_to_date: false,
    });

    const outdated = await accept(token, { accounting_firm_id: firm.demo, version: 1 });
    expect(outdated.status).toBe(422);
    expect(outdated.body).toMatchObject({
      code: 'terms-outdated',
      errors: { version: [expect.any(String)] },
    });
    expect((await mine(token, firm.demo)).body.data.accepted_version).toBe(1);
    const current = await accept(token, { accounting_firm_id: firm.demo, version: 2 });
    expect(current.body.data).toMatchObject({ accepted_version: 2, up_to_date: true });
  });

  it('answers 404 for a firm the user has nothing to do with, 401 without a session, 422 on bad input', async () => {
    const client = await t.signIn(people.client.email);
    expect((await mine(client, firm.nord)).status).toBe(404);
    expect((await accept(client, { accounting_firm_id: firm.nord, version: 1 })).status).toBe(404);
    expect((await mine(client, 999_999)).status).toBe(404);
    const anonymous = await t.request({
      method: 'GET',
      url: `/api/users/me/terms?accounting_firm_id=${firm.demo}`,
    });
    expect(anonymous.status).toBe(401);
    const bad = await accept(client, { accounting_firm_id: firm.demo, version: 'one' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.version).toBeDefined();
    expect((await mine(client, firm.demo)).body.data.accepted_version).toBeNull();
  });
});

describe('/api/accounting-firms/{id}/terms', () => {
  const firmTerms = (token: string, firmId: number) =>
    t.request({ method: 'GET', url: `/api/accounting-firms/${firmId}/terms`, token });
  const publish = (token: string, firmId: number, body: unknown) =>
    t.request({
      method: 'POST',
      url: `/api/accounting-firms/${firmId}/terms`,
      token,
      payload: body as object,
    });

  it('lets an administrator publish a new version, which every user is then asked to accept', async () => {
    const expert = await t.signIn(people.expert.email);
    const before = await firmTerms(expert, firm.nord);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ version: 1, accepted_count: 0 });
    expect(before.body.data.texts.map((x: { locale: string }) => x.locale)).toEqual(['fr', 'en', 'pt']);

    const published = await publish(expert, firm.nord, {
      fr: { title: 'CGU 2027', content: 'Article 1 — Tout change.' },
      en: { title: 'Terms 2027', content: 'Article 1 — Everything changes.' },
    });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ version: 2, accepted_count: 0 });
    expect(published.body.data.texts.map((x: { locale: string }) => x.locale)).toEqual(['fr', 'en']);
    // Portuguese readers get the French text of the new version.
    const pt = await terms(`?accounting_firm_id=${firm.nord}&locale=pt`);
    expect(pt.body.data).toMatchObject({ version: 2, locale: 'fr', title: 'CGU 2027' });

    const mine = await t.request({
      method: 'GET',
      url: `/api/users/me/terms?accounting_firm_id=${firm.nord}`,
      token: expert,
    });
    expect(mine.body.data).toMatchObject({ terms: { version: 2 }, up_to_date: false });
    await t.request({
      method: 'POST',
      url: '/api/users/me/terms',
      token: expert,
      payload: { accounting_firm_id: firm.nord, version: 2 },
    });
    expect((await firmTerms(expert, firm.nord)).body.data.accepted_count).toBe(1);
  });

  it('refuses publishing to collaborators (403) and strangers (404), and bad texts (422) without change', async () => {
    const text = { title: 'CGU', content: 'Texte.' };
    const collab = await t.signIn(people.collab.email);
    expect((await firmTerms(collab, firm.demo)).status).toBe(200);
    expect((await publish(collab, firm.demo, { fr: text })).status).toBe(403);
    expect((await firmTerms(collab, firm.nord)).status).toBe(404);
    expect((await publish(collab, firm.nord, { fr: text })).status).toBe(404);

    const expert = await t.signIn(people.expert.email);
    const version = (await firmTerms(expert, firm.nord)).body.data.version;
    const noFrench = await publish(expert, firm.nord, { en: text });
    expect(noFrench.status).toBe(422);
    expect(noFrench.body.errors.fr).toBeDefined();
    const empty = await publish(expert, firm.nord, { fr: { title: ' ', content: 'x' } });
    expect(empty.body.errors['fr.title']).toBeDefined();
    const unknown = await publish(expert, firm.nord, { fr: text, de: text });
    expect(unknown.status).toBe(422);
    const tooLong = await publish(expert, firm.nord, { fr: { title: 'CGU', content: 'x'.repeat(50_001) } });
    expect(tooLong.body.errors['fr.content']).toBeDefined();
    expect((await firmTerms(expert, firm.nord)).body.data.version).toBe(version);
  });
});
