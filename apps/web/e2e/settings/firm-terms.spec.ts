import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi, TEST_IDS } from '../support/helpers';

/**
 * Firm settings, terms of use. Only the French project publishes (on Cabinet Nord, which no other
 * spec reads), so that two publications never race; the English one checks a collaborator's view.
 */
test('an administrator publishes new terms, which a user is then asked to accept', async ({
  page,
}, testInfo) => {
  test.skip(langOf(testInfo) !== 'fr', 'publishes once, in the French project');
  test.setTimeout(60_000);
  const stamp = Date.now();
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  const demoUrl = page.url();
  const firmSelector = page.getByTestId(TEST_IDS.firmSelector).getByRole('combobox');
  await firmSelector.click();
  await page.getByRole('option', { name: 'Cabinet Nord' }).click();
  await expect(firmSelector).toHaveText('Cabinet Nord');
  await expect(page).not.toHaveURL(demoUrl);
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  await openTermsSection(page, "Conditions d'utilisation");

  const editor = page.getByTestId('firm-terms');
  await expect(editor.getByRole('heading', { name: "Conditions d'utilisation" })).toBeVisible();
  await expect(editor.getByTestId('firm-terms-status')).toContainText(
    /^Cabinet Nord : version \d+, publiée le /,
  );
  await editor.getByLabel('Titre').fill(`CGU ${stamp}`);
  await editor.getByLabel('Texte').fill(`Article 1 — Version de test ${stamp}.`);
  // English left empty: its readers get the French text.
  await editor.getByRole('tab', { name: 'Anglais' }).click();
  await editor.getByLabel('Titre').fill('');
  await editor.getByLabel('Texte').fill('');
  await editor.getByRole('tab', { name: 'Français' }).click();
  await editor.getByRole('button', { name: /^Publier la version \d+$/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Publier la version \d+$/ })
    .click();
  await expect(page.getByText(/^Version \d+ publiée\.$/)).toBeVisible();
  await expect(editor.getByTestId('firm-terms-status')).toContainText('acceptée par 0 personne.');

  await page.goto('/profile/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: `CGU ${stamp}` })).toBeVisible();
  await expect(page.getByText(`Article 1 — Version de test ${stamp}.`)).toBeVisible();
  await page.getByTestId(TEST_IDS.termsAccept).click();
  await expect(page.getByTestId(TEST_IDS.termsStatus)).toHaveText(/^Vous avez accepté la version \d+ le /);

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  await openTermsSection(page, "Conditions d'utilisation");
  await expect(page.getByTestId('firm-terms-status')).toContainText('acceptée par 1 personne.');
});

test('a collaborator reads the terms without publishing', async ({ page }, testInfo) => {
  test.skip(langOf(testInfo) !== 'en', 'the French project publishes');
  await signInWithApi(page, ACCOUNTS.collab.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  await openTermsSection(page, 'Terms of use');
  const editor = page.getByTestId('firm-terms');
  await expect(editor.getByText('Only a firm administrator can publish a new version.')).toBeVisible();
  await expect(editor.getByLabel('Title')).toBeDisabled();
  await expect(editor.getByLabel('Title')).toHaveValue("Conditions Générales d'Utilisation");
  await expect(editor.getByRole('button', { name: /^Publish version/ })).toHaveCount(0);
});

async function openTermsSection(page: Page, label: string) {
  // Just after a change of firm, the settings may still settle on the new firm's first page: click
  // again until the section stays.
  await expect(async () => {
    await page.getByTestId('settings-menu').getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/terms-of-service$/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}
