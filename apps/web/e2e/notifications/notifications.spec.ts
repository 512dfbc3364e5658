import { expect, test } from '@playwright/test';
import { langOf, signInWithApi } from '../support/helpers';
import { prepareClientFile, send } from './notifications-world';

/**
 * The bell (issue 31): a client user's upload reaches the firm member assigned to the client file;
 * their bell counts it, the panel lists it and opens the viewer. The preferences screen saves a
 * change that a reload keeps.
 */

const TEXT = {
  fr: { added: (name: string) => `a déposé le document « ${name} »`, saved: 'Préférences enregistrées.' },
  en: { added: (name: string) => `added the document “${name}”`, saved: 'Preferences saved.' },
} as const;

test('a client upload rings the assigned member’s bell and leads to the viewer', async ({ page }, info) => {
  test.setTimeout(120_000);
  const t = TEXT[langOf(info)];
  const w = await prepareClientFile(page, langOf(info));
  const name = `releve-${w.stamp}.txt`;
  await send(page, w.clientHeaders, w.vendorId, w.folderId, name, 'Relevé de mars');

  await signInWithApi(page, w.memberEmail);
  await page.goto('/profile/user');
  const bell = page.getByTestId('notifications-bell');
  // The fan-out job runs within the workers' poll; the bell polls every 30 s (a reload asks at once).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('notifications-count')).toContainText('1', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await bell.click();
  const item = page.getByTestId('notification-item').filter({ hasText: t.added(name) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/viewer\/[0-9a-f]+\/[0-9a-f]+\/[0-9a-f]+/);
  // Opening it marked it read: the badge is gone.
  await expect(page.getByTestId('notifications-count')).not.toContainText('1');
});

test('the preferences screen saves a change that a reload keeps', async ({ page }, info) => {
  test.setTimeout(90_000);
  const t = TEXT[langOf(info)];
  const w = await prepareClientFile(page, langOf(info));
  await signInWithApi(page, w.memberEmail);
  await page.goto('/profile/notifications');
  const row = page.getByTestId('notification-kind-task.updated');
  const inApp = row.getByRole('switch');
  await expect(inApp).toBeChecked();
  await inApp.uncheck();
  await page.getByTestId('notification-digest-hour').getByRole('combobox').click();
  await page.getByRole('listbox').getByRole('option', { name: '18:00', exact: true }).click();
  await expect(page.getByTestId('notification-digest-hour')).toContainText('18:00');
  await page.getByTestId('notifications-save').click();
  await expect(page.getByText(t.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('notification-kind-task.updated').getByRole('switch')).not.toBeChecked();
  await expect(page.getByTestId('notification-digest-hour')).toContainText('18:00');
  // Security kinds cannot be turned off.
  await expect(
    page.getByTestId('notification-kind-security.password_changed').getByRole('switch'),
  ).toBeDisabled();
});
