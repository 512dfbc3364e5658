import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDavWorld, type DavWorld } from '../../../test/dav-world';
import { buildFirm, buildFirmMember, buildVendor } from '../../../test/factories';
import { useSecondApp } from '../../../test/second-app';
import { storagePolicies } from '../../db/schema';

let w: DavWorld;
let secondFirm: { id: number; name: string };
let strangerFirm: { id: number };
let twin: { id: number; clientCode: string; siret: string | null };
beforeAll(async () => {
  w = await buildDavWorld();
  // A second firm of the administrator's (a second workspace), and a firm they have nothing in.
  secondFirm = (await buildFirm(w.db)).firm;
  await buildFirmMember(w.db, { firm: secondFirm, user: w.people.admin });
  strangerFirm = (await buildFirm(w.db)).firm;
  // A client file with the same company as the world's: the names by company alone clash.
  twin = (await buildVendor(w.db, { firm: w.firm, company: w.vendor.company })).vendor;
});
afterAll(() => w.t.close());

const hrefs = (xml: string) =>
  [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => decodeURIComponent(m[1]!));
const list = async (path: string, who: 'admin' | 'client' = 'admin') => {
  const res = await w.dav('PROPFIND', path, who, { headers: { depth: '1' } });
  expect(res.status, res.body).toBe(207);
  return hrefs(res.body);
};
const put = (payload: object, who: 'admin' | 'client' = 'admin') =>
  w.t.request({ method: 'PUT', url: '/api/users/me/dav-preferences', token: w.tokens[who], payload });
const firmPath = () => `/dav/${encodeURIComponent(w.firm.name)}/`;

describe('network-drive preferences', () => {
  it('default to every firm and `client code - company`', async () => {
    const res = await w.t.request({
      method: 'GET',
      url: '/api/users/me/dav-preferences',
      token: w.tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      visible_accounting_firm_ids: null,
      folder_format: ['client_code', 'company'],
    });
    const root = await list('/dav/');
    expect(root).toContain(`/dav/${w.firm.name}/`);
    expect(root).toContain(`/dav/${secondFirm.name}/`);
    expect(await list(firmPath())).toContain(
      `/dav/${w.firm.name}/${w.vendor.clientCode} - ${w.vendor.company}/`,
    );
  });

  it('refuse bad input with 422 on the field', async () => {
    const cases: [object, string][] = [
      [{ visible_accounting_firm_ids: null, folder_format: [] }, 'folder_format'],
      [{ visible_accounting_firm_ids: null, folder_format: ['company', 'company'] }, 'folder_format'],
      [{ visible_accounting_firm_ids: null, folder_format: ['siren'] }, 'folder_format'],
      [{ visible_accounting_firm_ids: [], folder_format: ['company'] }, 'visible_accounting_firm_ids'],
      [{ visible_accounting_firm_ids: ['1'], folder_format: ['company'] }, 'visible_accounting_firm_ids'],
      [{ folder_format: ['company'] }, 'visible_accounting_firm_ids'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(
        Object.keys(res.body.errors ?? res.body.fields ?? {}).join(),
        JSON.stringify(res.body),
      ).toContain(field);
    }
  });

  it("refuse another firm's id as one that does not exist (422 on the field, the same answer)", async () => {
    const foreign = await put({
      visible_accounting_firm_ids: [w.firm.id, strangerFirm.id],
      folder_format: ['company'],
    });
    const missing = await put({
      visible_accounting_firm_ids: [w.firm.id, 2_000_000_000],
      folder_format: ['company'],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual(missing.body);
    expect(JSON.stringify(foreign.body)).toContain('visible_accounting_firm_ids');
    // Nothing was stored.
    const res = await w.t.request({
      method: 'GET',
      url: '/api/users/me/dav-preferences',
      token: w.tokens.admin,
    });
    expect(res.body.data.visible_accounting_firm_ids).toBeNull();
  });

  it('show only the chosen workspaces, at once', async () => {
    const res = await put({
      visible_accounting_firm_ids: [secondFirm.id],
      folder_format: ['client_code', 'company'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.visible_accounting_firm_ids).toEqual([secondFirm.id]);
    const root = await list('/dav/');
    expect(root).toEqual(['/dav/', `/dav/${secondFirm.name}/`]);
    expect((await w.dav('PROPFIND', firmPath(), 'admin', { headers: { depth: '0' } })).status).toBe(404);
    expect(
      (await put({ visible_accounting_firm_ids: null, folder_format: ['client_code', 'company'] })).status,
    ).toBe(200);
    expect(await list('/dav/')).toContain(`/dav/${w.firm.name}/`);
  });

  it('name the client folders by the format, a clash suffixed with the client code', async () => {
    const res = await put({ visible_accounting_firm_ids: [w.firm.id], folder_format: ['company'] });
    expect(res.status).toBe(200);
    const names = await list(firmPath());
    expect(names).toContain(`/dav/${w.firm.name}/${w.vendor.company} (${w.vendor.clientCode})/`);
    expect(names).toContain(`/dav/${w.firm.name}/${w.vendor.company} (${twin.clientCode})/`);

    await put({ visible_accounting_firm_ids: null, folder_format: ['identifier', 'company', 'client_code'] });
    const folder = `${w.vendor.siret} - ${w.vendor.company} - ${w.vendor.clientCode}`;
    expect(await list(firmPath())).toContain(`/dav/${w.firm.name}/${folder}/`);
    // The client folder opens by its new name; the old one names nothing.
    expect(
      (
        await w.dav('PROPFIND', `${firmPath()}${encodeURIComponent(folder)}/`, 'admin', {
          headers: { depth: '0' },
        })
      ).status,
    ).toBe(207);
    expect((await w.dav('PROPFIND', `${w.clientPath}/`, 'admin', { headers: { depth: '0' } })).status).toBe(
      404,
    );
    // Another person's preferences are theirs: the client keeps the default.
    expect(await list(firmPath(), 'client')).toContain(
      `/dav/${w.firm.name}/${w.vendor.clientCode} - ${w.vendor.company}/`,
    );
    await put({ visible_accounting_firm_ids: null, folder_format: ['client_code', 'company'] });
  });

  it("report the portal's quota (RFC 4331) when asked, never in allprop", async () => {
    const body =
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:quota-used-bytes/><D:quota-available-bytes/></D:prop></D:propfind>';
    const unlimited = await w.dav('PROPFIND', `${w.clientPath}/`, 'admin', { headers: { depth: '0' }, body });
    expect(unlimited.status).toBe(207);
    const used = Number(/<D:quota-used-bytes>(\d+)</.exec(unlimited.body)?.[1]);
    expect(used).toBeGreaterThanOrEqual(0);
    expect(unlimited.body).not.toMatch(/<D:quota-available-bytes>\d/);
    await w.db.insert(storagePolicies).values({ accountingFirmId: w.firm.id, quotaBytes: 10_000_000 });
    const limited = await w.dav('PROPFIND', firmPath(), 'admin', { headers: { depth: '1' }, body });
    const available = [...limited.body.matchAll(/<D:quota-available-bytes>(\d+)</g)].map((m) => Number(m[1]));
    expect(available.length).toBeGreaterThanOrEqual(3);
    expect(new Set(available)).toEqual(new Set([10_000_000 - used]));
    const all = await w.dav('PROPFIND', `${w.clientPath}/`, 'admin', { headers: { depth: '0' } });
    expect(all.body).not.toContain('quota-');
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  const other = useSecondApp(() => w.t);

  it('a change of preferences on one process shows on the other at once (its cache cleared)', async () => {
    const names = async () =>
      hrefs(
        (
          await other().inject({
            method: 'PROPFIND',
            url: firmPath(),
            headers: { depth: '1', authorization: w.basic('admin') },
          })
        ).body,
      );
    expect(await names()).toContain(`/dav/${w.firm.name}/${w.vendor.clientCode} - ${w.vendor.company}/`);
    expect(
      (await put({ visible_accounting_firm_ids: null, folder_format: ['company', 'client_code'] })).status,
    ).toBe(200);
    const expected = `/dav/${w.firm.name}/${w.vendor.company} - ${w.vendor.clientCode}/`;
    const started = Date.now();
    while (!(await names()).includes(expected) && Date.now() - started < 8000)
      await new Promise((r) => setTimeout(r, 5));
    expect(await names()).toContain(expected);
    // Well inside the cache's 10 s lifetime: the notification cleared it (each PROPFIND of the
    // loop is counted, which a loaded machine makes slow).
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
