import { expect, test } from '@playwright/test';
import { ACCOUNTS, bodyBackground, langOf, patchMe, signInWithApi, TEST_IDS, TEXT } from '../support/helpers';

/** MUI's default page backgrounds. */
const LIGHT = 'rgb(255, 255, 255)';
const DARK = 'rgb(18, 18, 18)';

test('dark mode from the user menu, kept after a reload', async ({ page }, testInfo) => {
  // The toggle is saved on the user (it wins over the browser): one account per project, restored after.
  const account = langOf(testInfo) === 'fr' ? ACCOUNTS.superadmin : ACCOUNTS.client;
  const tokens = await signInWithApi(page, account.email);
  try {
    await page.goto('/home');
    await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
    expect(await bodyBackground(page)).toBe(LIGHT);
    const barColour = await page.getByRole('banner').evaluate((e) => getComputedStyle(e).backgroundColor);

    await page.getByTestId(TEST_IDS.userMenu).click();
    const toggle = page.getByTestId(TEST_IDS.darkModeToggle);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect.poll(() => bodyBackground(page)).toBe(DARK);
    // The bar takes the dark white label's colours.
    expect(await page.getByRole('banner').evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe(
      barColour,
    );

    await page.reload();
    await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
    expect(await bodyBackground(page)).toBe(DARK);

    await page.getByTestId(TEST_IDS.userMenu).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => bodyBackground(page)).toBe(LIGHT);
    await page.reload();
    await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
    expect(await bodyBackground(page)).toBe(LIGHT);
  } finally {
    await patchMe(page.request, tokens.access_token, { dark_mode: null });
  }
});

test('the language from the user menu changes the texts', async ({ page }, testInfo) => {
  const from = langOf(testInfo);
  const to = from === 'fr' ? 'en' : 'fr';
  const tokens = await signInWithApi(page, ACCOUNTS.expert.email);
  try {
    await page.goto('/home');
    const greeting = page.getByTestId(TEST_IDS.homeGreeting);
    await expect(greeting).toHaveText(TEXT[from].greeting(ACCOUNTS.expert.fullname));
    await expect(page.locator('html')).toHaveAttribute('lang', from);

    await page.getByTestId(TEST_IDS.userMenu).click();
    await page.getByTestId(`${TEST_IDS.languageSelect}-${to}`).click();
    await expect(greeting).toHaveText(TEXT[to].greeting(ACCOUNTS.expert.fullname));
    await expect(page.getByRole('menu')).toContainText(TEXT[to].profile);
    await expect(page.getByRole('menu')).toContainText(TEXT[to].signOut);
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('lang', to);
    await expect(page.getByRole('navigation').getByRole('link', { name: TEXT[to].home })).toBeVisible();
    await expect(page.getByTestId(TEST_IDS.firmSelector)).toContainText(TEXT[to].firm);

    await page.reload();
    await expect(greeting).toHaveText(TEXT[to].greeting(ACCOUNTS.expert.fullname));
  } finally {
    await patchMe(page.request, tokens.access_token, { locale: 'fr' });
  }
});
