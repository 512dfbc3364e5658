import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi, TEST_IDS } from '../support/helpers';

/** The texts this spec looks for, written out (not read from the catalogues). */
const TEXT = {
  fr: {
    account: ACCOUNTS.guest.email,
    title: "Conditions Générales d'Utilisation",
    notAccepted: "Vous n'avez pas encore accepté ces conditions.",
    accept: "J'accepte ces conditions",
    accepted: /^Vous avez accepté la version 1 le /,
    done: "Conditions d'utilisation acceptées.",
    notice: "Vous n'avez pas encore accepté les conditions d'utilisation de Cabinet Démo.",
    read: 'Les lire et les accepter',
  },
  en: {
    account: ACCOUNTS.collab.email,
    title: 'Terms of Use',
    notAccepted: 'You have not accepted these terms yet.',
    accept: 'I accept these terms',
    accepted: /^You accepted version 1 on /,
    done: 'Terms of use accepted.',
    notice: 'You have not accepted the terms of use of Cabinet Démo yet.',
    read: 'Read and accept them',
  },
} as const;

test("is told about the firm's terms, reads them in the profile and accepts them", async ({
  page,
}, testInfo) => {
  const t = TEXT[langOf(testInfo)];
  await signInWithApi(page, t.account);
  await page.goto('/home');
  const notice = page.getByTestId('terms-notice');
  await expect(notice).toContainText(t.notice);
  await notice.getByRole('link', { name: t.read }).click();
  await expect(page).toHaveURL(/\/profile\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  const status = page.getByTestId(TEST_IDS.termsStatus);
  await expect(status).toContainText(t.notAccepted);

  const accept = page.getByTestId(TEST_IDS.termsAccept);
  await expect(accept).toHaveText(t.accept);
  await accept.click();
  await expect(page.getByText(t.done)).toBeVisible();
  await expect(status).toHaveText(t.accepted);
  await expect(accept).toBeHidden();

  await page.reload();
  await expect(page.getByTestId(TEST_IDS.termsStatus)).toHaveText(t.accepted);
  await page.goto('/home');
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
  await expect(page.getByTestId('terms-notice')).toHaveCount(0);
});
