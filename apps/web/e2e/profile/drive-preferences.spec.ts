import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

const TEXTS = {
  fr: {
    label: 'Appareil (libellé)',
    password: 'Mot de passe de partage de fichiers',
    confirmation: 'Confirmation',
    savePassword: 'Enregistrer',
    passwordSaved: 'Mot de passe de partage de fichiers enregistré.',
    title: 'Préférences du lecteur réseau',
    companyUp: 'Monter Nom de la société',
    allWorkspaces: 'Tous mes espaces de travail',
    save: 'Enregistrer les préférences',
    saved: 'Préférences du lecteur réseau enregistrées.',
  },
  en: {
    label: 'Device (label)',
    password: 'File-share password',
    confirmation: 'Confirmation',
    savePassword: 'Save',
    passwordSaved: 'File-share password saved.',
    title: 'Network-drive preferences',
    companyUp: 'Move Company name up',
    allWorkspaces: 'All my workspaces',
    save: 'Save preferences',
    saved: 'Network-drive preferences saved.',
  },
};

/** `curl` PROPFIND Depth 1 with Basic credentials, as a drive would: the status and the hrefs, decoded. */
function propfind(url: string, email: string, password: string): { status: number; hrefs: string[] } {
  const out = execFileSync(
    'curl',
    ['-s', '-u', `${email}:${password}`, '-X', 'PROPFIND', '-H', 'Depth: 1', '-w', '\n%{http_code}', url],
    { encoding: 'utf8' },
  );
  const cut = out.lastIndexOf('\n');
  const hrefs = [...out.slice(0, cut).matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) =>
    decodeURIComponent(m[1]!),
  );
  return { status: Number(out.slice(cut + 1)), hrefs };
}

test('a person sets a file-share password and the client folders display format, then reads the names over WebDAV', async ({
  page,
}, testInfo) => {
  const lang = langOf(testInfo);
  const t = TEXTS[lang];
  // One account per language project (their preferences never meet); the expert has two firms.
  const account = lang === 'fr' ? ACCOUNTS.expert : ACCOUNTS.collab;
  const baseURL = testInfo.project.use.baseURL!;
  const password = `Prefs-${lang}-${Date.now()}`;

  const tokens = await signInWithApi(page, account.email);
  const restore = () =>
    page.request.put('/api/users/me/dav-preferences', {
      data: { visible_accounting_firm_ids: null, folder_format: ['client_code', 'company'] },
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
  expect((await restore()).status()).toBe(200);
  await page.goto('/profile/documents');

  const drive = page.getByTestId('profile-drive');
  await drive.getByLabel(t.label).fill(`Prefs ${lang} ${Date.now()}`);
  await drive.getByLabel(t.password, { exact: true }).fill(password);
  await drive.getByLabel(t.confirmation).fill(password);
  await drive.getByRole('button', { name: t.savePassword }).click();
  await expect(page.getByText(t.passwordSaved)).toBeVisible();

  const prefs = page.getByTestId('drive-preferences');
  await expect(prefs.getByRole('heading', { name: t.title })).toBeVisible();
  const example = prefs.getByTestId('drive-format-example');
  await expect(example).toHaveText('DUP001 - Dupont SARL');
  // The company first: the example follows at once.
  await prefs.getByRole('button', { name: t.companyUp }).click();
  await expect(example).toHaveText('Dupont SARL - DUP001');
  if (lang === 'fr') {
    // Only one of the expert's two workspaces.
    await prefs.getByLabel(t.allWorkspaces).click();
    await prefs.getByTestId('drive-workspaces').getByLabel('Cabinet Nord').click();
  }
  await prefs.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved)).toBeVisible();

  const root = propfind(`${baseURL}/dav/`, account.email, password);
  expect(root.status).toBe(207);
  expect(root.hrefs).toContain('/dav/Cabinet Démo/');
  if (lang === 'fr') expect(root.hrefs).not.toContain('/dav/Cabinet Nord/');
  const firm = propfind(`${baseURL}/dav/${encodeURIComponent('Cabinet Démo')}/`, account.email, password);
  expect(firm.status).toBe(207);
  expect(firm.hrefs).toContain('/dav/Cabinet Démo/Boulangerie Martin - BOUL01/');
  expect(firm.hrefs).not.toContain('/dav/Cabinet Démo/BOUL01 - Boulangerie Martin/');

  // Read back after a reload: the screen shows what was stored.
  await page.reload();
  await expect(page.getByTestId('drive-format-example')).toHaveText('Dupont SARL - DUP001');
  expect((await restore()).status()).toBe(200);
});
