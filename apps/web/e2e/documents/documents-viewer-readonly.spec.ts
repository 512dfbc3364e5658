import { expect, test } from '@playwright/test';
import { makePdf, prepare, send } from '../support/documents-world';
import { ACCOUNTS, apiLogin, langOf, signInWithApi } from '../support/helpers';

/**
 * The viewer's actions on a small screen (validate the shown version, the versions, previous /
 * next), and read-only folders: set by a firm member from the folder's actions, the forced
 * deletion inside, what a client administrator no longer sees (and the server refuses), lifted
 * from the folder's header.
 */

const TEXT = {
  fr: {
    open: (name: string) => `Ouvrir ${name}`,
    more: (name: string) => `Autres actions pour ${name}`,
    validateVersion: 'Valider cette version',
    invalidateVersion: 'Retirer la validation de cette version',
    versions: 'Versions',
    close: 'Fermer',
    back: 'Retour au dossier',
    next: 'Document suivant',
    previous: 'Document précédent',
    validated: 'Validé',
    readOnly: 'Lecture seule',
    makeReadOnly: (name: string) => `Mettre ${name} en lecture seule`,
    liftReadOnly: (name: string) => `Retirer la lecture seule de ${name}`,
    noticeFirm: /le client ne peut rien y changer/,
    noticeClient: /vous ne pouvez ni y envoyer de fichiers/,
    toTrash: (name: string) => `Mettre ${name} à la corbeille`,
    forceDelete: (name: string) => `Forcer la suppression de ${name}`,
    forceWarning: /des éléments validés ou en lecture seule seront mis à la corbeille/,
    forceConfirm: 'Supprimer quand même',
    copy: (name: string) => `Copier ${name}`,
    uploadFiles: 'Envoyer des fichiers',
    refused: 'Cet élément est en lecture seule.',
  },
  en: {
    open: (name: string) => `Open ${name}`,
    more: (name: string) => `More actions for ${name}`,
    validateVersion: 'Validate this version',
    invalidateVersion: 'Withdraw the validation of this version',
    versions: 'Versions',
    close: 'Close',
    back: 'Back to the folder',
    next: 'Next document',
    previous: 'Previous document',
    validated: 'Validated',
    readOnly: 'Read-only',
    makeReadOnly: (name: string) => `Make ${name} read-only`,
    liftReadOnly: (name: string) => `Lift the read-only flag of ${name}`,
    noticeFirm: /the client cannot change anything in it/,
    noticeClient: /you cannot upload files or create folders in it/,
    toTrash: (name: string) => `Move ${name} to the trash`,
    forceDelete: (name: string) => `Force the deletion of ${name}`,
    forceWarning: /validated or read-only items will go to the trash/,
    forceConfirm: 'Delete anyway',
    copy: (name: string) => `Copy ${name}`,
    uploadFiles: 'Upload files',
    refused: 'This item is read-only.',
  },
} as const;

test('validates the shown version in the viewer on a small screen, seen in the list', async ({
  page,
}, info) => {
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Viewer', { 'v1.txt': 'first', 'v2.txt': 'second' });
  await page.setViewportSize({ width: 375, height: 740 });
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  await page
    .getByTestId('node-list')
    .getByRole('button', { name: t.open('v1.txt') })
    .click();
  await expect(page.getByTestId('viewer-title')).toHaveText('v1.txt');
  await expect(page.getByTestId('viewer-text')).toHaveText('first');

  await page.getByRole('button', { name: t.validateVersion }).click();
  await expect(page.getByTestId('viewer-validated')).toBeVisible();
  await expect(page.getByRole('button', { name: t.invalidateVersion })).toBeVisible();
  // The content stays shown (a validation changes no file).
  await expect(page.getByTestId('viewer-text')).toHaveText('first');
  await page.getByRole('button', { name: t.versions }).click();
  const versions = page.getByTestId('versions-list');
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions.getByText(t.validated, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t.close }).click();

  // Previous / next fit and work on a phone.
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByTestId('viewer-title')).toHaveText('v2.txt');
  await expect(page.getByTestId('viewer-validated')).toHaveCount(0);
  await page.getByRole('button', { name: t.previous }).click();
  await expect(page.getByTestId('viewer-title')).toHaveText('v1.txt');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: t.back }).click();
  const row = (name: string) =>
    page
      .getByTestId('node-list')
      .locator('[data-node^="d"]', { has: page.getByRole('button', { name: t.open(name) }) });
  await expect(row('v1.txt').getByRole('img', { name: t.validated })).toBeVisible();
  await expect(row('v2.txt').getByRole('img', { name: t.validated })).toHaveCount(0);
  // Nor does the list overflow the phone's width.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  // A PDF fitted to the width fits the phone's.
  await send(page, w.headers, w.vendorId, w.folderId, 'v3.pdf', makePdf(1).toString('latin1'));
  await page.reload();
  await page
    .getByTestId('node-list')
    .getByRole('button', { name: t.open('v3.pdf') })
    .click();
  const canvas = page.getByTestId('viewer-pdf-page').locator('canvas');
  await expect(canvas).toBeVisible();
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 999).toBeLessThanOrEqual(375 - 32);
});

test('a read-only folder: set by the firm, forced deletion inside, closed to the client, lifted', async ({
  page,
  browser,
}, info) => {
  const lang = langOf(info);
  const t = TEXT[lang];
  const w = await prepare(page, lang, 'Lecture seule', { 'r1.txt': 'one', 'r2.txt': 'two' });
  await signInWithApi(page, ACCOUNTS.expert.email);

  // From the folder's actions in its parent.
  await page.goto(w.url.slice(0, w.url.lastIndexOf('/')));
  await page.getByRole('button', { name: t.more(w.folder) }).click();
  await page.getByRole('menuitem', { name: t.makeReadOnly(w.folder) }).click();
  const folderRow = page
    .getByTestId('node-list')
    .locator('[data-node^="f"]', { has: page.getByRole('button', { name: t.open(w.folder) }) });
  await expect(folderRow.getByRole('img', { name: t.readOnly })).toBeVisible();

  // Inside: the badge, the notice; its documents only go by a forced deletion, with a warning.
  await page.goto(w.url);
  await expect(page.getByTestId('folder-read-only')).toHaveText(t.readOnly);
  await expect(page.getByTestId('read-only-notice')).toHaveText(t.noticeFirm);
  await page.getByRole('button', { name: t.more('r2.txt') }).click();
  await expect(page.getByRole('menuitem', { name: t.toTrash('r2.txt') })).toHaveCount(0);
  await page.getByRole('menuitem', { name: t.forceDelete('r2.txt') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t.forceWarning);
  await dialog.getByRole('button', { name: t.forceConfirm }).click();
  await expect(page.getByTestId('node-list').getByRole('button', { name: t.open('r2.txt') })).toHaveCount(0);

  // The client administrator: no upload, no deletion; the server refuses a change anyway.
  const clientContext = await browser.newContext({ locale: info.project.use.locale });
  const client = await clientContext.newPage();
  await signInWithApi(client, ACCOUNTS.client.email);
  await client.goto(w.url);
  await expect(client.getByTestId('read-only-notice')).toHaveText(t.noticeClient);
  await expect(client.getByTestId('node-list').getByRole('button', { name: t.open('r1.txt') })).toBeVisible();
  await expect(client.getByRole('button', { name: t.uploadFiles })).toHaveCount(0);
  await expect(client.getByTestId('toggle-read-only')).toHaveCount(0);
  await client.getByRole('button', { name: t.more('r1.txt') }).click();
  await expect(client.getByRole('menuitem', { name: t.copy('r1.txt') })).toBeVisible();
  await expect(client.getByRole('menuitem', { name: t.toTrash('r1.txt') })).toHaveCount(0);
  await expect(client.getByRole('menuitem', { name: t.forceDelete('r1.txt') })).toHaveCount(0);
  await client.keyboard.press('Escape');
  const { access_token } = await apiLogin(client.request, ACCOUNTS.client.email);
  const nodes = await page.request.get(`/api/vendors/${w.vendorId}/folders/${w.folderId}/nodes`, {
    headers: w.headers,
  });
  const r1 = ((await nodes.json()).data as { name: string; id: number }[]).find((n) => n.name === 'r1.txt')!;
  const refused = await client.request.post(`/api/vendors/${w.vendorId}/nodes/delete`, {
    headers: { Authorization: `Bearer ${access_token}`, 'Accept-Language': lang },
    data: { document_ids: [r1.id], folder_ids: [] },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(t.refused);

  // Lifted from the folder's header: the client may upload again.
  await page.getByRole('button', { name: t.liftReadOnly(w.folder) }).click();
  await expect(page.getByTestId('folder-read-only')).toHaveCount(0);
  await client.reload();
  await expect(client.getByRole('button', { name: t.uploadFiles })).toBeVisible();
  await expect(client.getByTestId('read-only-notice')).toHaveCount(0);
  await clientContext.close();
});
