import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

const TEXTS = {
  fr: {
    title: 'Lecteur réseau',
    label: 'Appareil (libellé)',
    password: 'Mot de passe de partage de fichiers',
    confirmation: 'Confirmation',
    save: 'Enregistrer',
    saved: 'Mot de passe de partage de fichiers enregistré.',
    refused: '€ § ¤ £',
    revoke: 'Révoquer',
    twoFactor: 'double authentification',
  },
  en: {
    title: 'Network drive',
    label: 'Device (label)',
    password: 'File-share password',
    confirmation: 'Confirmation',
    save: 'Save',
    saved: 'File-share password saved.',
    refused: '€ § ¤ £',
    revoke: 'Revoke',
    twoFactor: 'two-factor authentication',
  },
};

/** `curl` PROPFIND with Basic credentials, as a drive would: the status and the body. */
function propfind(url: string, email: string, password: string): { status: number; body: string } {
  const out = execFileSync(
    'curl',
    ['-s', '-u', `${email}:${password}`, '-X', 'PROPFIND', '-H', 'Depth: 1', '-w', '\n%{http_code}', url],
    { encoding: 'utf8' },
  );
  const cut = out.lastIndexOf('\n');
  return { status: Number(out.slice(cut + 1)), body: out.slice(0, cut) };
}

test('a person sets a file-share password in the profile, then reads their client folders over WebDAV', async ({
  page,
}, testInfo) => {
  const lang = langOf(testInfo);
  const t = TEXTS[lang];
  // One account per language project: their passwords never meet.
  const account = lang === 'fr' ? ACCOUNTS.guest : ACCOUNTS.client;
  const baseURL = testInfo.project.use.baseURL!;
  const password = `Drive-${lang}-${Date.now()}`;
  const label = `Laptop ${lang} ${Date.now()}`;

  await signInWithApi(page, account.email);
  await page.goto('/profile/documents');
  const drive = page.getByTestId('profile-drive');
  await expect(drive.getByRole('heading', { name: t.title })).toBeVisible();
  await expect(drive.getByText(t.twoFactor)).toBeVisible();
  await expect(page.getByTestId('drive-address')).toHaveText(`${new URL(baseURL).origin}/dav/`);

  // A character the drives mangle is refused with the spec's message.
  await drive.getByLabel(t.label).fill(label);
  await drive.getByLabel(t.password, { exact: true }).fill('Bad-pass-€-2026');
  await drive.getByLabel(t.confirmation).fill('Bad-pass-€-2026');
  await drive.getByRole('button', { name: t.save }).click();
  await expect(drive.getByText(t.refused).first()).toBeVisible();

  await drive.getByLabel(t.password, { exact: true }).fill(password);
  await drive.getByLabel(t.confirmation).fill(password);
  await drive.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved)).toBeVisible();
  const row = page.getByTestId('file-share-passwords').getByRole('listitem').filter({ hasText: label });
  await expect(row).toHaveCount(1);

  // The client folder, named `client code - company`, over WebDAV with the new password.
  const root = propfind(`${baseURL}/dav/`, account.email, password);
  expect(root.status).toBe(207);
  expect(decodeURIComponent(root.body)).toContain('/dav/Cabinet Démo/');
  const firm = propfind(`${baseURL}/dav/${encodeURIComponent('Cabinet Démo')}/`, account.email, password);
  expect(firm.status).toBe(207);
  expect(decodeURIComponent(firm.body)).toContain('BOUL01 - Boulangerie Martin/');
  expect(decodeURIComponent(firm.body)).not.toContain('Garage Dupont');

  // Revoked: the drive refuses it at once.
  await row.getByRole('button', { name: t.revoke }).click();
  await expect(row).toHaveCount(0);
  expect(propfind(`${baseURL}/dav/`, account.email, password).status).toBe(401);
});
