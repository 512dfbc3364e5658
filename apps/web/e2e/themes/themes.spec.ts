import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

/**
 * Themes (issue 14): a firm administrator creates a theme in the team manager, tags a task with it,
 * filters the task list by it, then deletes it (the task loses it). The two locale projects share
 * one server: each works on its own titles.
 */
const TEXT = {
  fr: { company: 'Boulangerie Martin', deleteConfirm: 'Supprimer', themeName: 'Nom du thème' },
  en: { company: 'Boulangerie Martin', deleteConfirm: 'Delete', themeName: 'Theme name' },
} as const;

const stamp = String(Date.now()).slice(-8);

test('a theme is created, put on a task, filters the list and is deleted', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  const tag = `TH-${lang}-${stamp}`;
  const themeTitle = `Social ${tag}`;

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  await page.goto(page.url().replace(/users$/, 'themes'));
  const themes = page.getByTestId('themes-page');
  await expect(themes).toBeVisible();

  // A new theme: the text field takes the colour the picker would give.
  await page.getByTestId('theme-add').click();
  const dialog = page.getByTestId('theme-dialog');
  await dialog.getByTestId('theme-title').fill(themeTitle);
  await dialog.getByTestId('theme-colour').fill('#8e24aa');
  await expect(dialog.getByTestId('theme-colour-picker')).toHaveValue('#8e24aa');
  await dialog.getByTestId('theme-save').click();
  await expect(dialog).toBeHidden();
  await expect(themes).toContainText(themeTitle);

  // The same title again is refused under the field.
  await page.getByTestId('theme-add').click();
  await dialog.getByTestId('theme-title').fill(themeTitle.toUpperCase());
  await dialog.getByTestId('theme-save').click();
  await expect(dialog.locator('.Mui-error').first()).toBeVisible();
  await dialog.getByTestId('theme-cancel').click();
  await expect(dialog).toBeHidden();

  // Two tasks of the client file, one tagged with the theme.
  await page.goto(`/tasks?admin=1&q=${encodeURIComponent(tag)}`);
  const form = page.getByTestId('task-form');
  const createTask = async (title: string, withTheme: boolean) => {
    await page.getByTestId('task-new').click();
    await form.getByTestId('task-company').click();
    await page.getByRole('option', { name: t.company }).click();
    await form.getByTestId('task-title').fill(title);
    if (withTheme) {
      await form.getByTestId('task-themes').fill(tag);
      await page.getByRole('option', { name: themeTitle }).click();
      await expect(form.locator('[data-testid^="theme-chip-"]')).toHaveText(themeTitle);
    }
    await form.getByTestId('task-save').click();
    await expect(form).toBeHidden();
    const id = new URL(page.url()).searchParams.get('task');
    await page.getByTestId('task-drawer-close').click();
    return id;
  };
  const tagged = await createTask(`Bulletins ${tag}`, true);
  const plain = await createTask(`Bilan ${tag}`, false);

  const taggedRow = page.getByTestId(`task-row-${tagged}`);
  await expect(taggedRow.locator('[data-testid^="theme-chip-"]')).toHaveText(themeTitle);
  await expect(page.getByTestId(`task-row-${plain}`)).toBeVisible();

  // Filtered by the theme, only the tagged task is left.
  const small = (page.viewportSize()?.width ?? 1280) < 900;
  if (small) await page.getByRole('button', { name: /filtres|filters/i }).click();
  // The bar may re-render as the drawer's URL settles: type again until the option shows.
  await expect(async () => {
    await page.getByTestId('filter-themes').fill(tag);
    await page.getByRole('option', { name: themeTitle }).click({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/theme=\d+/);
  await expect(taggedRow).toBeVisible();
  await expect(page.getByTestId(`task-row-${plain}`)).toBeHidden();

  // Deleted (after typing its name, the dialog naming the task it is on), the theme leaves the task.
  await page.goto('/settings');
  await expect(page).toHaveURL(/team-manager\/users$/);
  await page.goto(page.url().replace(/users$/, 'themes'));
  await page.getByRole('button', { name: `${t.deleteConfirm} ${themeTitle}`, exact: true }).click();
  const confirm = page.getByTestId('theme-delete-dialog');
  await expect(confirm).toContainText('(1)');
  await expect(confirm.getByTestId('theme-delete-confirm')).toBeDisabled();
  await confirm.getByLabel(t.themeName).fill(themeTitle);
  await confirm.getByTestId('theme-delete-confirm').click();
  await expect(themes).not.toContainText(themeTitle);
  await page.goto(`/tasks?admin=1&q=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId(`task-row-${tagged}`)).toBeVisible();
  await expect(page.getByTestId(`task-row-${tagged}`).locator('[data-testid^="theme-chip-"]')).toHaveCount(0);
});
