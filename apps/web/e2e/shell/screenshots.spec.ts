import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, signInWithApi, TEST_IDS } from '../support/helpers';

/** Screenshots for a human look (not compared): `E2E_SHOTS_DIR=/tmp/shots npx playwright test ...`. */
const dir = process.env.E2E_SHOTS_DIR;

test.skip(!dir, 'E2E_SHOTS_DIR is not set');

const shoot = (page: Page, name: string, lang: string) =>
  page.screenshot({ path: path.join(dir as string, `${name}-${lang}.png`), fullPage: true });

const settle = async (page: Page) => {
  await expect(
    page.getByTestId(TEST_IDS.appVersion).or(page.getByTestId(TEST_IDS.homeGreeting)).first(),
  ).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
};

test('screenshots', async ({ page }, testInfo) => {
  const lang = testInfo.project.name.replace('chromium-', '');
  await page.goto('/signin');
  await settle(page);
  await shoot(page, 'signin-light', lang);

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/home');
  await expect(page.getByTestId(TEST_IDS.companySelector)).toBeVisible();
  await settle(page);
  await shoot(page, 'home-expert-light', lang);

  await page.goto('/home?darkMode=true');
  await expect(page.getByTestId(TEST_IDS.companySelector)).toBeVisible();
  await settle(page);
  await shoot(page, 'home-expert-dark', lang);

  await page.goto('/profile/user');
  await expect(page.getByTestId(TEST_IDS.profileForm)).toBeVisible();
  await settle(page);
  await shoot(page, 'profile', lang);

  await page.goto('/profile/terms-of-service');
  await expect(page.getByTestId(TEST_IDS.termsStatus)).toBeVisible();
  await settle(page);
  await shoot(page, 'profile-terms', lang);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/terms-of-service?darkMode=true');
  await expect(page.getByTestId(TEST_IDS.termsStatus)).toBeVisible();
  await settle(page);
  await shoot(page, 'profile-terms-small-dark', lang);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/settings?darkMode=false');
  await expect(page).toHaveURL(/team-manager\/users$/);
  await page.goto(page.url().replace('team-manager/users', 'terms-of-service'));
  await expect(page.getByTestId('firm-terms-status')).toBeVisible();
  await settle(page);
  await shoot(page, 'firm-terms', lang);
  await page.goto('/profile/user?darkMode=false');
  await expect(page.getByTestId(TEST_IDS.profileForm)).toBeVisible();

  await page.getByTestId(TEST_IDS.userMenu).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shoot(page, 'user-menu', lang);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/home');
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toBeVisible();
  await settle(page);
  await shoot(page, 'small-home', lang);
  await page.getByTestId(TEST_IDS.navDrawerToggle).click();
  await page.waitForTimeout(400);
  await shoot(page, 'small-menu', lang);
});

test('screenshots of the super admin', async ({ page }, testInfo) => {
  const lang = testInfo.project.name.replace('chromium-', '');
  await signInWithApi(page, ACCOUNTS.superadmin.email);
  await page.goto('/home');
  await settle(page);
  await shoot(page, 'home-superadmin', lang);
});

test('screenshots of the tasks', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const lang = testInfo.project.name.replace('chromium-', '');
  const tokens = await signInWithApi(page, ACCOUNTS.collab.email);
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const firms = await (await page.request.get('/api/users/me/accounting-firms', { headers })).json();
  const firmId = firms.data[0].id as number;
  const vendors = await (
    await page.request.get(`/api/users/me/accounting-firms/${firmId}/vendors`, { headers })
  ).json();
  const vendorId = vendors.data.find((v: { company: string }) => v.company === 'Boulangerie Martin').id;
  const today = new Date().toISOString().slice(0, 10);
  const create = (data: Record<string, unknown>) =>
    page.request.post('/api/tasks', { headers, data: { vendor_id: vendorId, status: 'to_do', ...data } });
  await create({
    title: `Pièces du bilan ${lang}`,
    type: 'information_request',
    due_date: '2026-01-15',
    items: [
      { label: 'Relevés bancaires de décembre', kind: 'document' },
      { label: 'Montant du stock au 31/12', kind: 'answer' },
    ],
  });
  await create({ title: `TVA du mois ${lang}`, type: 'firm_task', due_date: today, status: 'in_progress' });
  await create({ title: `Revue interne ${lang}`, type: 'internal' });

  await page.goto('/home');
  await expect(page.getByTestId('home-waiting')).toBeVisible();
  await settle(page);
  await shoot(page, 'home-collab', lang);
  await page.goto('/tasks');
  await expect(page.getByTestId('task-list')).toBeVisible();
  await settle(page);
  await shoot(page, 'tasks-list', lang);
  await page.getByTestId('task-list').getByText(`Pièces du bilan ${lang}`).click();
  await expect(page.getByTestId('task-drawer')).toBeVisible();
  await settle(page);
  await shoot(page, 'tasks-drawer', lang);
  await page.goto('/tasks?view=board&darkMode=true');
  await expect(page.getByTestId('task-board')).toBeVisible();
  await settle(page);
  await shoot(page, 'tasks-board-dark', lang);
  await page.getByTestId('task-new').click();
  await expect(page.getByTestId('task-form')).toBeVisible();
  await page.waitForTimeout(400);
  await shoot(page, 'tasks-form-dark', lang);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/tasks?darkMode=false');
  await expect(page.getByTestId('task-list')).toBeVisible();
  await settle(page);
  await shoot(page, 'tasks-small', lang);

  const context = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const client = await context.newPage();
  await signInWithApi(client, ACCOUNTS.client.email);
  await client.setViewportSize({ width: 375, height: 740 });
  await client.goto('/home');
  await expect(client.getByTestId('home-waiting')).toBeVisible();
  await settle(client);
  await shoot(client, 'home-client-small', lang);
  await client.goto(`/tasks`);
  await client.getByTestId('task-list').getByText(`Pièces du bilan ${lang}`).click();
  await expect(client.getByTestId('task-drawer')).toBeVisible();
  await settle(client);
  await shoot(client, 'tasks-drawer-client-small', lang);
  // A file answer, then the panel and the home page in dark mode.
  const first = client.getByTestId('task-drawer').locator('[data-testid^="task-item-"]').first();
  await first.locator('input[type="file"]').setInputFiles({
    name: `Relevés décembre ${lang}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(first.getByTestId('task-file-link')).toBeVisible();
  await client.goto(`/tasks?darkMode=true&task=${new URL(client.url()).searchParams.get('task')}`);
  await expect(client.getByTestId('task-drawer')).toBeVisible();
  await settle(client);
  await shoot(client, 'tasks-drawer-client-files-small-dark', lang);
  await client.goto('/home?darkMode=true');
  await expect(client.getByTestId('home-documents')).toBeVisible();
  await settle(client);
  await shoot(client, 'home-client-small-dark', lang);
  await context.close();
});
