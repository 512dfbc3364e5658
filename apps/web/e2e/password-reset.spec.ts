import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, newestMailTo, PASSWORD, signInWithForm, TEST_IDS, TEXT } from './helpers';

/**
 * Forgotten password, through the mail written to DATA_DIR/outbox. Runs in the *-reset projects, after
 * the others (the reset ends every session of the account); one account per language.
 */
test('a forgotten password is reset through the mailed link', async ({ page, request }, testInfo) => {
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  const account = lang === 'fr' ? ACCOUNTS.guest : ACCOUNTS.collab;
  const newPassword = `E2e-${lang}-${Date.now()}`;

  await page.goto('/signin');
  await page.getByRole('link', { name: t.resetTitle }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: t.resetTitle })).toBeVisible();
  const since = Date.now() - 1_000;
  await page.getByLabel(t.email).fill(account.email);
  await page.getByRole('button', { name: t.resetSubmit }).click();
  await expect(page.getByTestId(TEST_IDS.resetSent)).toBeVisible();

  const mail = await newestMailTo(account.email, since);
  const link = mail.match(/https?:\/\/\S+\/reset-password-submit\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, mail).toBeTruthy();
  const url = new URL(link as string);
  expect(url.origin).toBe(new URL(testInfo.project.use.baseURL as string).origin);

  await page.goto(url.pathname);
  await expect(page.getByRole('heading', { name: t.newPassword })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await page.getByLabel(t.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(t.confirmation).fill(newPassword);
  await page.getByRole('button', { name: t.changePassword }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText(t.passwordChanged)).toBeVisible();

  await signInWithForm(page, lang, account.email, newPassword);
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveText(t.greeting(account.fullname));

  // The old password is gone, and the link cannot be used twice.
  const old = await request.post('/api/login', { data: { email: account.email, password: PASSWORD } });
  expect(old.status()).toBe(422);
  const again = await request.get(`/api/password-resets?token=${url.pathname.split('/').pop()}`);
  expect(again.status()).toBeGreaterThanOrEqual(400);
});
