import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi, signInWithForm, TEST_IDS } from '../support/helpers';

/** Written out: the notice and its button (the client of the demo firm never accepts the terms). */
const TEXT = {
  fr: {
    notice: "Vous n'avez pas encore accepté",
    hide: "Masquer jusqu'à la prochaine connexion",
    documents: 'Documents',
  },
  en: { notice: 'You have not accepted', hide: 'Hide until the next sign-in', documents: 'Documents' },
} as const;

test.describe('small screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the terms notice can be put away until the next sign-in', async ({ page }, testInfo) => {
    const lang = langOf(testInfo);
    const t = TEXT[lang];
    await signInWithApi(page, ACCOUNTS.client.email);
    await page.goto('/home');
    const notice = page.getByTestId('terms-notice');
    await expect(notice).toContainText(t.notice);

    await notice.getByRole('button', { name: t.hide }).click();
    await expect(notice).toHaveCount(0);

    // Away on other pages, and after a reload of the tab.
    await page.getByTestId(TEST_IDS.navDrawerToggle).click();
    await page.getByRole('link', { name: t.documents }).click();
    await expect(page).toHaveURL(/\/documents\//);
    await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveCount(0);
    const termsRead = page.waitForResponse(/\/api\/users\/me\/terms/);
    await page.reload();
    await termsRead;
    await expect(page).toHaveURL(/\/documents\//);
    await expect(notice).toHaveCount(0);

    // Back at the next sign-in.
    await page.getByTestId(TEST_IDS.userMenu).click();
    await page.getByTestId(TEST_IDS.signOut).click();
    await expect(page).toHaveURL(/\/signin/);
    await signInWithForm(page, lang, ACCOUNTS.client.email);
    // Whichever page the sign-in opens, the notice is back.
    await expect(page).not.toHaveURL(/\/signin/);
    await expect(notice).toContainText(t.notice);
  });
});
