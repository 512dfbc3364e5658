import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, newestMailTo, TEST_IDS, TEXT } from '../support/helpers';

const TEXTS = {
  fr: { title: 'Lien de connexion', email: 'Adresse e-mail', used: 'Ce lien est invalide ou a expiré.' },
  en: { title: 'Sign-in link', email: 'Email address', used: 'This link is invalid or has expired.' },
};

test('a client user signs in through a link read from the mail outbox, once', async ({ page }, testInfo) => {
  const lang = langOf(testInfo);
  const t = TEXTS[lang];
  // One account per language project: a new link cancels the one before.
  const account = lang === 'fr' ? ACCOUNTS.client : ACCOUNTS.guest;
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: TEXT[lang].signInTitle })).toBeVisible();
  await page.getByTestId('magic-link-link').click();
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
  const since = Date.now() - 1000;
  const email = page.getByLabel(t.email);
  await email.fill(account.email);
  await expect(email).toHaveValue(account.email);
  await page.getByTestId('magic-link-submit').click();
  await expect(page.getByTestId('magic-link-sent')).toBeVisible();

  const mail = await newestMailTo(account.email, since, '/magic-link/');
  const link = /https?:\/\/[^\s"<>]+?\/magic-link\/[A-Za-z0-9._~-]+/.exec(mail)?.[0];
  expect(link, 'sign-in link in the mail').toBeTruthy();
  const path = new URL(link as string).pathname;
  await page.goto(path);
  await expect(page).toHaveURL(/\/home\/[0-9a-z]+$/);
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveText(TEXT[lang].greeting(account.fullname));

  // The link worked once.
  const again = await page.context().browser()!.newContext({ locale: testInfo.project.use.locale });
  try {
    const other = await again.newPage();
    await other.goto(path);
    await expect(other.getByTestId('magic-link-error')).toHaveText(t.used);
  } finally {
    await again.close();
  }
});
