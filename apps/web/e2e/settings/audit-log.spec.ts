import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { prepare } from '../support/documents-world';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

const TEXT = {
  fr: {
    section: "Journal d'activité",
    vendor: 'Dossier client',
    uploaded: 'a déposé',
    family: "Type d'action",
  },
  en: { section: 'Activity log', vendor: 'Client file', uploaded: 'uploaded', family: 'Kind of action' },
};

test('an administrator reads the upload they just made in the activity log, filters it and exports it', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const lang = langOf(testInfo);
  const text = TEXT[lang];
  const fileName = `journal-${lang}-${Date.now()}.txt`;
  await prepare(page, lang, 'Journal', { [fileName]: 'contenu du journal' });

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  await page.getByTestId('settings-menu').getByRole('link', { name: text.section }).click();
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/audit$/);

  const log = page.getByTestId('audit-log');
  await expect(log.getByRole('heading', { name: text.section })).toBeVisible();
  const upload = log.getByTestId('audit-event').filter({ hasText: fileName });
  await expect(upload).toHaveCount(1);
  await expect(upload).toHaveAttribute('data-action', 'document.created');
  await expect(upload).toContainText(`${ACCOUNTS.expert.fullname} ${text.uploaded} « ${fileName} »`);
  await expect(upload).toContainText('Boulangerie Martin');

  // Filtered by its client file, then by the documents' family: the upload is still there.
  await log.getByLabel(text.vendor).click();
  await page.getByRole('option', { name: 'Boulangerie Martin' }).click();
  await log.getByLabel(text.family).click();
  await page.getByRole('option', { name: 'Documents' }).click();
  await expect(log.getByTestId('audit-event').filter({ hasText: fileName })).toHaveCount(1);
  for (const action of await log
    .getByTestId('audit-event')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')))) {
    expect(action).toMatch(/^document\./);
  }

  // The export follows a one-use link: a CSV with a BOM holding the upload.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    log.getByTestId('audit-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFFid,occurred_at,')).toBe(true);
  expect(csv).toContain(fileName);
  expect(csv).toContain('document.created');
});
