import { expect, type Page, test } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
import { chunkField, makePdf, UPLOADS_URL } from '../support/documents-world';
import { ACCOUNTS, apiLogin, type Lang, langOf, signInWithApi } from '../support/helpers';

/**
 * The document manager as expert@demo.test on the demo's Boulangerie Martin: each locale project
 * works in its own folder (both share one server): uploads with progress read half-way (one file
 * chunked, its second chunk held), a name conflict resolved as a new version, the versions, the
 * viewer paging through a PDF, a download. Folder uploads, cancelling, retrying and resuming are
 * in documents-uploads.spec.ts.
 */

const TEXT = {
  fr: {
    uploadFiles: 'Envoyer des fichiers',
    finished: 'Envois terminés',
    overall: 'Progression totale',
    newVersion: 'Nouvelle version',
    conflictTitle: 'Un document porte déjà ce nom',
    versionsOf: (name: string) => `Versions de ${name}`,
    open: (name: string) => `Ouvrir ${name}`,
    download: 'Télécharger',
    nextPage: 'Page suivante',
    page: (n: number, of: number) => `Page ${n} / ${of}`,
    nextDocument: 'Document suivant',
    previousDocument: 'Document précédent',
    sortBy: 'Trier par',
    byName: 'Nom',
    back: 'Retour au dossier',
    mosaic: 'Mosaïque',
    detailed: 'Détaillé',
    size: '11,53 Mo',
    newFolder: 'Nouveau dossier',
    folderName: 'Nom du dossier',
    save: 'Enregistrer',
    noPreview: "Télécharger pour l'ouvrir",
  },
  en: {
    uploadFiles: 'Upload files',
    finished: 'Uploads finished',
    overall: 'Overall progress',
    newVersion: 'New version',
    conflictTitle: 'A document already has this name',
    versionsOf: (name: string) => `Versions of ${name}`,
    open: (name: string) => `Open ${name}`,
    download: 'Download',
    nextPage: 'Next page',
    page: (n: number, of: number) => `Page ${n} / ${of}`,
    nextDocument: 'Next document',
    previousDocument: 'Previous document',
    sortBy: 'Sort by',
    byName: 'Name',
    back: 'Back to the folder',
    mosaic: 'Mosaic',
    detailed: 'Detailed',
    size: '11.53 MB',
    newFolder: 'New folder',
    folderName: 'Folder name',
    save: 'Save',
    noPreview: 'Download to open it',
  },
} as const;

const stamp = String(Date.now()).slice(-8);

/** Creates this run's folder under the first folder of the demo tree; its URL. */
async function prepare(page: Page, lang: Lang): Promise<{ url: string; folder: string }> {
  const { access_token } = await apiLogin(page.request, ACCOUNTS.expert.email);
  const headers = { Authorization: `Bearer ${access_token}` };
  const firms = (await (await page.request.get('/api/users/me/accounting-firms', { headers })).json())
    .data as { id: number; name: string }[];
  const firmId = firms.find((f) => f.name === 'Cabinet Démo')?.id as number;
  const vendors = (
    await (await page.request.get(`/api/users/me/accounting-firms/${firmId}/vendors`, { headers })).json()
  ).data as { id: number; company: string }[];
  const vendorId = vendors.find((v) => v.company === 'Boulangerie Martin')?.id as number;
  expect(vendorId, 'the demo client file').toBeTruthy();
  const [root] = (await (await page.request.get(`/api/vendors/${vendorId}/folders`, { headers })).json())
    .data as { id: number }[];
  const folder = `E2E ${lang.toUpperCase()} ${stamp}`;
  const created = await page.request.post(`/api/vendors/${vendorId}/folders`, {
    headers,
    data: { name: folder, parent_id: root?.id },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;
  return { url: `/documents/${encodeContext(firmId, vendorId)}/${id.toString(16)}`, folder };
}

test('uploads, resolves a conflict, views a PDF and downloads', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  const { url, folder } = await prepare(page, lang);
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(url);
  await expect(page.getByTestId('current-folder')).toHaveText(folder);
  await expect(page.getByTestId('folder-tree')).toBeVisible();

  // Several files at once, one of 11.5 MB: two chunks of the 5,242,880-byte protocol. Its
  // second chunk is held until the progress shown has been read half-way.
  const big = Buffer.alloc(11_534_336, 7);
  const chunkPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/uploads')) chunkPosts.push(r.url());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(UPLOADS_URL, async (route) => {
    if (route.request().method() === 'POST' && chunkField(route.request(), 'flowChunkNumber') === '2')
      await held;
    await route.continue();
  });
  await page.getByTestId('upload-files-input').setInputFiles([
    { name: 'rapport.pdf', mimeType: 'application/pdf', buffer: makePdf(3) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('première version\n') },
    { name: 'archive.bin', mimeType: 'application/octet-stream', buffer: big },
  ]);
  const panel = page.getByTestId('upload-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('upload-item')).toHaveCount(3);
  const percent = async (name: string) =>
    Math.round(
      Number((await panel.getByRole('progressbar', { name }).getAttribute('aria-valuenow')) ?? Number.NaN),
    );
  // The first chunk's 5,242,880 bytes of 11,534,336: 45 %, the second one held; the small files done.
  await expect.poll(() => percent('archive.bin'), { timeout: 30_000 }).toBe(45);
  await expect(panel.locator('[data-testid="upload-item"][data-state="finished"]')).toHaveCount(2);
  const overallHalfWay = await percent(t.overall);
  expect(overallHalfWay).toBeGreaterThan(0);
  expect(overallHalfWay).toBeLessThan(100);
  release();
  await expect(panel.locator('[data-testid="upload-item"][data-state="finished"]')).toHaveCount(3, {
    timeout: 60_000,
  });
  expect(await percent('archive.bin')).toBe(100);
  expect(await percent(t.overall)).toBe(100);
  await page.unroute(UPLOADS_URL);
  await expect(page.getByTestId('upload-summary')).toHaveText(t.finished);
  expect(chunkPosts.length).toBe(4);
  const list = page.getByTestId('node-list');
  for (const name of ['rapport.pdf', 'notes.txt', 'archive.bin'])
    await expect(list.getByRole('button', { name: t.open(name) })).toBeVisible();
  await page.getByRole('button', { name: t.detailed }).click();
  await expect(list).toHaveAttribute('data-mode', 'detailed');
  await expect(list.getByText(t.size)).toBeVisible();

  // The same name again: new version.
  await page
    .getByTestId('upload-files-input')
    .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('seconde version\n') }]);
  await expect(page.getByRole('dialog', { name: t.conflictTitle })).toBeVisible();
  await page.getByRole('button', { name: t.newVersion }).click();
  await expect(panel.locator('[data-testid="upload-item"][data-state="finished"]')).toHaveCount(4, {
    timeout: 30_000,
  });
  await expect(list.getByRole('button', { name: t.open('notes.txt') })).toHaveCount(1);
  await list.getByRole('button', { name: t.versionsOf('notes.txt') }).click();
  await expect(page.getByTestId('versions-list').getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Escape');

  // The mode is remembered.
  await page.reload();
  await expect(page.getByTestId('node-list')).toHaveAttribute('data-mode', 'detailed');
  await page.getByRole('button', { name: t.mosaic }).click();
  await expect(page.getByTestId('node-list')).toHaveAttribute('data-mode', 'mosaic');
  // By name: archive.bin, notes.txt, rapport.pdf (the viewer pages through documents in that order).
  await page.getByRole('combobox', { name: t.sortBy }).click();
  await page.getByRole('option', { name: t.byName, exact: true }).click();
  await expect(page.getByTestId('node-name')).toHaveText(['archive.bin', 'notes.txt', 'rapport.pdf']);

  // The viewer: a PDF paged through, then the next document.
  await page.getByRole('button', { name: t.open('rapport.pdf') }).click();
  await expect(page).toHaveURL(/\/viewer\//);
  await expect(page.getByTestId('viewer-title')).toHaveText('rapport.pdf');
  await expect(page.getByTestId('viewer-page-number')).toHaveText(t.page(1, 3));
  await expect(page.getByTestId('viewer-pdf-page').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('viewer-thumbnails').locator('canvas')).toHaveCount(3);
  await page.getByRole('button', { name: t.nextPage }).click();
  await expect(page.getByTestId('viewer-page-number')).toHaveText(t.page(2, 3));
  await expect(page.getByTestId('viewer-pdf-page')).toHaveAttribute('data-page', '2');

  // Download from the viewer.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.download, exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('rapport.pdf');

  // Previous documents of the folder: the text file, then the binary one (no preview).
  await expect(page.getByRole('button', { name: t.nextDocument })).toBeDisabled();
  await page.getByRole('button', { name: t.previousDocument }).click();
  await expect(page.getByTestId('viewer-title')).toHaveText('notes.txt');
  await expect(page.getByTestId('viewer-text')).toHaveText('seconde version');
  await page.getByRole('button', { name: t.previousDocument }).click();
  await expect(page.getByTestId('viewer-title')).toHaveText('archive.bin');
  await expect(page.getByRole('button', { name: t.noPreview })).toBeVisible();
  await page.getByRole('button', { name: t.back }).click();
  await expect(page.getByTestId('current-folder')).toHaveText(folder);
});
