import { expect, type Page, test } from '@playwright/test';
import { decodeContext, encodeContext } from '@portal/contracts/context';
import { prepare, type World } from '../support/documents-world';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

/**
 * Issue 26's workflow screens in French: the firm's own workflows (team manager, drawer in the
 * address), the company settings' Workflows tab of the client administrator, the viewer's status
 * chip and side panel, the folder's status counts as a filter, and deactivating from the folder
 * menu. The texts are the French reference; the English project skips.
 */

const STATUSES = [
  { key: 'todo', name: 'À compléter' },
  { key: 'sent', name: 'Envoyé' },
  { key: 'ok', name: 'Validé', is_final: true },
];

/** A workflow of the client file activated on the world's folder, its documents starting at "À compléter". */
async function activeWorkflow(page: Page, w: World, name: string) {
  const created = await page.request.post(`/api/vendors/${w.vendorId}/workflows`, {
    headers: w.headers,
    data: {
      name,
      statuses: STATUSES,
      transitions: [
        { from: 'todo', to: 'sent', movers: ['firm', 'client'] },
        { from: 'sent', to: 'ok', movers: ['firm'] },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const workflow = (await created.json()).data as { id: number; statuses: { id: number; name: string }[] };
  const put = await page.request.put(`/api/vendors/${w.vendorId}/folders/${w.folderId}/workflow`, {
    headers: w.headers,
    data: { workflow_id: workflow.id, apply_to: 'existing_documents' },
  });
  expect(put.status()).toBe(200);
  return workflow;
}

test.beforeEach(({ page: _page }, info) => {
  test.skip(langOf(info) !== 'fr', 'the French screens');
});

test('the firm’s workflows: created in the team manager, the drawer in the address, deleted by typing the name', async ({
  page,
}) => {
  const w = await prepare(page, 'fr', 'Workflows cabinet', {});
  const firmId = decodeContext(w.url.split('/')[2])!.accountingFirmId;
  const name = `Circuit cabinet ${Date.now().toString(36)}`;
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(`/settings/${encodeContext(firmId)}/team-manager/workflows`);
  await expect(page.getByRole('tab', { name: 'Circuits de validation' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByTestId('workflow-add').click();
  await expect(page).toHaveURL(/\/team-manager\/workflows\/create$/);
  const drawer = page.getByTestId('workflow-drawer');
  await drawer.getByTestId('workflow-name').fill(name);
  await drawer.getByTestId('workflow-status-0').fill('Reçu');
  await drawer.getByTestId('workflow-add-status').click();
  await drawer.getByTestId('workflow-status-1').fill('Traité');
  await drawer.getByTestId('workflow-save').click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/\/team-manager\/workflows$/);
  const row = page.getByTestId('workflows-tab').getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Traité')).toBeVisible();
  // A firm workflow's scope labels: "Partagé" (every client file, their users included).
  await expect(row.getByText('Partagé', { exact: false })).toBeVisible();

  // Editing opens the drawer at the workflow's hexadecimal id; the address alone reopens it.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  await expect(page).toHaveURL(/\/team-manager\/workflows\/[0-9a-f]+$/);
  const opened = page.url();
  await page.goto(opened);
  await expect(page.getByTestId('workflow-name')).toHaveValue(name);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('workflow-drawer')).toHaveCount(0);

  // The firm's workflow is offered in the client file too.
  const listed = await page.request.get(`/api/vendors/${w.vendorId}/workflows`, { headers: w.headers });
  expect(((await listed.json()).data as { name: string }[]).map((x) => x.name)).toContain(name);

  // Deleting asks to type the name.
  await row.getByRole('button', { name: `Supprimer ${name}` }).click();
  const confirm = page.getByTestId('workflow-delete-dialog');
  await expect(page.getByTestId('workflow-delete-confirm')).toBeDisabled();
  await confirm.getByRole('textbox').fill(name);
  await page.getByTestId('workflow-delete-confirm').click();
  await expect(page.getByTestId('workflows-tab').getByText(name)).toHaveCount(0);
});

test('the company settings’ Workflows tab: the client administrator creates a workflow, never one private to the firm', async ({
  page,
}) => {
  const w = await prepare(page, 'fr', 'Workflows entreprise', {});
  const context = w.url.split('/')[2]!;
  const name = `Circuit client ${Date.now().toString(36)}`;
  await signInWithApi(page, ACCOUNTS.client.email);
  await page.goto(`/settings/${context}/workflows`);
  await expect(
    page.getByTestId('company-settings-tabs').getByRole('tab', { name: 'Circuits de validation' }),
  ).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('workflow-add').click();
  await expect(page).toHaveURL(/\/workflows\/create$/);
  const drawer = page.getByTestId('workflow-drawer');
  await drawer.getByTestId('workflow-name').fill(name);
  await drawer.getByTestId('workflow-status-0').fill('À fournir');
  await drawer.getByRole('combobox').first().click();
  await expect(page.getByRole('option', { name: 'Privé cabinet' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Privé entreprises' }).click();
  await drawer.getByTestId('workflow-save').click();
  await expect(drawer).toHaveCount(0);
  const row = page.getByTestId('workflows-tab').getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Privé entreprises', { exact: false })).toBeVisible();
  await expect(row.getByText('À fournir')).toBeVisible();
});

test('the viewer shows the document’s status; its panel moves it and shows the history', async ({ page }) => {
  const w = await prepare(page, 'fr', 'Workflow visionneuse', { 'facture.txt': 'facture de mars' });
  await activeWorkflow(page, w, `Pièces visionneuse ${Date.now().toString(36)}`);
  await signInWithApi(page, ACCOUNTS.client.email);
  await page.goto(w.url);
  await page.getByTestId('node-list').getByText('facture.txt').dblclick();
  await expect(page).toHaveURL(/\/viewer\//);
  const chip = page.getByTestId('viewer-status');
  await expect(chip).toHaveText('À compléter');
  await chip.click();
  const panel = page.getByTestId('status-panel');
  await expect(panel).toBeVisible();
  // The client may not validate: only "Envoyé" is offered.
  await expect(panel.getByRole('button', { name: 'Passer à « Validé »' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Passer à « Envoyé »' }).click();
  await expect(panel.getByTestId('status-current')).toHaveText('Envoyé');
  await expect(panel.getByTestId('status-history').getByText('À compléter → Envoyé')).toBeVisible();
  await expect(
    panel.getByTestId('status-history').getByText(ACCOUNTS.client.fullname, { exact: false }),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Fermer' }).click();
  await expect(chip).toHaveText('Envoyé');
  // The content was not loaded again for the move: the document is still shown.
  await expect(page.getByTestId('viewer-title')).toHaveText('facture.txt');
});

test('the folder’s status counts filter its listing; deactivating from the folder menu clears the statuses', async ({
  page,
}) => {
  const w = await prepare(page, 'fr', 'Workflow filtre', { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
  const workflow = await activeWorkflow(page, w, `Pièces filtre ${Date.now().toString(36)}`);
  const sent = workflow.statuses.find((s) => s.name === 'Envoyé')!;
  const nodes = (
    await (
      await page.request.get(`/api/vendors/${w.vendorId}/folders/${w.folderId}/nodes`, { headers: w.headers })
    ).json()
  ).data as { id: number; name: string }[];
  const a = nodes.find((n) => n.name === 'a.txt')!;
  const moved = await page.request.put(`/api/vendors/${w.vendorId}/documents/${a.id}/status`, {
    headers: w.headers,
    data: { status_id: sent.id },
  });
  expect(moved.status()).toBe(200);

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  const filter = page.getByTestId('status-filter');
  // The folder itself stands at "À compléter" too (activated with its existing content).
  await expect(filter.getByText('3 À compléter')).toBeVisible();
  await expect(filter.getByText('1 Envoyé')).toBeVisible();
  await filter.getByText('1 Envoyé').click();
  const list = page.getByTestId('node-list');
  await expect(list.getByText('a.txt')).toBeVisible();
  await expect(list.getByText('b.txt')).toHaveCount(0);
  await filter.getByText('1 Envoyé').click();
  await expect(list.getByText('b.txt')).toBeVisible();

  // From the parent's listing, the folder's menu deactivates its workflow with all its content.
  await page.goto(w.url.split('/').slice(0, 3).join('/'));
  await page.getByRole('button', { name: `Autres actions pour ${w.folder}` }).click();
  await page.getByRole('menuitem', { name: `Workflow de ${w.folder}` }).click();
  const dialog = page.getByTestId('folder-workflow-dialog');
  await expect(dialog.getByText('est activé sur ce dossier', { exact: false })).toBeVisible();
  await dialog.getByText('Le dossier et tout son contenu', { exact: false }).click();
  await page.getByTestId('folder-workflow-deactivate').click();
  await expect(dialog).toHaveCount(0);
  await page.goto(w.url);
  await expect(page.getByTestId('node-list').getByText('a.txt')).toBeVisible();
  await expect(page.getByTestId('node-list').getByTestId('node-status')).toHaveCount(0);
  await expect(page.getByTestId('status-filter')).toHaveCount(0);
});
