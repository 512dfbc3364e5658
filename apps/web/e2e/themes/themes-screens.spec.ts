import { expect, type Page, test } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
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
 * The themes screens (issue 26), in French and in English (the two projects): on a client file of
 * its own, the administrator gives a client user only "Social" in the user's rights dialog, and
 * that user no longer sees the folder tagged "Juridique"; the client file's Themes tab shows the
 * allowed themes, and per theme its folders and people, and narrows the allowed ones; the client
 * file's administrator reads them in the company settings; the team manager's Themes page shows a
 * theme's folders, and its deletion dialog says which folder opens, to whom, after the theme's
 * name is typed.
 */

const TEXT = {
  fr: {
    edit: 'Modifier',
    remove: 'Supprimer',
    save: 'Enregistrer',
    only: 'Seulement ces thèmes',
    notAllowed: 'Non autorisé',
    toRole: 'à tous ceux que leur rôle autorise',
    themeName: 'Nom du thème',
    deleted: 'Thème supprimé.',
  },
  en: {
    edit: 'Edit',
    remove: 'Delete',
    save: 'Save',
    only: 'Only these themes',
    notAllowed: 'Not allowed',
    toRole: 'to everyone their role lets in',
    themeName: 'Theme name',
    deleted: 'Theme deleted.',
  },
} as const;

test('themes: the rights dialog, the Themes tabs and the team manager', async ({ page, browser }, info) => {
  test.setTimeout(150_000);
  const lang = langOf(info);
  const t = TEXT[lang];
  const stamp = `${lang.toUpperCase()}${String(Date.now()).slice(-7)}`;
  const expert = await apiLogin(page.request, ACCOUNTS.expert.email);
  const headers = { Authorization: `Bearer ${expert.access_token}` };
  const api = async (method: 'get' | 'post' | 'put' | 'patch', url: string, data?: object) => {
    const res = await page.request[method](url, { headers, ...(data ? { data } : {}) });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBeTruthy();
    return (await res.json()).data;
  };
  const firmId = await firmIdOf(page.request, expert.access_token, 'Cabinet Démo');

  // A client file of its own (no other spec changes its allowed themes), with its administrator
  // and a collaborator, both with a password.
  const company = `Thèmes ${stamp}`;
  const adminEmail = `themes-admin-${stamp.toLowerCase()}@example.test`;
  const userEmail = `themes-user-${stamp.toLowerCase()}@example.test`;
  let since = Date.now() - 1000;
  const vendorId = (
    await api('post', `/api/accounting-firms/${firmId}/vendors`, {
      company,
      corporate_name: `${company} SAS`,
      client_code: `TH-${stamp}`,
      identifier_type: 'other',
      identifier: `TH-${stamp}`,
      admin_email: adminEmail,
    })
  ).id as number;
  await createPasswordFromMail(page.request, adminEmail, since);
  since = Date.now() - 1000;
  const user = (await api('post', `/api/vendors/${vendorId}/users`, {
    email: userEmail,
    firstname: 'Théo',
    lastname: `Thème${stamp}`,
    role: 'collaborator',
  })) as { id: number };
  await createPasswordFromMail(page.request, userEmail, since);
  const userName = `Théo Thème${stamp}`;

  const theme = async (title: string) =>
    (
      await api('post', `/api/accounting-firms/${firmId}/themes`, {
        title,
        sharing: 'shared',
        rights: 'read_write',
      })
    ).id as number;
  const socialTitle = `Social ${stamp}`;
  const legalTitle = `Juridique ${stamp}`;
  const social = await theme(socialTitle);
  const legal = await theme(legalTitle);
  const [root] = (await api('get', `/api/vendors/${vendorId}/folders`)) as { id: number }[];
  const folder = async (name: string, themeId: number) => {
    const id = (await api('post', `/api/vendors/${vendorId}/folders`, { name, parent_id: root!.id }))
      .id as number;
    await api('put', `/api/vendors/${vendorId}/folders/${id}/themes`, { theme_ids: [themeId] });
    return id;
  };
  const payroll = `Paie ${stamp}`;
  const contracts = `Contrats ${stamp}`;
  const payrollId = await folder(payroll, social);
  const contractsId = await folder(contracts, legal);
  const context = encodeContext(firmId, vendorId);

  const asUser = async (email: string) => {
    const context_ = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
    const other = await context_.newPage();
    await signInWithApi(other, email, PASSWORD);
    return { page: other, close: () => context_.close() };
  };
  const seesFolders = async (p: Page) => {
    await p.goto(`/documents/${context}`);
    const list = p.getByTestId('node-list');
    // A first sign-in loads the whole shell: more time on a busy machine.
    await expect(list.getByText(payroll, { exact: true })).toBeVisible({ timeout: 20_000 });
    return list;
  };

  await test.step('the rights dialog: only Social for the client user', async () => {
    const before = await asUser(userEmail);
    await expect((await seesFolders(before.page)).getByText(contracts, { exact: true })).toBeVisible();
    await before.close();

    await signInWithApi(page, ACCOUNTS.expert.email);
    await page.goto(`/customer/${context}/users`);
    const row = page.getByTestId('client-file-users-item').filter({ hasText: userEmail });
    await row.getByRole('button', { name: t.edit }).click();
    const dialog = page.getByTestId('client-file-users-dialog');
    const field = dialog.getByTestId('client-user-themes');
    await field.getByLabel(t.only).check();
    await field.getByTestId(`client-user-theme-${social}`).click();
    await dialog.getByRole('button', { name: t.save, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(async () => {
        const users = (await api('get', `/api/vendors/${vendorId}/users`)) as {
          id: number;
          theme_ids: number[];
        }[];
        return users.find((u) => u.id === user.id)?.theme_ids;
      })
      .toEqual([social]);

    const after = await asUser(userEmail);
    const list = await seesFolders(after.page);
    await expect(list.getByText(contracts, { exact: true })).toHaveCount(0);
    await after.close();
  });

  await test.step("the client file's Themes tab: allowed themes, folders and people", async () => {
    await page.goto(`/customer/${context}/themes`);
    const card = page.getByTestId(`vendor-theme-${social}`);
    await expect(card.getByTestId(`vendor-theme-folder-${payrollId}`)).toHaveText(payroll);
    await expect(card.getByTestId(`theme-holder-${user.id}`)).toContainText(userName);
    await expect(
      page.getByTestId(`vendor-theme-${legal}`).getByTestId(`vendor-theme-folder-${contractsId}`),
    ).toBeVisible();
    // The client file's administrator holds every theme: listed apart, not per theme.
    await expect(page.getByTestId('vendor-themes-everyone').getByTestId(/^theme-holder-/)).toHaveCount(1);

    const allowed = page.getByTestId('vendor-allowed-themes');
    await allowed.getByLabel(t.only).check();
    await allowed.getByTestId(`vendor-allowed-theme-${social}`).click();
    await allowed.getByTestId('vendor-allowed-themes-save').click();
    await expect(page.getByTestId(`vendor-theme-${legal}`).getByText(t.notAllowed)).toBeVisible();
    expect(await api('get', `/api/vendors/${vendorId}/themes`)).toMatchObject({
      all_themes: false,
      theme_ids: [social],
    });
  });

  await test.step("the company settings' Themes tab of the client file's administrator", async () => {
    const admin = await asUser(adminEmail);
    await admin.page.goto(`/settings/${context}/themes`);
    const card = admin.page.getByTestId(`vendor-theme-${social}`);
    await expect(card.getByTestId(`vendor-theme-folder-${payrollId}`)).toHaveText(payroll);
    await expect(card.getByTestId(`theme-holder-${user.id}`)).toContainText(userName);
    // Not allowed to the client file: not shown to its administrator.
    await expect(admin.page.getByTestId(`vendor-theme-${legal}`)).toHaveCount(0);
    await expect(admin.page.getByTestId('vendor-allowed-themes')).toHaveCount(0);
    // Their rights dialog offers the allowed themes only, the user's own ticked.
    await admin.page.goto(`/settings/${context}/users`);
    await admin.page
      .getByTestId('client-file-users-item')
      .filter({ hasText: userEmail })
      .getByRole('button', { name: t.edit })
      .click();
    const field = admin.page.getByTestId('client-file-users-dialog').getByTestId('client-user-themes');
    await expect(field.getByLabel(t.only)).toBeChecked();
    await expect(field.getByTestId(`client-user-theme-${social}`).getByRole('checkbox')).toBeChecked();
    await expect(field.getByTestId(`client-user-theme-${legal}`)).toHaveCount(0);
    await admin.close();
  });

  await test.step("the team manager's Themes page and the deletion dialog", async () => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
    await page.goto(new URL(page.url()).pathname.replace(/users$/, 'themes'));
    await page.getByTestId(`theme-usage-toggle-${legal}`).click();
    const usage = page.getByTestId(`theme-usage-${legal}`);
    await expect(usage.getByRole('link', { name: contracts })).toBeVisible();
    await expect(usage).toContainText(company);
    await page.getByTestId(`theme-usage-toggle-${social}`).click();
    await expect(page.getByTestId(`theme-usage-${social}`)).toContainText(userName);

    await page
      .getByTestId(`theme-row-${legal}`)
      .getByRole('button', { name: `${t.remove} ${legalTitle}`, exact: true })
      .click();
    const dialog = page.getByTestId('theme-delete-dialog');
    const folders = dialog.getByTestId('theme-delete-folders');
    await expect(folders).toContainText(`${company} › ${contracts}`);
    await expect(folders).toContainText(t.toRole);
    const confirm = dialog.getByTestId('theme-delete-confirm');
    await dialog.getByLabel(t.themeName).fill('wrong');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(t.themeName).fill(legalTitle);
    await confirm.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId(`theme-row-${legal}`)).toHaveCount(0);

    // The folder it tagged opens to the client user again.
    const after = await asUser(userEmail);
    const list = await seesFolders(after.page);
    await expect(list.getByText(contracts, { exact: true })).toBeVisible();
    await after.close();
  });
});
