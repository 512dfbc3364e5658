import { expect, type Page, test } from '@playwright/test';
import { SA_IDS } from '../../src/features/platform-admin/test-ids';
import { ACCOUNTS, apiLogin, bodyBackground, type Lang, langOf, signInWithApi } from '../support/helpers';

/**
 * The super admin's modules, flags and global parameters (issue 32): the home lists only the
 * built sections; a module is switched on for a portal, a flag created and turned on for it, a
 * global parameter changed, and all of it is still there after a reload. Each locale project
 * creates its own portal and flag.
 */

const TEXT = {
  fr: {
    cards: ['Portails', 'Modules', 'Fonctionnalités', 'Enquête de satisfaction', 'Produits'],
    minDays: 'Jours minimum entre deux questionnaires',
    form: 'Formulaire (JSON)',
    notJson: "Ce n'est pas du JSON valide.",
    badForm: /une seule question notée/,
    unbuilt: ['Applications', 'Support'],
    portal: 'Portail',
    flagName: 'Nom du drapeau',
    createFlag: 'Créer le drapeau',
    badName: /Nom de drapeau invalide/,
    onFor: (name: string) => `Activé pour ${name}`,
    turnOnFor: "L'activer pour lui",
    ecm: "La GED se rafraîchit d'elle-même",
  },
  en: {
    cards: ['Portals', 'Modules', 'Features', 'Satisfaction survey', 'Products'],
    minDays: 'Minimum days between two surveys',
    form: 'Form (JSON)',
    notJson: 'This is not valid JSON.',
    badForm: /exactly one 0–10 question/,
    unbuilt: ['Applications', 'Support'],
    portal: 'Portal',
    flagName: 'Flag name',
    createFlag: 'Create the flag',
    badName: /Invalid flag name/,
    onFor: (name: string) => `On for ${name}`,
    turnOnFor: 'Turn on for it',
    ecm: 'Document manager refreshes by itself',
  },
} as const;

const stamp = Date.now();

/** A fresh portal with the documents module only, made through the API. */
async function newPortal(page: Page, lang: Lang) {
  const { access_token: token } = await apiLogin(page.request, ACCOUNTS.superadmin.email);
  const name = `Cabinet Modules ${lang.toUpperCase()} ${stamp}`;
  const res = await page.request.post('/api/sa/accounting-firms', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      module_keys: ['documents'],
      admin: { email: `sa-modules-${lang}-${stamp}@example.test`, firstname: 'Mona', lastname: 'Module' },
    },
  });
  expect(res.status()).toBe(201);
  return { name, id: (await res.json()).data.id as number, token };
}

async function pickPortal(page: Page, within: ReturnType<Page['getByTestId']>, label: string, name: string) {
  await within.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name }).click();
}

test('the super admin switches a module on for a portal, creates a flag for it and sets a global parameter', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  const portal = await newPortal(page, lang);
  await signInWithApi(page, ACCOUNTS.superadmin.email);

  // The home lists only the built sections.
  await page.goto('/sa');
  const home = page.getByTestId(SA_IDS.home);
  await expect(home.getByRole('heading', { level: 2 })).toHaveText([...t.cards]);
  for (const name of t.unbuilt) await expect(home.getByRole('heading', { name, exact: true })).toHaveCount(0);
  await home.getByRole('link', { name: /^Modules/ }).click();
  await expect(page).toHaveURL(/\/sa\/modules$/);

  // A module switched on for the new portal.
  const subscriptions = page.getByTestId(SA_IDS.subscriptions);
  await pickPortal(page, subscriptions, t.portal, portal.name);
  const tasks = subscriptions.getByRole('switch', { name: 'Tâches' });
  const documents = subscriptions.getByRole('switch', { name: 'Documents' });
  await expect(documents).toBeChecked();
  await expect(tasks).not.toBeChecked();
  await tasks.click();
  await expect(tasks).toBeChecked();
  await page.reload();
  await pickPortal(page, subscriptions, t.portal, portal.name);
  await expect(subscriptions.getByRole('switch', { name: 'Tâches' })).toBeChecked();

  // A flag: a bad name is refused on the field, a good one created and turned on for the portal.
  await page.goto('/sa/flags');
  const form = page.getByTestId(SA_IDS.flagForm);
  await form.getByLabel(t.flagName).fill('Bad Name');
  await form.getByRole('button', { name: t.createFlag }).click();
  await expect(form.getByText(t.badName)).toBeVisible();
  const flag = `e2e-${lang}-${stamp}`;
  await form.getByLabel(t.flagName).fill(flag);
  await form.getByRole('button', { name: t.createFlag }).click();
  const row = page.getByTestId(`${SA_IDS.flagRow}-${flag}`);
  await expect(row).toBeVisible();
  await pickPortal(page, row, t.portal, portal.name);
  await row.getByRole('button', { name: t.turnOnFor }).click();
  await expect(row.getByText(t.onFor(portal.name))).toBeVisible();
  await page.reload();
  await expect(page.getByTestId(`${SA_IDS.flagRow}-${flag}`).getByText(t.onFor(portal.name))).toBeVisible();

  // The global parameter: flipped, kept after a reload, then put back (one locale changes it, the
  // projects run side by side).
  const ecm = page.getByTestId(SA_IDS.parameters).getByRole('switch', { name: t.ecm });
  await expect(ecm).toBeVisible();
  if (lang === 'fr') {
    const before = await ecm.isChecked();
    await ecm.click();
    await expect(ecm).toBeChecked({ checked: !before });
    await page.reload();
    await expect(page.getByTestId(SA_IDS.parameters).getByRole('switch', { name: t.ecm })).toBeChecked({
      checked: !before,
    });
    await page.getByTestId(SA_IDS.parameters).getByRole('switch', { name: t.ecm }).click();
    await expect(page.getByTestId(SA_IDS.parameters).getByRole('switch', { name: t.ecm })).toBeChecked({
      checked: before,
    });
  }

  // What the screens show is what the server keeps.
  const subs = await page.request.get('/api/sa/modules/subscriptions', {
    headers: { Authorization: `Bearer ${portal.token}` },
  });
  const tasksSubs = ((await subs.json()).data as { key: string; accounting_firm_ids: number[] }[]).find(
    (s) => s.key === 'tasks',
  );
  expect(tasksSubs?.accounting_firm_ids).toContain(portal.id);
});

test('the super admin sets the satisfaction survey, its form checked', async ({ page }, testInfo) => {
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  await signInWithApi(page, ACCOUNTS.superadmin.email);
  await page.goto('/sa/nps-survey');
  const form = page.getByTestId(SA_IDS.npsForm);
  const json = form.getByRole('textbox', { name: t.form });
  await json.fill('{ not json');
  await form.getByTestId(SA_IDS.npsSave).click();
  await expect(form.getByText(t.notJson)).toBeVisible();
  await json.fill(JSON.stringify({ questions: [{ type: 'comment', id: 'why', label: 'Pourquoi ?' }] }));
  await form.getByTestId(SA_IDS.npsSave).click();
  await expect(form.getByText(t.badForm)).toBeVisible();
  // One locale saves (the projects run side by side on one platform setting).
  if (lang !== 'fr') return;
  const days = String(30 + (stamp % 300));
  await json.fill(
    JSON.stringify({
      questions: [{ type: 'score', id: 'score', label: 'Recommanderiez-vous ce portail ?' }],
    }),
  );
  await form.getByRole('textbox', { name: t.minDays }).fill(days);
  await form.getByTestId(SA_IDS.npsSave).click();
  await expect(form.getByText(t.badForm)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId(SA_IDS.npsForm).getByRole('textbox', { name: t.minDays })).toHaveValue(days);
});

test('the modules, products, flags and survey screens fit a phone, in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInWithApi(page, ACCOUNTS.superadmin.email);
  for (const [path, id] of [
    ['modules', SA_IDS.modulesPage],
    ['products', SA_IDS.productsPage],
    ['flags', SA_IDS.flagsPage],
    ['nps-survey', SA_IDS.npsPage],
  ] as const) {
    await page.goto(`/sa/${path}?darkMode=true`);
    await expect(page.getByTestId(id)).toBeVisible();
    await expect.poll(() => bodyBackground(page)).not.toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});
