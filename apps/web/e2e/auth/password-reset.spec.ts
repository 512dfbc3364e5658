import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  langOf,
  newestMailTo,
  PASSWORD,
  signInWithForm,
  TEST_IDS,
  TEXT,
  watchRequests,
} from '../support/helpers';

/**
 * Forgotten password, through the mail written to DATA_DIR/outbox, then a change from the profile.
 * Runs in the *-reset projects, after the others (a new password ends every session of the
 * account); one account per language.
 */
test('a forgotten password is reset through the mailed link, then changed from the profile', async ({
  page,
  request,
}, testInfo) => {
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

  // The mail is queued by the request and sent by the server's outbox worker right after.
  const mail = await newestMailTo(account.email, since);
  const link = mail.match(/https?:\/\/\S+\/reset-password-submit\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, mail).toBeTruthy();
  const url = new URL(link as string);
  expect(url.origin).toBe(new URL(testInfo.project.use.baseURL as string).origin);

  await page.goto(url.pathname);
  await expect(page.getByRole('heading', { name: t.newPassword })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  // Weak passwords are refused by the form before anything is sent: a common one, the email.
  const resets = watchRequests(page, 'PUT', '/api/passwords');
  await page.getByLabel(t.newPassword, { exact: true }).fill('12345678');
  await page.getByLabel(t.confirmation).fill('12345678');
  await page.getByRole('button', { name: t.changePassword }).click();
  await expect(page.getByText(t.tooWeak)).toBeVisible();
  await page.getByLabel(t.newPassword, { exact: true }).fill(account.email);
  await page.getByLabel(t.confirmation).fill(account.email);
  await expect(page.getByText(t.personalInfo)).toBeVisible();
  await page.getByRole('button', { name: t.changePassword }).click();
  await expect(page.getByText(t.personalInfo)).toBeVisible();
  expect(resets()).toBe(0);

  await page.getByLabel(t.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(t.confirmation).fill(newPassword);
  await page.getByRole('button', { name: t.changePassword }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText(t.passwordChanged)).toBeVisible();
  expect(resets()).toBe(1);

  await signInWithForm(page, lang, account.email, newPassword);
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveText(t.greeting(account.fullname));

  // The old password is gone, and the link cannot be used twice.
  const old = await request.post('/api/login', { data: { email: account.email, password: PASSWORD } });
  expect(old.status()).toBe(422);
  const again = await request.get(`/api/password-resets?token=${url.pathname.split('/').pop()}`);
  expect(again.status()).toBeGreaterThanOrEqual(400);

  // The profile's change asks for the current password, and checks the new one before sending.
  await page.goto('/profile/password');
  const form = page.getByTestId(TEST_IDS.passwordForm);
  await expect(form).toBeVisible();
  const changes = watchRequests(page, 'POST', '/api/change_password');
  const finalPassword = `E2e-final-${lang}-${Date.now()}`;
  await form.getByLabel(t.currentPassword).fill(newPassword);
  await form.getByLabel(t.newPassword, { exact: true }).fill('password1');
  await form.getByLabel(t.confirmation).fill('password1');
  await form.getByRole('button', { name: t.changePassword }).click();
  await expect(form.getByText(t.tooWeak)).toBeVisible();
  expect(changes()).toBe(0);

  await form.getByLabel(t.currentPassword).fill('Not-my-password-42');
  await form.getByLabel(t.newPassword, { exact: true }).fill(finalPassword);
  await form.getByLabel(t.confirmation).fill(finalPassword);
  await form.getByRole('button', { name: t.changePassword }).click();
  await expect(form.getByText(t.currentPasswordInvalid)).toBeVisible();
  expect(changes()).toBe(1);

  await form.getByLabel(t.currentPassword).fill(newPassword);
  await form.getByRole('button', { name: t.changePassword }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText(t.profilePasswordDone)).toBeVisible();
  await signInWithForm(page, lang, account.email, finalPassword);
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveText(t.greeting(account.fullname));

  // The person is told by mail (in their own language: the demo accounts' is French).
  const notice = await newestMailTo(account.email, since);
  expect(notice).toMatch(
    new RegExp(
      `(Le mot de passe de votre compte|The password of your account) ${account.email.replace('.', '\\.')}`,
    ),
  );
});
