import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsWorld, type DocumentsWorld } from '../../../test/documents-world';
import { buildClientUser, buildFirm, buildUser, buildVendor } from '../../../test/factories';

// The Themes screens' reads (issue 26): a client file's themes with their folders and people, and
// the firm's usage per theme (what a deletion would open).

let w: DocumentsWorld;
let clientAdmin: string;
let clientAdminId: number;
const th = {} as Record<'social' | 'legal' | 'internal' | 'unused', number>;
const f = {} as Record<'payroll' | 'payslips' | 'contracts' | 'both' | 'internal', number>;
let other: { firm: number; vendor: number };

const vendorUrl = (path = '') => `/api/vendors/${w.vendor.id}${path}`;

beforeAll(async () => {
  w = await buildDocumentsWorld();
  const { user } = await buildUser(w.db);
  await buildClientUser(w.db, { vendor: w.vendor, user, role: 'admin' });
  clientAdmin = await w.t.signIn(user.email);
  clientAdminId = user.id;
  const theme = async (title: string, sharing: string) => {
    const res = await w.call('POST', `/api/accounting-firms/${w.firm.id}/themes`, 'admin', {
      title,
      sharing,
      rights: 'read_write',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  th.social = await theme('Social', 'shared');
  th.legal = await theme('Juridique', 'shared');
  th.internal = await theme('Interne', 'private_firm');
  th.unused = await theme('Divers', 'shared');
  f.payroll = await w.folder('Paie');
  f.payslips = await w.folder('Bulletins', f.payroll);
  f.contracts = await w.folder('Contrats');
  f.both = await w.folder('Mixte', f.payroll);
  f.internal = await w.folder('Interne');
  const tag = async (folder: number, ids: number[]) =>
    expect(
      (await w.call('PUT', vendorUrl(`/folders/${folder}/themes`), 'admin', { theme_ids: ids })).status,
    ).toBe(200);
  await tag(f.payroll, [th.social]);
  await tag(f.payslips, [th.social]);
  await tag(f.contracts, [th.legal]);
  await tag(f.both, [th.social, th.legal]);
  await tag(f.internal, [th.internal]);
  // The collaborator holds Social and Interne; the client user only Social; the client admin all.
  const member = await w.call(
    'PATCH',
    `/api/accounting-firms/${w.firm.id}/members/${w.people.collab.id}`,
    'admin',
    {
      theme_ids: [th.social, th.internal],
    },
  );
  expect(member.status, JSON.stringify(member.body)).toBe(200);
  const client = await w.call('PATCH', vendorUrl(`/users/${w.people.client.id}`), 'admin', {
    theme_ids: [th.social],
  });
  expect(client.status, JSON.stringify(client.body)).toBe(200);
  const otherFirm = (await buildFirm(w.db)).firm;
  other = { firm: otherFirm.id, vendor: (await buildVendor(w.db, { firm: otherFirm })).vendor.id };
});
afterAll(() => w.t.close());

type Overview = {
  all_themes: boolean;
  themes: {
    id: number;
    allowed: boolean;
    folders: { id: number }[];
    people: { user_id: number; side: string }[];
  }[];
  everyone: { user_id: number; side: string }[];
};

describe('GET /api/vendors/{id}/themes/overview', () => {
  it('shows a firm administrator every theme, its folders and its people', async () => {
    const res = await w.call('GET', vendorUrl('/themes/overview'), 'admin');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Overview;
    expect(data.all_themes).toBe(true);
    const social = data.themes.find((t) => t.id === th.social)!;
    expect(social.folders.map((x) => x.id).sort()).toEqual([f.payroll, f.payslips, f.both].sort());
    expect(social.people.map((p) => [p.user_id, p.side]).sort()).toEqual(
      [
        [w.people.client.id, 'client'],
        [w.people.collab.id, 'firm'],
      ].sort(),
    );
    expect(data.themes.find((t) => t.id === th.internal)!.folders.map((x) => x.id)).toEqual([f.internal]);
    // Those holding every theme: the other client user, the read-only collaborator, the client admin.
    expect(data.everyone.map((p) => p.user_id).sort()).toEqual(
      [w.people.otherClient.id, w.people.readonly.id, clientAdminId].sort(),
    );
    // Client users answers carry their themes.
    const users = (await w.call('GET', vendorUrl('/users'), 'admin')).body.data as {
      id: number;
      all_themes: boolean;
      theme_ids: number[];
    }[];
    expect(users.find((u) => u.id === w.people.client.id)).toMatchObject({
      all_themes: false,
      theme_ids: [th.social],
    });
    expect(users.find((u) => u.id === clientAdminId)).toMatchObject({ all_themes: true, theme_ids: [] });
  });

  it('follows the allowed themes', async () => {
    const put = await w.call('PUT', vendorUrl('/themes'), 'admin', {
      theme_ids: [th.social, th.legal, th.internal],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const data = (await w.call('GET', vendorUrl('/themes/overview'), 'admin')).body.data as Overview;
    expect(data.all_themes).toBe(false);
    expect(data.themes.find((t) => t.id === th.unused)!.allowed).toBe(false);
    expect(data.themes.find((t) => t.id === th.social)!.allowed).toBe(true);
    await w.call('PUT', vendorUrl('/themes'), 'admin', { all_themes: true });
  });

  it("shows the client file's administrator neither firm-private themes nor firm members", async () => {
    const res = await w.t.request({ method: 'GET', url: vendorUrl('/themes/overview'), token: clientAdmin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Overview;
    expect(data.themes.map((t) => t.id)).not.toContain(th.internal);
    const people = [...data.everyone, ...data.themes.flatMap((t) => t.people)];
    expect(people.every((p) => p.side === 'client')).toBe(true);
    expect(people.map((p) => p.user_id)).toContain(w.people.client.id);
    expect(JSON.stringify(data)).not.toContain(`"id":${f.internal},`);
  });

  it('refuses collaborators and client users (403) and another tenant (404)', async () => {
    expect((await w.call('GET', vendorUrl('/themes/overview'), 'collab')).status).toBe(403);
    expect((await w.call('GET', vendorUrl('/themes/overview'), 'client')).status).toBe(403);
    const foreign = await w.call('GET', `/api/vendors/${other.vendor}/themes/overview`, 'admin');
    expect(foreign.status).toBe(404);
    const outsider = await w.t.request({
      method: 'GET',
      url: `/api/vendors/${other.vendor}/themes/overview`,
      token: clientAdmin,
    });
    expect(outsider.status).toBe(404);
  });
});

describe('GET /api/accounting-firms/{id}/themes/usage', () => {
  type Usage = {
    theme_id: number;
    folders: { id: number; company: string; themes_without: number[] }[];
    people: { user_id: number; side: string; company: string | null }[];
  }[];

  it('lists per theme its folders, what each keeps without it, and its people', async () => {
    const res = await w.call('GET', `/api/accounting-firms/${w.firm.id}/themes/usage`, 'admin');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Usage;
    expect(data.map((u) => u.theme_id).sort()).toEqual(Object.values(th).sort());
    const social = data.find((u) => u.theme_id === th.social)!;
    const without = Object.fromEntries(social.folders.map((x) => [x.id, x.themes_without]));
    // Paie and its sub-folder Bulletins open to the role; Mixte keeps Juridique.
    expect(without).toEqual({ [f.payroll]: [], [f.payslips]: [], [f.both]: [th.legal] });
    expect(social.folders[0]!.company).toBe(w.vendor.company);
    expect(social.people.map((p) => p.user_id).sort()).toEqual(
      [w.people.client.id, w.people.collab.id].sort(),
    );
    expect(social.people.find((p) => p.side === 'client')!.company).toBe(w.vendor.company);
    expect(data.find((u) => u.theme_id === th.unused)).toEqual({
      theme_id: th.unused,
      folders: [],
      people: [],
    });
  });

  it('a child keeps its tagged parent once its own theme goes', async () => {
    const sub = await w.folder('Sous-contrats', f.contracts);
    await w.call('PUT', vendorUrl(`/folders/${sub}/themes`), 'admin', { theme_ids: [th.social] });
    const data = (await w.call('GET', `/api/accounting-firms/${w.firm.id}/themes/usage`, 'admin')).body
      .data as Usage;
    const folder = data.find((u) => u.theme_id === th.social)!.folders.find((x) => x.id === sub)!;
    expect(folder.themes_without).toEqual([th.legal]);
  });

  it('refuses collaborators (403), client users and another firm (404)', async () => {
    expect((await w.call('GET', `/api/accounting-firms/${w.firm.id}/themes/usage`, 'collab')).status).toBe(
      403,
    );
    expect((await w.call('GET', `/api/accounting-firms/${other.firm}/themes/usage`, 'admin')).status).toBe(
      404,
    );
    const client = await w.t.request({
      method: 'GET',
      url: `/api/accounting-firms/${w.firm.id}/themes/usage`,
      token: clientAdmin,
    });
    expect([403, 404]).toContain(client.status);
  });
});
