import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { prepare, send } from '../support/documents-world';
import { ACCOUNTS, type Lang, langOf, signInWithApi } from '../support/helpers';

/**
 * Managing documents as expert@demo.test on the demo's Boulangerie Martin, each test in a folder
 * of its own made through the API: validation, the trash (delete, the "validated items not
 * deleted" refusal, restore), a folder downloaded as a streamed ZIP, a move resolved as a new
 * version, and a guest who sees no write action. The uploads, the conflict and the viewer are in
 * documents.spec.ts.
 */

const TEXT = {
  fr: {
    more: (name: string) => `Autres actions pour ${name}`,
    validate: (name: string) => `Valider ${name}`,
    invalidate: (name: string) => `Retirer la validation de ${name}`,
    toTrash: (name: string) => `Mettre ${name} à la corbeille`,
    forceDelete: (name: string) => `Forcer la suppression de ${name}`,
    move: (name: string) => `Déplacer ${name}`,
    open: (name: string) => `Ouvrir ${name}`,
    select: (name: string) => `Sélectionner ${name}`,
    validated: 'Validé',
    confirmTrash: 'Mettre à la corbeille',
    failedValidated: "La suppression a échoué : les éléments validés n'ont pas été supprimés.",
    trash: 'Corbeille',
    restore: (n: number) => `Restaurer (${n})`,
    zip: 'Télécharger le dossier (ZIP)',
    moveHere: 'Déplacer ici',
    moved: 'Éléments déplacés.',
    newVersion: 'Nouvelle version',
    uploadFiles: 'Envoyer des fichiers',
    versionsOf: (name: string) => `Versions de ${name}`,
    restoreVersion: (n: number) => `Restaurer la version ${n}`,
  },
  en: {
    more: (name: string) => `More actions for ${name}`,
    validate: (name: string) => `Validate ${name}`,
    invalidate: (name: string) => `Withdraw the validation of ${name}`,
    toTrash: (name: string) => `Move ${name} to the trash`,
    forceDelete: (name: string) => `Force the deletion of ${name}`,
    move: (name: string) => `Move ${name}`,
    open: (name: string) => `Open ${name}`,
    select: (name: string) => `Select ${name}`,
    validated: 'Validated',
    confirmTrash: 'Move to the trash',
    failedValidated: 'Deletion failed: validated items were not deleted.',
    trash: 'Trash',
    restore: (n: number) => `Restore (${n})`,
    zip: 'Download the folder (ZIP)',
    moveHere: 'Move here',
    moved: 'Items moved.',
    newVersion: 'New version',
    uploadFiles: 'Upload files',
    versionsOf: (name: string) => `Versions of ${name}`,
    restoreVersion: (n: number) => `Restore version ${n}`,
  },
} as const;

async function menu(page: Page, t: (typeof TEXT)[Lang], name: string, action: string) {
  await page.getByRole('button', { name: t.more(name) }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('validates, refuses to delete validated items, deletes to the trash and restores', async ({
  page,
}, info) => {
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Corbeille', { 'a.txt': 'a', 'b.txt': 'b' });
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  await expect(page.getByTestId('current-folder')).toHaveText(w.folder);
  // The deep link opens the tree at the folder.
  await expect(page.getByTestId('folder-tree').locator(`[data-folder-id="${w.folderId}"]`)).toHaveClass(
    /Mui-selected/,
  );
  const list = page.getByTestId('node-list');

  await menu(page, t, 'a.txt', t.validate('a.txt'));
  const row = list.locator('[data-node^="d"]', { has: page.getByRole('button', { name: t.open('a.txt') }) });
  await expect(row.getByRole('img', { name: t.validated })).toBeVisible();
  // A validated document offers only the forced deletion.
  await page.getByRole('button', { name: t.more('a.txt') }).click();
  await expect(page.getByRole('menuitem', { name: t.forceDelete('a.txt') })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: t.toTrash('a.txt') })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: t.move('a.txt'), exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The selection: b goes, a stays ("deletion failed, validated items not deleted").
  await page.getByRole('checkbox', { name: t.select('a.txt') }).check();
  await page.getByRole('checkbox', { name: t.select('b.txt') }).check();
  await page.getByTestId('selection-bar').getByRole('button', { name: t.confirmTrash }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirmTrash }).click();
  await expect(page.getByText(t.failedValidated)).toBeVisible();
  await expect(list.getByRole('button', { name: t.open('b.txt') })).toHaveCount(0);
  await expect(list.getByRole('button', { name: t.open('a.txt') })).toBeVisible();

  // Invalidated, it goes to the trash too.
  await menu(page, t, 'a.txt', t.invalidate('a.txt'));
  await expect(row.getByRole('img', { name: t.validated })).toHaveCount(0);
  await menu(page, t, 'a.txt', t.toTrash('a.txt'));
  await page.getByRole('dialog').getByRole('button', { name: t.confirmTrash }).click();
  await expect(page.getByTestId('documents-empty')).toBeVisible();

  // The trash: both there; b restored to its folder.
  await page.getByTestId('open-trash').click();
  await expect(page.getByTestId('current-folder')).toHaveText(t.trash);
  const trash = page.getByTestId('trash-list');
  await expect(trash.getByText('b.txt', { exact: true })).toBeVisible();
  await page
    .getByRole('checkbox', { name: t.select('b.txt') })
    .first()
    .check();
  await page.getByRole('button', { name: t.restore(1) }).click();
  await expect(trash.getByText('b.txt', { exact: true })).toHaveCount(0);
  await page.goto(w.url);
  await expect(page.getByTestId('node-list').getByRole('button', { name: t.open('b.txt') })).toBeVisible();
});

test('downloads a folder as a streamed ZIP', async ({ page }, info) => {
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'ZIP', { 'z1.txt': 'one', 'z2.txt': 'two' });
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  await expect(page.getByTestId('node-list')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.zip }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${w.folder}.zip`);
  const bytes = fs.readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.includes(Buffer.from('z1.txt'))).toBe(true);
});

test('moves a document onto a same-name one as a new version', async ({ page }, info) => {
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Move', { 'm.txt': 'moved' });
  const target = await page.request.post(`/api/vendors/${w.vendorId}/folders`, {
    headers: w.headers,
    data: { name: 'Target', parent_id: w.folderId },
  });
  const targetId = (await target.json()).data.id as number;
  await send(page, w.headers, w.vendorId, targetId, 'm.txt', 'already there');
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  await menu(page, t, 'm.txt', t.move('m.txt'));
  const picker = page.getByTestId('folder-picker');
  await picker.locator(`[data-folder-id="${targetId}"]`).click();
  await page.getByRole('button', { name: t.moveHere }).click();
  await page.getByRole('button', { name: t.newVersion }).click();
  await expect(page.getByTestId('node-list').getByRole('button', { name: t.open('m.txt') })).toHaveCount(0);
  // The confirmation belongs to the folder view: the trash opens without it.
  const moved = page.getByText(t.moved);
  await expect(moved).toBeVisible();
  await page.getByTestId('open-trash').click();
  // Well before the snackbar would hide by itself (5 s).
  await expect(moved).toBeHidden({ timeout: 1500 });
  await page.goto(w.url);
  await page
    .getByTestId('node-list')
    .getByRole('button', { name: t.open('Target') })
    .click();
  await page.getByRole('button', { name: t.versionsOf('m.txt') }).click();
  await expect(page.getByTestId('versions-list').getByRole('listitem')).toHaveCount(2);
  // The older version restored: a third one, the history kept.
  await page.getByRole('button', { name: t.restoreVersion(1) }).click();
  await expect(page.getByTestId('versions-list').getByRole('listitem')).toHaveCount(3);
});

test('a guest browses without write actions', async ({ page }, info) => {
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Guest', { 'g.txt': 'g' });
  await signInWithApi(page, ACCOUNTS.guest.email);
  await page.goto(w.url);
  await expect(page.getByTestId('node-list').getByRole('button', { name: t.open('g.txt') })).toBeVisible();
  await expect(page.getByRole('button', { name: t.uploadFiles })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t.more('g.txt') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t.zip })).toBeVisible();
});
