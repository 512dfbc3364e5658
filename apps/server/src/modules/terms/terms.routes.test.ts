import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const firm = { demo: 0, nord: 0 };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const firms = (
    await t.request({
      method: 'GET',
      url: '/api/users/me/accounting-firms',
      token: await t.signIn('expert@demo.test'),
    })
  ).body.data as { id: number; name: string }[];
  firm.demo = firms.find((f) => f.name === 'Cabinet Démo')!.id;
  firm.nord = firms.find((f) => f.name === 'Cabinet Nord')!.id;
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
