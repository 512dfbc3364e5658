import { expect, test } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
import { ACCOUNTS, apiLogin, firmIdOf, langOf, newTeamMember, signInWithApi } from '../support/helpers';

/**
 * Themes as access rights (issue 26): the administrator tags "Social" (read-only) on a folder and
 * "Juridique" on another, and gives a collaborator only "Social" from the team manager; the
 * collaborator sees the Social folder with a lock and no upload button, and no longer sees the
 * Juridique one.
 */

const TEXT = {
  fr: { only: 'Seulement ces thèmes', save: 'Enregistrer les thèmes', upload: 'Envoyer des fichiers' },
  en: { only: 'Only these themes', save: 'Save the themes', upload: 'Upload files' },
} as const;

test('a collaborator holding only a read-only theme', async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  const lang = langOf(info);
  const t = TEXT[lang];
  const stamp = `${lang.toUpperCase()} ${String(Date.now()).slice(-7)}`;
  const { access_token } = await apiLogin(page.request, ACCOUNTS.expert.email);
  const headers = { Authorization: `Bearer ${access_token}` };
  const api = async (method: 'get' | 'post' | 'put', url: string, data?: object) => {
    const res = await page.request[method](url, { headers, ...(data ? { data } : {}) });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBeTruthy();
    return (await res.json()).data;
  };
  const firmId = await firmIdOf(page.request, access_token, 'Cabinet Démo');
  const vendorId = (
    (await api('get', `/api/users/me/accounting-firms/${firmId}/vendors`)) as {
      id: number;
      company: string;
    }[]
  ).find((v) => v.company === 'Boulangerie Martin')!.id;
  const [root] = (await api('get', `/api/vendors/${vendorId}/folders`)) as { id: number }[];
  const theme = async (title: string, rights: string) =>
    (await api('post', `/api/accounting-firms/${firmId}/themes`, { title, rights, sharing: 'shared' }))
      .id as number;
  const social = await theme(`Social ${stamp}`, 'read_only');
  const legal = await theme(`Juridique ${stamp}`, 'read_write');
  const folder = async (name: string) =>
    (await api('post', `/api/vendors/${vendorId}/folders`, { name, parent_id: root!.id })).id as number;
  const payroll = `Paie ${stamp}`;
  const contracts = `Contrats ${stamp}`;
  const payrollId = await folder(payroll);
  const contractsId = await folder(contracts);
  await api('put', `/api/vendors/${vendorId}/folders/${contractsId}/themes`, { theme_ids: [legal] });
  const base = `/documents/${encodeContext(firmId, vendorId)}`;

  const email = `themes-${lang}-${Date.now()}@demo.test`;
  const { user_id } = await newTeamMember(page.request, access_token, firmId, {
    email,
    firstname: 'Théa',
    lastname: `Themes${lang.toUpperCase()}`,
    role: 'collaborator',
  });
  await api('put', `/api/accounting-firms/${firmId}/members/${user_id}/assignments`, {
    assignments: [{ vendor_id: vendorId, read_only: false }],
  });

  // The administrator tags the payroll folder "Social" from its header.
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(`${base}/${payrollId.toString(16)}`);
  await page.getByTestId('folder-themes').click();
  const dialog = page.getByTestId('folder-themes-dialog');
  await dialog.getByTestId(`folder-theme-${social}`).click();
  await dialog.getByTestId('folder-themes-save').click();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(
      async () => (await api('get', `/api/vendors/${vendorId}/folders/${payrollId}/themes`)).themes.length,
    )
    .toBe(1);

  // And gives the collaborator only "Social", from the member's page.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  await page.goto(`${new URL(page.url()).pathname}/${user_id}`);
  const card = page.getByTestId('member-themes');
  await card.getByLabel(t.only).check();
  await card.getByTestId(`member-theme-${social}`).click();
  await card.getByRole('button', { name: t.save }).click();
  await expect(card.getByRole('button', { name: t.save })).toBeDisabled();

  // The collaborator: the Social folder with a lock and no upload, the Juridique one gone.
  const context = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
  const collab = await context.newPage();
  await signInWithApi(collab, email);
  await collab.goto(base);
  const list = collab.getByTestId('node-list');
  await expect(list.getByText(payroll, { exact: true })).toBeVisible();
  await expect(list.getByText(contracts, { exact: true })).toHaveCount(0);
  await collab.goto(`${base}/${payrollId.toString(16)}`);
  await expect(collab.getByTestId('folder-theme-read-only')).toBeVisible();
  await expect(collab.getByRole('button', { name: t.upload })).toHaveCount(0);
  await context.close();
});
