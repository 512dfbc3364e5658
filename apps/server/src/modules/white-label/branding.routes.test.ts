import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const firm = { demo: 0, nord: 0 };
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  for (const who of ['expert', 'collab', 'client']) token[who] = await t.signIn(`${who}@demo.test`);
  const firms = (
    await t.request({ method: 'GET', url: '/api/users/me/accounting-firms', token: token.expert })
  ).body.data as { id: number; name: string }[];
  firm.demo = firms.find((f) => f.name === 'Cabinet Démo')!.id;
  firm.nord = firms.find((f) => f.name === 'Cabinet Nord')!.id;
});
afterAll(() => t.close());

const put = (firmId: number, theme: string, body: unknown, who = 'expert') =>
  t.request({
    method: 'PUT',
    url: `/api/accounting-firms/${firmId}/white-labels/${theme}`,
    token: token[who],
    payload: body as object,
  });
const labels = async (firmId: number) =>
  (await t.request({ method: 'GET', url: `/api/accounting-firms/${firmId}/white-labels` })).body.data as {
    theme: string;
    name: string;
    logo: string | null;
    primary_color: string;
  }[];
const binary = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
};
const png = (colour: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .png()
    .toBuffer();

const base = { name: 'Cabinet Démo', primary_color: '#2e7d32', secondary_color: '#0d2b4e' };

describe('PUT /api/accounting-firms/{id}/white-labels/{theme}', () => {
  it('changes the name and colours (normalised) of one theme, leaving the other', async () => {
    const before = await labels(firm.demo);
    const res = await put(firm.demo, 'dark', {
      name: 'Démo nuit',
      primary_color: 'ABCDEF',
      secondary_color: '#123456',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      theme: 'dark',
      name: 'Démo nuit',
      primary_color: '#abcdef',
      secondary_color: '#123456',
    });
    const after = await labels(firm.demo);
    expect(after.find((l) => l.theme === 'dark')).toMatchObject({
      name: 'Démo nuit',
      primary_color: '#abcdef',
    });
    expect(after.find((l) => l.theme === 'light')).toEqual(before.find((l) => l.theme === 'light'));
  });

  it('sets a logo that is then served, with new icons made from it, and removes it', async () => {
    const logo = await png('#ff0000');
    const set = await put(firm.demo, 'light', { ...base, logo: logo.toString('base64') });
    expect(set.status).toBe(200);
    expect(set.body.data.logo).toMatch(
      new RegExp(`^/api/accounting-firms/${firm.demo}/white-labels/light/logo\\?last_modified=`),
    );
    const served = await binary(set.body.data.logo);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.bytes, logo)).toBe(0);
    const touch = await binary(`/api/accounting-firms/${firm.demo}/white-labels/light/apple-touch-icon`);
    const { dominant } = await sharp(touch.bytes).stats();
    expect(dominant).toMatchObject({ r: expect.any(Number) });
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(60);

    // Saving without `logo` keeps it; null removes it.
    const kept = await put(firm.demo, 'light', base);
    expect(kept.body.data.logo).not.toBeNull();
    const removed = await put(firm.demo, 'light', { ...base, logo: null });
    expect(removed.body.data.logo).toBeNull();
    expect((await binary(`/api/accounting-firms/${firm.demo}/white-labels/light/logo`)).status).toBe(404);
  });

  it('accepts an SVG logo and serves it under a CSP that runs nothing', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#00f"/></svg>';
    const res = await put(firm.nord, 'light', {
      ...base,
      name: 'Nord',
      logo: Buffer.from(svg).toString('base64'),
    });
    expect(res.status).toBe(200);
    const served = await binary(res.body.data.logo);
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses bad colours, corrupt or foreign files and oversized images, changing nothing', async () => {
    const before = await labels(firm.demo);
    const colour = await put(firm.demo, 'light', { ...base, primary_color: 'green' });
    expect(colour.status).toBe(422);
    expect(colour.body.errors.primary_color).toBeDefined();
    const empty = await put(firm.demo, 'light', { ...base, name: '  ' });
    expect(empty.body.errors.name).toBeDefined();

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n').toString('base64');
    const notImage = await put(firm.demo, 'light', { ...base, logo: pdf });
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors.logo).toEqual([
      'Image invalide ou format non pris en charge (gif, jpeg, png, webp, svg).',
    ]);
    const truncated = (await png('#00ff00', 256)).subarray(0, 120).toString('base64');
    expect((await put(firm.demo, 'light', { ...base, logo: truncated })).body.errors.logo).toBeDefined();
    const notBase64 = await put(firm.demo, 'light', { ...base, logo: '<script>' });
    expect(notBase64.body.errors.logo).toBeDefined();

    const noisy = await sharp(
      Buffer.from(Array.from({ length: 420 * 420 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 420, height: 420, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    const large = await put(firm.demo, 'light', { ...base, logo: noisy.toString('base64') });
    expect(large.status).toBe(422);
    expect(large.body.errors.logo).toEqual(["L'image est trop volumineuse (500 Ko au plus)."]);
    expect(await labels(firm.demo)).toEqual(before);
  });

  it('is for firm administrators: 403 for a collaborator or client, 404 on another firm, 401 without a token', async () => {
    expect((await put(firm.demo, 'light', base, 'collab')).status).toBe(403);
    expect((await put(firm.demo, 'light', base, 'client')).status).toBe(404);
    expect((await put(firm.nord, 'light', base, 'collab')).status).toBe(404);
    expect((await put(999_999, 'light', base)).status).toBe(404);
    const anonymous = await t.request({
      method: 'PUT',
      url: `/api/accounting-firms/${firm.demo}/white-labels/light`,
      payload: base,
    });
    expect(anonymous.status).toBe(401);
    expect((await put(firm.demo, 'sepia', base)).status).toBe(422);
  });
});
