import { expect, test } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
import { prepare } from '../support/documents-world';
import { ACCOUNTS, apiLogin, firmIdOf, langOf, signInWithApi } from '../support/helpers';

/**
 * Quick-drop folders (issue 28): the firm administrator (expert@demo.test) creates one in the
 * settings' manager, bound to a folder of Boulangerie Martin with a rename pattern; the client
 * (client@demo.test) finds it on the home page and at quickfolders/, drops a file on it (a drop
 * event) and picks another (the file picker), and finds both filed, renamed, in the folder.
 */

const TEXT = {
  fr: {
    vendor: 'Dossier client',
    choose: 'Choisir',
    created: 'Dépôt rapide créé.',
    filed: (name: string) => `« ${name} » a été classé.`,
    open: 'Ouvrir',
  },
  en: {
    vendor: 'Client file',
    choose: 'Choose',
    created: 'Quick-drop folder created.',
    filed: (name: string) => `"${name}" was filed.`,
    open: 'Open',
  },
} as const;

test('a firm administrator creates a quick-drop; a client drops files on it and finds them filed, renamed', async ({
  page,
  browser,
}, info) => {
  const lang = langOf(info);
  const t = TEXT[lang];
  const w = await prepare(page, lang, 'Dépôt rapide', {});
  const { access_token } = await signInWithApi(page, ACCOUNTS.expert.email);
  const firmId = await firmIdOf(page.request, access_token, 'Cabinet Démo');
  const vendor = (await (await page.request.get(`/api/vendors/${w.vendorId}`, { headers: w.headers })).json())
    .data as { client_code: string };
  const name = `Tickets ${w.folder}`;

  await page.goto(`/settings/${encodeContext(firmId)}/quickfolders-manager`);
  await page.getByTestId('quickfolder-new').click();
  const dialog = page.getByTestId('quickfolder-dialog');
  await dialog.getByRole('combobox', { name: t.vendor }).click();
  await page.getByRole('option', { name: /^Boulangerie Martin/ }).click();
  await dialog.getByTestId('quickfolder-name').fill(name);
  await dialog.getByTestId('quickfolder-pick-folder').click();
  const picker = page.getByTestId('folder-picker');
  await picker.getByText(w.folder, { exact: true }).click();
  await page.getByRole('button', { name: t.choose, exact: true }).click();
  await expect(dialog.getByTestId('quickfolder-folder-name')).toHaveText(w.folder);
  await dialog.getByTestId('quickfolder-pattern').fill('{date} {client_code} {name}');
  await dialog.getByTestId('quickfolder-save').click();
  await expect(page.getByText(t.created)).toBeVisible();
  const row = page.locator('[data-testid^="quickfolder-row-"]', { hasText: name });
  await expect(row).toBeVisible();
  const id = Number((await row.getAttribute('data-testid'))!.replace('quickfolder-row-', ''));

  try {
    const client = await browser.newContext({ locale: info.project.use.locale });
    const cp = await client.newPage();
    await signInWithApi(cp, ACCOUNTS.client.email);
    const context = encodeContext(firmId, w.vendorId);
    // The home page offers it.
    await cp.goto(`/home/${context}`);
    await expect(cp.getByTestId(`quickdrop-${id}`)).toBeVisible();

    await cp.goto(`/quickfolders/${context}`);
    const card = cp.getByTestId(`quickdrop-${id}`);
    await expect(card).toContainText(name);
    const today = new Date().toISOString().slice(0, 10);
    const renamed = (file: string) => `${today} ${vendor.client_code} ${file}`;

    // A file dropped on the card.
    const dataTransfer = await cp.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['%PDF-1.4 ticket de caisse'], 'ticket.pdf', { type: 'application/pdf' }));
      return dt;
    });
    await card.dispatchEvent('dragover', { dataTransfer });
    await card.dispatchEvent('drop', { dataTransfer });
    await expect(cp.getByText(t.filed(renamed('ticket.pdf')))).toBeVisible();

    // A file chosen with the picker.
    await cp.getByTestId(`quickdrop-input-${id}`).setInputFiles({
      name: 'facture.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 facture'),
    });
    const toast = cp.getByText(t.filed(renamed('facture.pdf')));
    await expect(toast).toBeVisible();

    // Both are in the folder, renamed; the snackbar's link opens the document in the viewer.
    const { access_token: clientToken } = await apiLogin(cp.request, ACCOUNTS.client.email);
    const nodes = (
      await (
        await cp.request.get(`/api/vendors/${w.vendorId}/folders/${w.folderId}/nodes`, {
          headers: { Authorization: `Bearer ${clientToken}` },
        })
      ).json()
    ).data as { name: string }[];
    expect(nodes.map((n) => n.name).sort()).toEqual([renamed('facture.pdf'), renamed('ticket.pdf')]);
    await cp.getByTestId('quickdrop-open').last().click();
    await expect(cp).toHaveURL(new RegExp(`/viewer/${context}/`));
    await cp.goto(w.url);
    await expect(cp.getByText(renamed('facture.pdf'), { exact: true }).first()).toBeVisible();
    await client.close();
  } finally {
    await page.request.delete(`/api/vendors/${w.vendorId}/quickfolders/${id}`, { headers: w.headers });
  }
});
