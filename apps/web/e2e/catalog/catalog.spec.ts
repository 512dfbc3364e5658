import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, firmIdOf, langOf, signInWithApi } from '../support/helpers';

/**
 * The firm's catalogue (issue 30, first part): the firm administrator opens Settings → Offers
 * (which goes to its categories), creates a category, a "TVA mensuelle" service in it with two
 * dependent tasks, then an offer holding that service, and sees each listed (and the offer's
 * total). The API confirms what the screens saved. Then the same screens on a phone, in dark mode.
 */

const TEXT = {
  fr: { offers: 'Offres', sum: 'somme des prestations' },
  en: { offers: 'Offers', sum: 'sum of the services' },
} as const;

test('a firm administrator builds a category, a service and an offer', async ({ page }, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  const stamp = `${lang.toUpperCase()} ${String(Date.now()).slice(-7)}`;
  const { access_token } = await apiLogin(page.request, ACCOUNTS.expert.email);
  const firmId = await firmIdOf(page.request, access_token, 'Cabinet Démo');
  const headers = { Authorization: `Bearer ${access_token}` };

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\//);
  const settings = new URL(page.url()).pathname.split('/').slice(0, 3).join('/');
  await page.goto(`${settings}/offers`);
  await expect(page).toHaveURL(/\/offers\/categories$/);

  // The category.
  const category = `Fiscal ${stamp}`;
  await page.getByTestId('category-add').click();
  await page.getByTestId('category-name').fill(category);
  await page.getByTestId('category-save').click();
  await expect(page.getByTestId('category-dialog')).toHaveCount(0);
  await expect(page.getByTestId('category-list')).toContainText(category);
  // Creating it opens it: its (empty) services are beside it, the address names it in hexadecimal.
  await expect(page).toHaveURL(/\/offers\/categories\/[0-9a-f]+$/);
  const categoryId = Number.parseInt(page.url().split('/').pop()!, 16);
  await expect(page.getByTestId('services-list')).toContainText(category);

  // The service, with two tasks, the second after the first.
  const title = `TVA mensuelle ${stamp}`;
  await page.getByTestId('service-add').click();
  await expect(page).toHaveURL(/\/catalog-services\/create$/);
  await page.getByTestId('service-title').fill(title);
  await page.getByTestId('service-abbreviation').fill(`TVA${String(Date.now()).slice(-6)}${lang}`);
  await page.getByTestId('service-price').fill('90,50');
  await page.getByTestId('template-task-add').click();
  await page.getByTestId('template-task-title-0').fill('Collecter les pièces');
  await page.getByTestId('template-task-offset-0').fill('-10');
  await page.getByTestId('template-task-add').click();
  await page.getByTestId('template-task-title-1').fill('Télédéclarer la CA3');
  await page.getByTestId('template-task-1').getByRole('combobox').nth(2).click();
  await page.getByRole('option', { name: 'Collecter les pièces' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('service-save').click();
  await expect(page).toHaveURL(new RegExp(`/offers/categories/${categoryId.toString(16)}$`));
  const row = page.getByTestId('services-list').getByText(title);
  await expect(row).toBeVisible();

  const services = await page.request.get(
    `/api/accounting-firms/${firmId}/catalog/services?category_id=${categoryId}`,
    { headers },
  );
  const [saved] = (await services.json()).data;
  expect(saved).toMatchObject({ title, unit_price_cents: 9050, category_id: categoryId });
  expect(
    saved.tasks.map((t: { title: string; depends_on: string[] }) => [t.title, t.depends_on.length]),
  ).toEqual([
    ['Collecter les pièces', 0],
    ['Télédéclarer la CA3', 1],
  ]);
  expect(saved.tasks[1].depends_on).toEqual([saved.tasks[0].key]);

  // The offer: that service twelve times, at the sum of its prices.
  await page.getByTestId('catalog-tab-offers').click();
  await expect(page).toHaveURL(/\/offers\/catalog-offers$/);
  const offer = `Pack TPE ${stamp}`;
  await page.getByTestId('offer-add').click();
  const drawer = page.getByTestId('offer-drawer');
  await drawer.getByTestId('offer-name').fill(offer);
  await drawer.getByTestId('offer-add-service').fill(title);
  await page.getByRole('option', { name: title }).click();
  await drawer.getByTestId('offer-line-quantity-0').fill('12');
  await drawer.getByTestId('offer-save').click();
  await expect(drawer).toHaveCount(0);
  await page.getByTestId('offer-search').fill(stamp);
  const listed = page.getByTestId('offer-list');
  await expect(listed).toContainText(offer);
  await expect(listed).toContainText(`${title} × 12`);
  await expect(listed).toContainText(TEXT[lang].sum);

  const offers = await page.request.get(
    `/api/accounting-firms/${firmId}/catalog/offers?search=${encodeURIComponent(stamp)}`,
    { headers },
  );
  expect((await offers.json()).data).toEqual([
    expect.objectContaining({
      name: offer,
      total_price_cents: 12 * 9050,
      services: [expect.objectContaining({ service_id: saved.id, quantity: 12 })],
    }),
  ]);

  // On a phone, in dark mode: the same lists, one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${settings}/offers/categories/${categoryId.toString(16)}?darkMode=true`);
  await expect(page.getByTestId('services-list').getByText(title)).toBeVisible();
  await expect(page.getByRole('tab', { name: TEXT[lang].offers, exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
