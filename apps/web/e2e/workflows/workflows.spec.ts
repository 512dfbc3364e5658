import { expect, type Page, test } from '@playwright/test';
import { prepare } from '../support/documents-world';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

/**
 * The workflow half of issue 26's scenario on the demo's Boulangerie Martin: the firm
 * administrator creates "Pièces du mois" (À compléter → Envoyé → Validé; clients may move
 * À compléter → Envoyé) in the client file's Workflows tab and activates it on a folder; the
 * client sees "À compléter" on a document and moves it to "Envoyé"; the firm sees it and the
 * history.
 */

const TEXT = {
  fr: {
    more: (name: string) => `Autres actions pour ${name}`,
    status: (name: string) => `Changer le statut de ${name}`,
    moveTo: (name: string) => `Passer à « ${name} »`,
    activate: (name: string) => `Activer ${name} sur un dossier`,
    pickFolder: 'Choisir le dossier',
    activateHere: 'Activer ici',
    addTransition: 'Ajouter une transition',
  },
  en: {
    more: (name: string) => `More actions for ${name}`,
    status: (name: string) => `Change the status of ${name}`,
    moveTo: (name: string) => `Move to “${name}”`,
    activate: (name: string) => `Activate ${name} on a folder`,
    pickFolder: 'Choose the folder',
    activateHere: 'Activate here',
    addTransition: 'Add a transition',
  },
} as const;

const STATUSES = ['À compléter', 'Envoyé', 'Validé'];

async function pick(page: Page, combobox: number, option: string) {
  await page.getByTestId('workflow-drawer').getByRole('combobox').nth(combobox).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a workflow made in the Workflows tab, moved by the client, seen by the firm with its history', async ({
  page,
  browser,
}, info) => {
  const lang = langOf(info);
  const t = TEXT[lang];
  const w = await prepare(page, lang, 'Workflow', { 'releve.txt': 'relevé de mars' });
  const context = w.url.split('/')[2]!;
  const name = `Pièces du mois ${lang} ${Date.now().toString(36)}`;

  // The firm administrator creates the workflow in the client file's Workflows tab.
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(`/customer/${context}/workflows`);
  await page.getByTestId('workflow-add').click();
  const drawer = page.getByTestId('workflow-drawer');
  await drawer.getByTestId('workflow-name').fill(name);
  for (const [i, status] of STATUSES.entries()) {
    if (i > 0) await drawer.getByTestId('workflow-add-status').click();
    await drawer.getByTestId(`workflow-status-${i}`).fill(status);
  }
  await drawer.getByRole('button', { name: t.addTransition }).click();
  await pick(page, 1, 'À compléter');
  await pick(page, 2, 'Envoyé');
  await drawer.getByTestId('workflow-transition-0-client').check();
  await drawer.getByRole('button', { name: t.addTransition }).click();
  await pick(page, 3, 'Envoyé');
  await pick(page, 4, 'Validé');
  await drawer.getByTestId('workflow-save').click();
  await expect(drawer).toHaveCount(0);
  const row = page.getByTestId('workflows-tab').getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Envoyé')).toBeVisible();

  // Activated on the test's folder: its document starts at "À compléter".
  await row.getByRole('button', { name: t.activate(name) }).click();
  await page.getByRole('button', { name: t.pickFolder }).click();
  await page.getByTestId('folder-picker').getByText(w.folder, { exact: true }).click();
  await page.getByRole('button', { name: t.activateHere }).click();
  await expect(page.getByTestId('folder-picker')).toHaveCount(0);

  // The client sees "À compléter" and moves the document to "Envoyé".
  const client = await browser.newPage();
  await signInWithApi(client, ACCOUNTS.client.email);
  await client.goto(w.url);
  const status = client.getByTestId('node-list').getByTestId('node-status');
  await expect(status).toHaveText('À compléter');
  await client.getByRole('button', { name: t.more('releve.txt') }).click();
  await client.getByRole('menuitem', { name: t.status('releve.txt') }).click();
  const dialog = client.getByTestId('status-dialog');
  // The client may not validate: that transition is the firm's.
  await expect(dialog.getByRole('button', { name: t.moveTo('Validé') })).toHaveCount(0);
  await dialog.getByRole('button', { name: t.moveTo('Envoyé') }).click();
  await expect(dialog.getByTestId('status-current')).toHaveText('Envoyé');
  await client.close();

  // The firm sees "Envoyé" and the history: who moved it, from what to what.
  await page.goto(w.url);
  await expect(page.getByTestId('node-list').getByTestId('node-status')).toHaveText('Envoyé');
  await page.getByRole('button', { name: t.more('releve.txt') }).click();
  await page.getByRole('menuitem', { name: t.status('releve.txt') }).click();
  const history = page.getByTestId('status-history');
  await expect(history.getByText('À compléter → Envoyé')).toBeVisible();
  await expect(history.getByText(ACCOUNTS.client.fullname, { exact: false })).toBeVisible();
  await expect(
    page.getByTestId('status-dialog').getByRole('button', { name: t.moveTo('Validé') }),
  ).toBeVisible();
});
