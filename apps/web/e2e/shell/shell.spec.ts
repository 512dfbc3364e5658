import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi, TEST_IDS, TEXT } from '../support/helpers';

const rootPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');
const VERSION = `v${JSON.parse(fs.readFileSync(rootPackage, 'utf8')).version}`;

test('the version label shows, except embedded in a mobile app', async ({ page }) => {
  expect(VERSION).toBe('v1.59.3');
  await page.goto('/signin');
  await expect(page.getByTestId(TEST_IDS.appVersion)).toHaveText(VERSION);
  await expect(page.getByTestId(TEST_IDS.supportChat)).toBeVisible();

  await page.goto('/signin?embedded=true');
  await expect(page.getByTestId(TEST_IDS.signInSubmit)).toBeVisible();
  await expect(page.getByTestId(TEST_IDS.appVersion)).toHaveCount(0);
  await expect(page.getByTestId(TEST_IDS.supportChat)).toHaveCount(0);
});

test('the version label in the shell, hidden when embedded', async ({ page }) => {
  await signInWithApi(page, ACCOUNTS.collab.email);
  await page.goto('/home');
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
  await expect(page.getByTestId(TEST_IDS.appVersion)).toHaveText(VERSION);

  await page.goto('/home?embedded=true');
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
  // The context is added to the path and the embedded value is kept.
  await expect(page).toHaveURL(/\/home\/[0-9a-z]+\?embedded=true$/);
  await expect(page.getByTestId(TEST_IDS.appVersion)).toHaveCount(0);
});

test('an unknown path goes to sign-in when signed out', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByTestId(TEST_IDS.signInSubmit)).toBeVisible();
});

test('an unknown path goes home when signed in', async ({ page }, testInfo) => {
  await signInWithApi(page, ACCOUNTS.collab.email);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/home\/[0-9a-z]+$/);
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveText(
    TEXT[langOf(testInfo)].greeting(ACCOUNTS.collab.fullname),
  );
});

test.describe('small screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the navigation folds into a menu button', async ({ page }, testInfo) => {
    const t = TEXT[langOf(testInfo)];
    await signInWithApi(page, ACCOUNTS.expert.email);
    await page.goto('/home');
    await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveText(t.greeting(ACCOUNTS.expert.fullname));

    const homeLink = page.getByRole('link', { name: t.home });
    await expect(homeLink).toBeHidden();
    const menuButton = page.getByTestId(TEST_IDS.navDrawerToggle);
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAccessibleName(t.menu);

    // The selectors move from the bar to the page.
    await expect(page.getByRole('banner').getByTestId(TEST_IDS.firmSelector)).toHaveCount(0);
    await expect(page.getByRole('main').getByTestId(TEST_IDS.firmSelector)).toBeVisible();

    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await menuButton.click();
    await expect(homeLink).toBeVisible();
    await homeLink.click();
    await expect(homeLink).toBeHidden();
    await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
  });
});
