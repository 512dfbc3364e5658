import { expect, test } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
import { prepare, send } from '../support/documents-world';
import {
  ACCOUNTS,
  apiLogin,
  createPasswordFromMail,
  firmIdOf,
  langOf,
  PASSWORD,
  signInWithApi,
} from '../support/helpers';

/**
 * Unread documents: the badges of a client file (client list, company selector, Documents entry)
 * until its user opens the document; the viewer's previous / next across the folder's pages of
 * 100; a `documents/` link's `version_id`; the trash and the folder header refreshing themselves
 * every minute.
 */

const TEXT = {
  fr: {
    unread: (n: number) => (n === 1 ? '1 document non lu' : `${n} documents non lus`),
    open: (name: string) => `Ouvrir ${name}`,
    next: 'Document suivant',
    previous: 'Document précédent',
  },
  en: {
    unread: (n: number) => (n === 1 ? '1 unread document' : `${n} unread documents`),
    open: (name: string) => `Open ${name}`,
    next: 'Next document',
    previous: 'Previous document',
  },
} as const;

const stamp = String(Date.now()).slice(-8);

test('a document the firm sends is unread for the client user until they open it', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const lang = langOf(info);
  const t = TEXT[lang];
  // A client file of its own, whose administrator is a new account: no other spec sends there.
  const expert = await apiLogin(page.request, ACCOUNTS.expert.email);
  const headers = { Authorization: `Bearer ${expert.access_token}` };
  const firmId = await firmIdOf(page.request, expert.access_token, 'Cabinet Démo');
  const company = `Lecture ${lang.toUpperCase()} ${stamp}`;
  const email = `unread-${lang}-${stamp}@example.test`;
  const since = Date.now() - 1000;
  const created = await page.request.post(`/api/accounting-firms/${firmId}/vendors`, {
    headers,
    data: {
      company,
      corporate_name: `${company} SAS`,
      client_code: `UR-${lang.toUpperCase()}-${stamp}`,
      identifier_type: 'other',
      identifier: `UR-${lang}-${stamp}`,
      admin_email: email,
    },
  });
  expect(created.status()).toBe(201);
  const vendorId = (await created.json()).data.id as number;
  await createPasswordFromMail(page.request, email, since);
  const root = (await (await page.request.get(`/api/vendors/${vendorId}/folders`, { headers })).json())
    .data[0].id as number;
  const folder = await page.request.post(`/api/vendors/${vendorId}/folders`, {
    headers,
    data: { name: 'Courrier', parent_id: root },
  });
  expect(folder.status()).toBe(201);
  const folderId = (await folder.json()).data.id as number;
  await send(page, headers, vendorId, folderId, 'lettre.txt', 'Bonjour');
  const context = encodeContext(firmId, vendorId);

  // The client user: a badge on the Documents entry and on their company in the selector.
  await signInWithApi(page, email, PASSWORD);
  await page.goto(`/home/${context}`);
  const entryBadge = page.getByTestId('documents-badge').filter({ visible: true });
  await expect(entryBadge).toHaveAttribute('aria-label', t.unread(1));
  await expect(entryBadge).toHaveText('1');
  await page.getByTestId('company-selector').getByRole('combobox').click();
  const option = page.getByRole('option').filter({ hasText: company });
  await expect(option.getByRole('img', { name: t.unread(1) })).toBeVisible();
  await page.keyboard.press('Escape');

  // The tree's root counts it beside its name: the badge does not cover the folder's icon.
  await page.goto(`/documents/${context}`);
  const rootNode = page.getByTestId('folder-tree').locator(`[data-folder-id="${root}"]`);
  const rootBadge = rootNode.getByTestId('folder-unread-count').locator('.MuiBadge-badge');
  await expect(rootBadge).toHaveText('1');
  const icon = await rootNode.locator('.MuiListItemIcon-root').boundingBox();
  const badge = await rootBadge.boundingBox();
  expect(icon && badge).toBeTruthy();
  if (icon && badge) expect(badge.x).toBeGreaterThanOrEqual(icon.x + icon.width);

  // Opened in the viewer: read, the badges go.
  await page.goto(`/documents/${context}/${folderId.toString(16)}`);
  await page
    .getByTestId('node-list')
    .getByRole('button', { name: t.open('lettre.txt') })
    .click();
  await expect(page.getByTestId('viewer-text')).toHaveText('Bonjour');
  await expect(page.getByTestId('documents-badge')).toHaveCount(0);
  await page.getByTestId('company-selector').getByRole('combobox').click();
  await expect(option).toBeVisible();
  await expect(option.getByRole('img')).toHaveCount(0);

  // The client answers with a document. The firm's client list counts for its own reader: the
  // client's document is news to the expert, the letter the expert sent is not.
  const client = await apiLogin(page.request, email, PASSWORD);
  await send(
    page,
    { Authorization: `Bearer ${client.access_token}` },
    vendorId,
    folderId,
    'reponse.txt',
    'Merci',
  );
  const firm = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const firmPage = await firm.newPage();
  await signInWithApi(firmPage, ACCOUNTS.expert.email);
  await firmPage.goto(`/home/${context}`);
  await firmPage.goto('/customers');
  await firmPage.getByTestId('customers-search').fill(company);
  const row = firmPage.getByTestId('customers-grid').getByRole('row').filter({ hasText: company });
  await expect(row.getByRole('img', { name: t.unread(1) })).toBeVisible();
  await firm.close();
});

test("the viewer's next and previous documents cross the folder's pages of 100", async ({ page }, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  const t = TEXT[lang];
  const w = await prepare(page, lang, 'Pages', {});
  for (let i = 1; i <= 101; i++)
    await send(page, w.headers, w.vendorId, w.folderId, `p${String(i).padStart(3, '0')}.txt`, `page ${i}`);
  const pageOf = async (n: number) =>
    (
      await (
        await page.request.get(`/api/vendors/${w.vendorId}/folders/${w.folderId}/nodes`, {
          headers: w.headers,
          params: { page: n, per_page: 100 },
        })
      ).json()
    ).data as { id: number; name: string }[];
  const last = (await pageOf(1)).at(-1)!;
  const first = (await pageOf(2))[0]!;
  expect([last.name, first.name]).toEqual(['p100.txt', 'p101.txt']);
  const viewer = (id: number) => `${w.url.replace('/documents/', '/viewer/')}/${id.toString(16)}`;

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(viewer(last.id));
  await expect(page.getByTestId('viewer-title')).toHaveText('p100.txt');
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByTestId('viewer-title')).toHaveText('p101.txt');
  await expect(page.getByRole('button', { name: t.next })).toBeDisabled();
  await page.getByRole('button', { name: t.previous }).click();
  await expect(page.getByTestId('viewer-title')).toHaveText('p100.txt');

  // Opened by a link on a document of the second page: the viewer finds it there.
  await page.goto(viewer(first.id));
  await expect(page.getByTestId('viewer-title')).toHaveText('p101.txt');
  await page.getByRole('button', { name: t.previous }).click();
  await expect(page.getByTestId('viewer-title')).toHaveText('p100.txt');
});

test('a link with a version_id opens that version in the viewer', async ({ page }, info) => {
  const lang = langOf(info);
  const w = await prepare(page, lang, 'Versions link', { 'contract.txt': 'first draft' });
  const nodes = await page.request.get(`/api/vendors/${w.vendorId}/folders/${w.folderId}/nodes`, {
    headers: w.headers,
  });
  const doc = (await nodes.json()).data[0].id as number;
  // A second version of it, through the chunk protocol.
  const bytes = Buffer.from('signed version');
  const second = await page.request.post(`/api/vendors/${w.vendorId}/folders/${w.folderId}/uploads`, {
    headers: w.headers,
    multipart: {
      flowChunkNumber: '1',
      flowChunkSize: '5242880',
      flowCurrentChunkSize: String(bytes.length),
      flowTotalSize: String(bytes.length),
      flowIdentifier: `v2-${lang}-${stamp}`,
      flowFilename: 'contract.txt',
      flowRelativePath: 'contract.txt',
      flowTotalChunks: '1',
      conflict: 'version',
      file: { name: 'contract.txt', mimeType: 'text/plain', buffer: bytes },
    },
  });
  expect(second.status()).toBe(200);
  const versions = (
    await (
      await page.request.get(`/api/vendors/${w.vendorId}/documents/${doc}/versions`, { headers: w.headers })
    ).json()
  ).data as { id: number }[];
  const [older, latest] = versions.map((v) => v.id).sort((a, b) => a - b);

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(`${w.url}?document_id=${doc}&version_id=${older}`);
  await expect(page).toHaveURL(new RegExp(`/viewer/.+/${doc.toString(16)}/${older}$`));
  await expect(page.getByTestId('viewer-text')).toHaveText('first draft');
  // The latest version is the document itself: the viewer without a version.
  await page.goto(`${w.url}?document_id=${doc}&version_id=${latest}`);
  await expect(page).toHaveURL(new RegExp(`/viewer/.+/${doc.toString(16)}$`));
  await expect(page.getByTestId('viewer-text')).toHaveText('signed version');
});

test('the trash and the folder header refresh themselves every minute', async ({ page }, info) => {
  const lang = langOf(info);
  const w = await prepare(page, lang, 'Refresh', { 'kept.txt': 'kept' });
  const gone = await send(page, w.headers, w.vendorId, w.folderId, `gone-${lang}-${stamp}.txt`, 'bye');
  await page.clock.install();
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  await expect(page.getByTestId('current-folder')).toHaveText(w.folder);
  await expect(page.getByTestId('folder-read-only')).toHaveCount(0);

  // Made read-only by someone else: the header says so within the minute.
  const patched = await page.request.patch(`/api/vendors/${w.vendorId}/folders/${w.folderId}`, {
    headers: w.headers,
    data: { read_only: true },
  });
  expect(patched.status()).toBe(200);
  await page.clock.fastForward(61_000);
  await expect(page.getByTestId('folder-read-only')).toBeVisible();

  // A deletion made elsewhere reaches the open trash within the minute.
  await page.getByTestId('open-trash').click();
  await expect(page.getByTestId('trash-view')).toBeVisible();
  const deleted = await page.request.delete(`/api/vendors/${w.vendorId}/documents/${gone}?force=true`, {
    headers: w.headers,
  });
  expect(deleted.status()).toBe(204);
  await expect(page.getByTestId('trash-view')).not.toContainText(`gone-${lang}-${stamp}.txt`);
  await page.clock.fastForward(61_000);
  await expect(page.getByTestId('trash-view')).toContainText(`gone-${lang}-${stamp}.txt`);
});
