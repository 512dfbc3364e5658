import { expect, test } from '@playwright/test';
import { ACCOUNTS, signInWithApi } from '../support/helpers';

/**
 * Issue 25, stumble 7: the super admin's console sends no API call that fails, and shows no
 * firm's "terms not accepted" notice (the super admin is no member of the firms listed to them).
 */
test("the super admin's console fires no failing API call and no terms notice", async ({ page }) => {
  test.setTimeout(60_000);
  const failing: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      failing.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    }
  });
  await signInWithApi(page, ACCOUNTS.superadmin.email);

  await page.goto('/sa');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /^(Portails|Portals)/ }).click();
  await expect(page).toHaveURL(/\/sa\/accounting-firms$/);
  const firm = page.getByRole('row').filter({ hasText: 'Cabinet Nord' });
  await expect(firm).toBeVisible();
  await firm.getByRole('gridcell').first().click();
  await expect(page).toHaveURL(/\/sa\/accounting-firms\/\d+/);
  await page.goto('/sa/accounting-firms/create');
  await page.waitForLoadState('networkidle');

  await expect(page.getByTestId('terms-notice')).toHaveCount(0);
  expect(failing).toEqual([]);
});
