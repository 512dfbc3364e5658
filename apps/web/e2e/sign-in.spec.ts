import { expect, test } from '@playwright/test';
import { TEST_IDS } from '../src/components/test-ids';

/** Browser check of the sign-in flow against a running server with the demo seed (SEED_DEMO=true). */
const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const EMAIL = process.env.E2E_EMAIL ?? 'client@demo.test';
const PASSWORD = process.env.E2E_PASSWORD ?? 'Demo-portal-2026';

test('signs in, shows home, toggles dark mode, signs out', async ({ page }) => {
  await page.goto(`${BASE_URL}/`);
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel(/e-mail|email/i).fill(EMAIL);
  await page.getByLabel(/mot de passe|password|palavra-passe/i).fill(PASSWORD);
  await page.getByTestId(TEST_IDS.signInSubmit).click();
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
  await expect(page.getByTestId(TEST_IDS.appVersion)).toHaveText(/^v\d+\.\d+\.\d+$/);
  await page.getByTestId(TEST_IDS.userMenu).click();
  await page.getByTestId(TEST_IDS.darkModeToggle).click();
  await page.getByTestId(TEST_IDS.signOut).click();
  await expect(page).toHaveURL(/\/signin/);
});

test('shows the server message on wrong credentials', async ({ page }) => {
  await page.goto(`${BASE_URL}/signin`);
  await page.getByLabel(/e-mail|email/i).fill(EMAIL);
  await page.getByLabel(/mot de passe|password|palavra-passe/i).fill('wrong-password');
  await page.getByTestId(TEST_IDS.signInSubmit).click();
  await expect(page.getByTestId(TEST_IDS.signInError)).toBeVisible();
});
