import { translateMessage } from '@portal/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortalsWorld, type PortalsWorld } from '../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let w: PortalsWorld;
const firm = { demo: 0, nord: 0 };
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPortalsWorld(t);
  for (const who of ['expert', 'collab', 'client'] as const) token[who] = w.tokens[who];
  firm.demo = w.firms.centre.id;
  firm.nord = w.firms.nord.id;
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

  describe('SVG logos', () => {
    const svg = (body: string, root = '') =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40"${root}>${body}<circle cx="20" cy="20" r="18" fill="#00f"/></svg>`;
    const putSvg = (text: string, lang?: string) =>
      t.request({
        method: 'PUT',
        url: `/api/accounting-firms/${firm.nord}/white-labels/dark`,
        token: token.expert,
        headers: lang ? { 'accept-language': lang } : {},
        payload: { ...base, name: 'Nord', logo: Buffer.from(text).toString('base64') },
      });
    const servedText = async (url: string) => {
      const served = await binary(url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toContain('image/svg+xml');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      return served.bytes.toString('utf8');
    };

    it('stores a logo cleaned of scripts, event handlers and javascript: links, the picture kept', async () => {
      const cases = {
        script: svg('<script>alert(document.domain)</script><script xlink:href="https://evil.test/x.js"/>'),
        onload: svg(
          '<rect width="4" height="4" onclick="alert(2)" onmouseover="alert(3)"/>',
          ' onload="alert(1)"',
        ),
        'javascript: link': svg(
          '<a href="javascript:alert(4)"><rect width="4" height="4"/></a><a xlink:href=" JaVaScRiPt:alert(5)"><rect width="2" height="2"/></a>',
        ),
        animation: svg(
          '<a href="#x"><set attributeName="href" to="javascript:alert(6)"/><rect width="1" height="1"/></a>',
        ),
        'use of a data: document': svg('<use href="data:image/svg+xml;base64,PHN2Zy9alert+#x"/>'),
        'foreign object': svg(
          '<foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(7)"/></foreignObject>',
        ),
      };
      for (const [what, text] of Object.entries(cases)) {
        const res = await putSvg(text);
        expect(res.status, what).toBe(200);
        const served = await servedText(res.body.data.logo);
        for (const gone of [
          'script',
          'alert',
          'javascript',
          'onload',
          'onclick',
          'onmouseover',
          '<set',
          'iframe',
          'foreignObject',
        ]) {
          expect(served, `${what}: ${gone}`).not.toContain(gone);
        }
        expect(served, what).toContain('<circle cx="20" cy="20" r="18" fill="#00f"/>');
        // The icons are drawn from the cleaned logo.
        const icon = await binary(`/api/accounting-firms/${firm.nord}/white-labels/dark/apple-touch-icon`);
        expect(icon.status).toBe(200);
      }
    });

    it('refuses a logo that loads anything from outside the file, with a clear 422, keeping the old one', async () => {
      const kept = await putSvg(svg(''));
      expect(kept.status).toBe(200);
      const before = await servedText(kept.body.data.logo);
      const cases = {
        'external image': svg('<image href="https://evil.test/track.png" width="10" height="10"/>'),
        'external image (xlink)': svg('<image xlink:href="//evil.test/track.png" width="10" height="10"/>'),
        'external use': svg('<use xlink:href="http://evil.test/sprite.svg#logo"/>'),
        'style url()': svg('<style>circle { fill: url(http://evil.test/paint.svg#p) }</style>'),
        'style url() escaped': svg('<style>circle { fill: \\75 rl(http://evil.test/p.svg#p) }</style>'),
        'style @import': svg('<style>@import "https://evil.test/x.css";</style>'),
        'style attribute url()': svg(
          '<rect width="4" height="4" style="fill: url(\'https://evil.test/f\')"/>',
        ),
        'presentation attribute url()': svg(
          '<rect width="4" height="4" filter="url(https://evil.test/f.svg#f)"/>',
        ),
        'external gradient': svg('<linearGradient id="g" href="https://evil.test/g.svg#g"/>'),
        'external link': svg('<a href="https://evil.test/"><rect width="4" height="4"/></a>'),
      };
      for (const [what, text] of Object.entries(cases)) {
        const res = await putSvg(text, 'en');
        expect(res.status, what).toBe(422);
        expect(res.body, what).toEqual({
          message: translateMessage('validation-failed', 'en'),
          code: 'validation-failed',
          errors: { logo: [translateMessage('svg-external-reference', 'en')] },
        });
      }
      const fr = await putSvg(cases['external image']);
      expect(fr.body.errors.logo).toEqual([translateMessage('svg-external-reference', 'fr')]);
      const entry = (await labels(firm.nord)).find((l) => l.theme === 'dark')!;
      expect(await servedText(entry.logo!)).toBe(before);
    });

    it('keeps a normal logo: prolog, gradients, clip paths, symbols, styles and an embedded png', async () => {
      const dot = (await png('#ff0000', 4)).toString('base64');
      const text =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
        '<!-- Generator: Adobe Illustrator 27.0.0 -->\n' +
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" width="120" height="40">' +
        '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1565c0"/><stop offset="1" stop-color="#0d2b4e"/></linearGradient>' +
        '<clipPath id="c"><rect width="40" height="40" rx="8"/></clipPath><symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol>' +
        '<style>.cls-1{fill:url(#g)}.cls-2{fill:#fff;font-family:sans-serif}</style></defs>' +
        '<rect class="cls-1" width="40" height="40" clip-path="url(#c)"/>' +
        '<use xlink:href="#s" x="45" y="5" width="30" height="30" fill="url( \'#g\' )"/>' +
        `<image href="data:image/png;base64,${dot}" x="80" y="5" width="30" height="30"/>` +
        '<text class="cls-2" x="20" y="28" text-anchor="middle">N</text><a href="#s"><rect x="110" width="10" height="10"/></a></svg>';
      const res = await putSvg(text);
      expect(res.status).toBe(200);
      const served = await servedText(res.body.data.logo);
      for (const kept of [
        'linearGradient',
        'clipPath',
        '<symbol id="s"',
        'xlink:href="#s"',
        `data:image/png;base64,${dot}`,
        '.cls-1{fill:url(#g)}',
        'clip-path="url(#c)"',
        '>N</text>',
        '<a href="#s">',
      ]) {
        expect(served, kept).toContain(kept);
      }
      // Rendered, the square's middle is the gradient's blue.
      const { data, info } = await sharp(Buffer.from(served)).raw().toBuffer({ resolveWithObject: true });
      const [r, g, b, alpha] = data.subarray((20 * info.width + 20) * 4, (20 * info.width + 20) * 4 + 4);
      expect(alpha).toBe(255);
      expect(b).toBeGreaterThan(r! + 60);
      expect(b).toBeGreaterThan(g!);
    });

    it('refuses a document that is not an SVG or whose entities would blow up', async () => {
      const entity = 'x'.repeat(10_000);
      const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "${entity}">]><svg xmlns="http://www.w3.org/2000/svg"><text>${'&a;'.repeat(200)}</text></svg>`;
      for (const text of [bomb, '<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"></svg>']) {
        const res = await putSvg(text);
        expect(res.status).toBe(422);
        expect(res.body.errors.logo).toEqual([translateMessage('invalid-image', 'fr')]);
      }
    });
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

describe("the firm's start-up data (GET /api/) is cached with the firm's reads", () => {
  const startup = async () => {
    const res = await t.request({ method: 'GET', url: `/api/?accounting_firm_id=${firm.nord}` });
    expect(res.status).toBe(200);
    return res.body.data as {
      accounting_firm: { name: string };
      white_labels: { theme: string; name: string; primary_color: string }[];
    };
  };

  it('shows a new colour, a new name and a renamed firm on the very next call', async () => {
    const before = await startup();
    const light = () => before.white_labels.find((w) => w.theme === 'light')!;
    expect(light()).toBeDefined();
    const saved = await put(firm.nord, 'light', {
      name: 'Nord Cache',
      primary_color: '#123456',
      secondary_color: '#654321',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = (await startup()).white_labels.find((w) => w.theme === 'light')!;
    expect(after).toMatchObject({ name: 'Nord Cache', primary_color: '#123456' });
    const superAdmin = await t.signIn(w.people.superadmin.email);
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/sa/accounting-firms/${firm.nord}`,
      token: superAdmin,
      payload: { name: 'Cabinet Nord Renommé' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await startup()).accounting_firm.name).toBe('Cabinet Nord Renommé');
    const back = await t.request({
      method: 'PATCH',
      url: `/api/sa/accounting-firms/${firm.nord}`,
      token: superAdmin,
      payload: { name: before.accounting_firm.name },
    });
    expect(back.status).toBe(200);
  });
});
