import { expect, type Page, test } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
import { send } from '../support/documents-world';
import {
  ACCOUNTS,
  apiLogin,
  createPasswordFromMail,
  type Lang,
  langOf,
  signInWithApi,
} from '../support/helpers';

/**
 * Storage rules (issue 23) on a portal of their own (the demo's portals are shared with the other
 * specs): its administrator puts a client file under legal hold and sees the trash's emptying
 * refused; the super admin sets a tiny quota on the portal's screen and the client's upload past
 * it says so, nothing stored.
 */

const TEXT = {
  fr: {
    setHold: 'Placer sous conservation légale',
    emptyTrash: 'Vider la corbeille',
    emptyWord: 'VIDER',
    legalHold: 'sous conservation légale',
    quotaExceeded: "rien n'a été enregistré",
    used: 'utilisés',
  },
  en: {
    setHold: 'Put under legal hold',
    emptyTrash: 'Empty the trash',
    emptyWord: 'EMPTY',
    legalHold: 'under legal hold',
    quotaExceeded: 'nothing was stored',
    used: 'used',
  },
} as const satisfies Record<Lang, unknown>;

type World = {
  firmId: number;
  vendorId: number;
  folderId: number;
  context: string;
  admin: string;
  client: string;
  adminHeaders: Record<string, string>;
};

const stamp = String(Date.now()).slice(-8);
const worlds = new Map<Lang, World>();

test.describe.configure({ mode: 'serial' });

/** A portal with its administrator, a client file with a folder, and a client user of it. */
async function world(page: Page, lang: Lang): Promise<World> {
  const known = worlds.get(lang);
  if (known) return known;
  const sa = await apiLogin(page.request, ACCOUNTS.superadmin.email);
  const admin = `storage-admin-${lang}-${stamp}@example.test`;
  const client = `storage-client-${lang}-${stamp}@example.test`;
  let since = Date.now() - 1000;
  const portal = await page.request.post('/api/sa/accounting-firms', {
    headers: { Authorization: `Bearer ${sa.access_token}` },
    data: {
      name: `Cabinet Stockage ${lang.toUpperCase()} ${stamp}`,
      admin: { email: admin, firstname: 'Alice', lastname: 'Archive' },
    },
  });
  expect(portal.status()).toBe(201);
  const firmId = (await portal.json()).data.id as number;
  await createPasswordFromMail(page.request, admin, since);
  const adminHeaders = { Authorization: `Bearer ${(await apiLogin(page.request, admin)).access_token}` };
  const vendor = await page.request.post(`/api/accounting-firms/${firmId}/vendors`, {
    headers: adminHeaders,
    data: {
      company: `Archives ${lang.toUpperCase()} ${stamp}`,
      corporate_name: `Archives ${stamp} SARL`,
      client_code: `ARC${lang.toUpperCase()}${stamp}`,
      identifier_type: 'other',
      identifier: `E2E-${lang}-${stamp}`,
      module_keys: ['home', 'documents'],
    },
  });
  expect(vendor.status()).toBe(201);
  const vendorId = (await vendor.json()).data.id as number;
  since = Date.now() - 1000;
  const invited = await page.request.post(`/api/vendors/${vendorId}/users`, {
    headers: adminHeaders,
    data: { email: client, firstname: 'Claire', lastname: 'Cliente', role: 'collaborator' },
  });
  expect(invited.status()).toBe(201);
  await createPasswordFromMail(page.request, client, since);
  const roots = await page.request.get(`/api/vendors/${vendorId}/folders`, { headers: adminHeaders });
  const root = (await roots.json()).data[0].id as number;
  const folder = await page.request.post(`/api/vendors/${vendorId}/folders`, {
    headers: adminHeaders,
    data: { name: 'Dépôts', parent_id: root },
  });
  expect(folder.status()).toBe(201);
  const w = {
    firmId,
    vendorId,
    folderId: (await folder.json()).data.id as number,
    context: encodeContext(firmId, vendorId),
    admin,
    client,
    adminHeaders,
  };
  worlds.set(lang, w);
  return w;
}

test('a firm administrator puts a client file under legal hold: emptying its trash is refused', async ({
  page,
}, info) => {
  const lang = langOf(info);
  const t = TEXT[lang];
  const w = await world(page, lang);
  const doc = await send(page, w.adminHeaders, w.vendorId, w.folderId, 'preuve.txt', 'a piece of evidence');
  const trashed = await page.request.delete(`/api/vendors/${w.vendorId}/documents/${doc}`, {
    headers: w.adminHeaders,
  });
  expect(trashed.status()).toBe(204);

  await signInWithApi(page, w.admin);
  await page.goto(`/customer/${w.context}`);
  await page.getByTestId('legal-hold-set').click();
  await page.getByRole('dialog').getByRole('button', { name: t.setHold }).click();
  await expect(page.getByTestId('legal-hold-chip')).toBeVisible();
  await expect(page.getByTestId('legal-hold-lift')).toBeVisible();

  await page.goto(`/documents/${w.context}?view=trash`);
  await expect(page.getByTestId('legal-hold-trash-note')).toContainText(t.legalHold);
  await expect(page.getByTestId('trash-list').getByText('preuve.txt', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t.emptyTrash }).click();
  const dialog = page.getByTestId('empty-trash-dialog');
  await dialog.getByRole('textbox').fill(t.emptyWord);
  await dialog.getByRole('button', { name: t.emptyTrash }).click();
  // The server's refusal, and the item still there.
  await expect(page.getByText(new RegExp(`${t.legalHold}.*`)).last()).toBeVisible();
  const listed = await page.request.get(`/api/vendors/${w.vendorId}/trash`, { headers: w.adminHeaders });
  expect(((await listed.json()).data as { name: string }[]).map((n) => n.name)).toContain('preuve.txt');

  // The firm's settings: its usage, and the retention it changes.
  await page.goto(`/settings/${encodeContext(w.firmId)}/storage`);
  const settings = page.getByTestId('storage-settings');
  await expect(settings.getByTestId('storage-used')).toContainText(t.used);
  await settings.getByTestId('trash-retention-days').fill('10');
  await settings.getByTestId('keep-all-versions').uncheck();
  await settings.getByTestId('version-retention').fill('3');
  await settings.getByTestId('save-storage-settings').click();
  await expect
    .poll(async () => {
      const saved = await page.request.get(`/api/accounting-firms/${w.firmId}/storage-settings`, {
        headers: w.adminHeaders,
      });
      const data = (await saved.json()).data;
      return [data.trash_retention_days, data.version_retention];
    })
    .toEqual([10, 3]);
});

test("the super admin sets the portal's quota; a client's upload past it is refused, nothing stored", async ({
  page,
  browser,
}, info) => {
  const lang = langOf(info);
  const t = TEXT[lang];
  const w = await world(page, lang);

  await signInWithApi(page, ACCOUNTS.superadmin.email);
  await page.goto(`/sa/accounting-firms/${w.firmId}`);
  const panel = page.getByTestId('sa-storage');
  await expect(panel.getByTestId('storage-used')).toBeVisible();
  // What the portal holds and 10 bytes more, in MB.
  const used = await page.request.get(`/api/sa/accounting-firms/${w.firmId}/storage`, {
    headers: {
      Authorization: `Bearer ${(await apiLogin(page.request, ACCOUNTS.superadmin.email)).access_token}`,
    },
  });
  const usedBytes = (await used.json()).data.usage.used_bytes as number;
  await panel
    .getByRole('combobox', { name: lang === 'fr' ? 'Unité' : 'Unit' })
    .first()
    .click();
  await page.getByRole('option', { name: lang === 'fr' ? 'Mo' : 'MB' }).click();
  await panel.getByTestId('sa-quota').fill(((usedBytes + 10) / 1_000_000).toFixed(6));
  await panel.getByTestId('sa-save-storage').click();
  await expect(panel.getByTestId('storage-used')).toContainText(lang === 'fr' ? 'sur' : 'of');

  const context = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const client = await context.newPage();
  await signInWithApi(client, w.client);
  await client.goto(`/documents/${w.context}/${w.folderId.toString(16)}`);
  await client
    .getByTestId('upload-files-input')
    .setInputFiles([{ name: 'trop-gros.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(200)) }]);
  const item = client
    .getByTestId('upload-panel')
    .getByTestId('upload-item')
    .filter({ hasText: 'trop-gros.txt' });
  await expect(item).toContainText(t.quotaExceeded);
  const nodes = await page.request.get(`/api/vendors/${w.vendorId}/folders/${w.folderId}/nodes`, {
    headers: w.adminHeaders,
  });
  expect(((await nodes.json()).data as { name: string }[]).map((n) => n.name)).not.toContain('trop-gros.txt');
  await context.close();
});
