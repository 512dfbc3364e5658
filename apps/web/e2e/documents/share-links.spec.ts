import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
import { prepare } from '../support/documents-world';
import { ACCOUNTS, firmIdOf, langOf, signInWithApi } from '../support/helpers';

/**
 * Share links (issue 28) as expert@demo.test: a link with a password made from a document's menu,
 * opened in a fresh browser (no account), the password asked, the file downloaded; the firm sees
 * the access in the log, revokes the link, and the page is gone: a real 404 from the server.
 */

const TEXT = {
  fr: {
    more: (name: string) => `Autres actions pour ${name}`,
    share: (name: string) => `Partager ${name}`,
    gone: "Ce lien n'existe pas ou n'est plus valide.",
    revoked: 'Lien révoqué.',
  },
  en: {
    more: (name: string) => `More actions for ${name}`,
    share: (name: string) => `Share ${name}`,
    gone: 'This link does not exist or is no longer valid.',
    revoked: 'Link revoked.',
  },
} as const;

test('shares a document with a password, downloads it in a fresh browser, revokes it: then 404', async ({
  page,
  browser,
}, info) => {
  const lang = langOf(info);
  const t = TEXT[lang];
  const w = await prepare(page, lang, 'Partage', { 'shared.txt': 'shared content' });
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  await page.getByRole('button', { name: t.more('shared.txt') }).click();
  await page.getByRole('menuitem', { name: t.share('shared.txt'), exact: true }).click();

  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('share-expiry')).not.toHaveValue('');
  await dialog.getByTestId('share-password').fill('Visitor-pass-2026');
  await dialog.getByTestId('share-create').click();
  const url = (await dialog.getByTestId('share-url').textContent()) ?? '';
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{22,}$/);
  const path = new URL(url).pathname;
  await expect(dialog.getByTestId('share-link')).toHaveCount(1);

  // A visitor: no session, no storage of the firm's user.
  const visitor = await browser.newContext({ locale: info.project.use.locale });
  const open = await visitor.newPage();
  const first = await open.goto(path);
  expect(first?.status()).toBe(200);
  await open.getByTestId('public-share-password').fill('Visitor-pass-2026');
  await open.getByTestId('public-share-unlock').click();
  await expect(open.getByTestId('public-share')).toBeVisible();
  const downloading = open.waitForEvent('download');
  await open.getByTestId('public-share-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('shared.txt');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('shared content');

  // The firm sees the accesses (the page's view, then the download, newest first), then revokes.
  await dialog.locator('[data-testid^="share-log-"]').click();
  await expect(dialog.getByTestId('share-access-row')).toHaveCount(2);
  await expect(dialog.getByTestId('share-access-row').first()).toContainText('shared.txt');
  await expect(dialog.getByTestId('share-access-row').last()).toContainText('shared.txt');
  await dialog.locator('[data-testid^="share-revoke-"]').click();
  await expect(page.getByText(t.revoked)).toBeVisible();
  await expect(dialog.getByTestId('share-link')).toHaveAttribute('data-state', 'revoked');

  const again = await open.goto(path);
  expect(again?.status()).toBe(404);
  await expect(open.getByTestId('public-share-gone')).toHaveText(t.gone);
  const content = await open.request.get(`/api/public/shares/${path.split('/s/')[1]}`);
  expect(content.status()).toBe(404);
  await visitor.close();
});

test("the firm's default and longest life of a link, set in the storage settings, bound the dialog", async ({
  page,
}, info) => {
  // One setting of the demo firm, which both language projects share: changed by one of them only.
  test.skip(langOf(info) !== 'fr', 'the demo firm has one setting; the fr project checks it');
  const t = TEXT.fr;
  const w = await prepare(page, 'fr', 'Réglages partage', { 'bounded.txt': 'x' });
  const { access_token } = await signInWithApi(page, ACCOUNTS.expert.email);
  const firmId = await firmIdOf(page.request, access_token, 'Cabinet Démo');
  await page.goto(`/settings/${encodeContext(firmId)}/storage`);
  const form = page.getByTestId('share-settings');
  await form.getByTestId('share-default-hours').fill('48');
  await form.getByTestId('share-max-hours').fill('72');
  await form.getByTestId('save-share-settings').click();
  await expect(page.getByText('Paramètres des liens de partage enregistrés.')).toBeVisible();
  try {
    await page.goto(w.url);
    await page.getByRole('button', { name: t.more('bounded.txt') }).click();
    await page.getByRole('menuitem', { name: t.share('bounded.txt'), exact: true }).click();
    const dialog = page.getByTestId('share-dialog');
    await expect(dialog.getByTestId('share-expiry')).toHaveValue('2');
    await expect(dialog.getByText('Au plus 3 jours')).toBeVisible();
    await dialog.getByTestId('share-expiry').fill('4');
    await dialog.getByTestId('share-create').click();
    await expect(dialog.getByTestId('share-expiry')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('share-url')).toHaveCount(0);
  } finally {
    const reset = await page.request.put(`/api/accounting-firms/${firmId}/share-link-settings`, {
      headers: { Authorization: `Bearer ${access_token}` },
      data: { default_hours: 168, max_hours: 720 },
    });
    expect(reset.status()).toBe(200);
  }
});
