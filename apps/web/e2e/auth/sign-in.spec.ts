import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, langOf, PASSWORD, signInWithForm, TEST_IDS, TEXT } from '../support/helpers';

/** Sign-in through the form for every demo account, sign-out, wrong password, return to the asked page. */
for (const [who, account] of Object.entries(ACCOUNTS)) {
  test(`signs in and out as ${who}`, async ({ page }, testInfo) => {
    const lang = langOf(testInfo);
    const t = TEXT[lang];
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    await signInWithForm(page, lang, account.email);

    await expect(page).toHaveURL(/\/home\/[0-9a-z]+$/);
    await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveText(t.greeting(account.fullname));
    const banner = page.getByRole('banner');
    // The firm's name in the bar (white label of Cabinet Démo, the firm of this domain).
    await expect(banner.getByRole('paragraph')).toHaveText('Cabinet Démo');
    // The logo (decorative: alt="") is loaded.
    const logo = banner.locator('img');
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const firmSelector = page.getByTestId(TEST_IDS.firmSelector);
    if (account.firms.length > 1) {
      await expect(firmSelector).toBeVisible();
      await expect(firmSelector.getByRole('combobox')).toHaveText('Cabinet Démo');
      await firmSelector.getByRole('combobox').click();
      if (account.email === 'superadmin@demo.test') {
        // The super admin sees every portal, including those the platform-admin spec creates in
        // parallel.
        await expect
          .poll(() => page.getByRole('option').allTextContents())
          .toEqual(expect.arrayContaining(account.firms));
      } else {
        await expect(page.getByRole('option')).toHaveText(account.firms);
      }
      await page.keyboard.press('Escape');
    } else {
      await expect(firmSelector).toHaveCount(0);
    }

    const companySelector = page.getByTestId(TEST_IDS.companySelector);
    if (account.email === 'expert@demo.test') {
      // The firm admin sees every client file, including those the client-files spec creates in
      // parallel: the first one (by name) is selected, whichever it is.
      await expect(companySelector.getByRole('combobox')).toHaveValue(/.+/);
    } else if (account.company) {
      await expect(companySelector.getByRole('combobox')).toHaveValue(new RegExp(`^${account.company}`));
      await expect(page.getByRole('main')).toContainText(
        `${t.company}${lang === 'fr' ? ' :' : ':'} ${account.company}`,
      );
    } else {
      await expect(companySelector).toHaveCount(0);
      await expect(page.getByTestId(TEST_IDS.noCompany)).toHaveCount(0);
    }
    // No error snackbar on a normal landing.
    await expect(page.locator('#notistack-snackbar')).toHaveCount(0);

    await page.getByTestId(TEST_IDS.userMenu).click();
    await expect(page.getByRole('menu')).toContainText(account.email);
    await page.getByTestId(TEST_IDS.signOut).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: t.signInTitle })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.reload();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: t.signInTitle })).toBeVisible();
  });
}

test('a wrong password shows the localised message', async ({ page }, testInfo) => {
  const lang = langOf(testInfo);
  await page.goto('/signin');
  // One failure per project: the server slows an address that keeps failing for an account (past 5
  // failures in 15 minutes), never the account's other addresses nor other accounts.
  await signInWithForm(page, lang, ACCOUNTS.client.email, 'not-the-password');
  await expect(page.getByTestId(TEST_IDS.signInError)).toHaveText(TEXT[lang].invalidCredentials);
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a protected page asks to sign in, then opens', async ({ page }, testInfo) => {
  const lang = langOf(testInfo);
  await page.goto('/profile/password');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fprofile%2Fpassword$/);
  await signInWithForm(page, lang, ACCOUNTS.expert.email);
  await expect(page).toHaveURL(/\/profile\/password$/);
  await expect(page.getByTestId(TEST_IDS.passwordForm)).toBeVisible();
});

test('the API refuses the wrong password with the localised message', async ({ request }, testInfo) => {
  const lang = langOf(testInfo);
  const response = await request.post('/api/login', {
    data: { email: ACCOUNTS.guest.email, password: `${PASSWORD}-wrong` },
    headers: { 'Accept-Language': lang },
  });
  expect(response.status()).toBe(422);
  expect(await response.json()).toMatchObject({
    message: TEXT[lang].invalidCredentials,
    code: 'invalid-credentials',
  });
  // The right one still works (a failure does not lock the account).
  await apiLogin(request, ACCOUNTS.guest.email);
});
