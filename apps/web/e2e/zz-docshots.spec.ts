import { expect, test } from '@playwright/test';
import { prepare } from './documents-world';
import { ACCOUNTS, langOf, signInWithApi } from './helpers';

test('doc shots', async ({ page }, testInfo) => {
  const lang = langOf(testInfo);
  test.skip(lang !== 'fr');
  const w = await prepare(page, lang, 'Shots', {
    'Facture janvier.pdf': '%PDF-1.4 test',
    'Relevé.csv': 'a;b\n1;2\n',
    'Notes.txt': 'bonjour',
    'Photo.png': 'x',
    'Bilan.xlsx': 'x',
  });
  await signInWithApi(page, ACCOUNTS.expert.email);
  for (const [mode, size] of [
    ['light', { width: 1280, height: 800 }],
    ['dark', { width: 1280, height: 800 }],
    ['dark-small', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(`${w.url}?darkMode=${mode.startsWith('dark')}`);
    await expect(page.getByText('Facture janvier.pdf').first()).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/docs-${mode}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/customers?darkMode=false');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/shots/customers.png' });
});
