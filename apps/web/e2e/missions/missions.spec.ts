import { expect, test } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
import { ACCOUNTS, apiLogin, firmIdOf, langOf, signInWithApi } from '../support/helpers';

/**
 * Missions (issue 30): the firm administrator opens Boulangerie Martin's Missions tab, adds a
 * mission from the demo catalogue's "TVA mensuelle CA3" service over last year, marks it signed,
 * and sees its twelve monthly occurrences generated, each a task with the template's three
 * sub-tasks. The API confirms what the screen shows. Then the tab on a phone, in dark mode.
 */

const TEXT = {
  fr: { notSigned: 'Non signée', signed: 'Signée', month: 'janvier' },
  en: { notSigned: 'Not signed', signed: 'Signed', month: 'janvier' },
} as const;

test('a firm administrator adds a mission from a service and sees its tasks generated', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  const t = TEXT[lang];
  const stamp = `${lang.toUpperCase()} ${String(Date.now()).slice(-7)}`;
  const year = new Date().getFullYear() - 1;
  const { access_token } = await apiLogin(page.request, ACCOUNTS.expert.email);
  const headers = { Authorization: `Bearer ${access_token}` };
  const firmId = await firmIdOf(page.request, access_token, 'Cabinet Démo');
  const files = await (
    await page.request.get(`/api/users/me/accounting-firms/${firmId}/vendors`, { headers })
  ).json();
  const martin = files.data.find((v: { client_code: string }) => v.client_code === 'BOUL01').id as number;

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(`/customer/${encodeContext(firmId, martin)}/services`);
  await expect(page.getByTestId('missions-tab')).toBeVisible();
  await page.getByTestId('mission-add').click();
  const dialog = page.getByTestId('mission-dialog');
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: 'TVA mensuelle CA3', exact: true }).click();
  const name = `TVA ${stamp}`;
  await page.getByTestId('mission-name').fill(name);
  await page.getByTestId('mission-start').fill(`${year}-01-01`);
  await page.getByTestId('mission-end').fill(`${year}-12-31`);
  await page.getByTestId('mission-save').click();
  await expect(dialog).toHaveCount(0);

  // The new mission opens, not signed, nothing generated yet.
  const drawer = page.getByTestId('mission-drawer');
  await expect(drawer).toContainText(name);
  await expect(page.getByTestId('mission-status')).toHaveText(t.notSigned);
  await expect(page.getByTestId('mission-no-occurrence')).toBeVisible();

  // Signed: the twelve months of last year are due, each with its tasks.
  await page.getByTestId('mission-sign').click();
  await expect(page.getByTestId('mission-status')).toHaveText(t.signed);
  const occurrences = page.getByTestId('mission-occurrence');
  await expect(occurrences).toHaveCount(12);
  await expect(occurrences.first()).toContainText(`TVA mensuelle CA3 — ${t.month} ${year}`);
  await expect(occurrences.first()).toContainText('3');

  // The API agrees: twelve parent tasks with three sub-tasks each, on the client file.
  const list = await (
    await page.request.get(`/api/vendors/${martin}/missions?per_page=100`, { headers })
  ).json();
  const mission = list.data.find((m: { name: string }) => m.name === name);
  expect(mission.status).toBe('signed');
  const detail = await (
    await page.request.get(`/api/vendors/${martin}/missions/${mission.id}`, { headers })
  ).json();
  expect(detail.data.occurrences).toHaveLength(12);
  const task = await (
    await page.request.get(`/api/tasks/${detail.data.occurrences[0].task_id}`, { headers })
  ).json();
  expect(task.data.subtasks.map((s: { title: string }) => s.title)).toEqual([
    'Collecter les pièces',
    'Préparer la déclaration',
    'Déposer la CA3',
  ]);

  // Generating again creates nothing more.
  await page.getByTestId('mission-generate').click();
  await expect(occurrences).toHaveCount(12);

  // On a phone, in dark mode: the list still shows the missions (15 a page, by name).
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByTestId('mission-add')).toBeVisible();
  await expect(page.locator('[data-testid^="mission-row-"]').first()).toBeVisible();
});
