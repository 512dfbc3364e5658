import { expect, type Page, test } from '@playwright/test';
import { SA_IDS } from '../../src/features/platform-admin/test-ids';
import { ACCOUNTS, acceptInvitation, type Lang, langOf, signInWithApi } from '../support/helpers';

/**
 * The platform super admin's portals (sa/accounting-firms): list, creation with a new holding and a
 * first administrator who creates a password and signs in, deactivation (typing the name) and
 * restoration. Each locale project creates its own portal, holding and administrator.
 */

const TEXT = {
  fr: {
    portals: 'Portails',
    newPortal: 'Nouveau portail',
    name: 'Nom du portail',
    domain: 'Domaine',
    newHolding: 'Nouvelle holding',
    holdingName: 'Nom de la nouvelle holding',
    email: 'Adresse e-mail',
    firstname: 'Prénom',
    lastname: /^Nom\s*\*?$/,
    create: 'Créer le portail',
    created: (email: string) => `L'invitation a été envoyée à ${email}.`,
    domainTaken: 'Ce domaine est déjà utilisé par un autre portail.',
    active: 'Actif',
    deactivated: 'Désactivé',
    deactivatedDone: (name: string) => `Portail « ${name} » désactivé.`,
    confirmLabel: 'Nom du portail',
    showDeactivated: 'Afficher les portails désactivés',
    homeFirm: (name: string) => `Cabinet : ${name}`,
  },
  en: {
    portals: 'Portals',
    newPortal: 'New portal',
    name: 'Portal name',
    domain: 'Domain',
    newHolding: 'New holding',
    holdingName: 'Name of the new holding',
    email: 'Email address',
    firstname: 'First name',
    lastname: /^Last name\s*\*?$/,
    create: 'Create the portal',
    created: (email: string) => `The invitation was sent to ${email}.`,
    domainTaken: 'This domain is already used by another portal.',
    active: 'Active',
    deactivated: 'Deactivated',
    deactivatedDone: (name: string) => `Portal “${name}” deactivated.`,
    confirmLabel: 'Portal name',
    showDeactivated: 'Show deactivated portals',
    homeFirm: (name: string) => `Firm: ${name}`,
  },
} as const;

const stamp = Date.now();

type Run = {
  lang: Lang;
  t: (typeof TEXT)[Lang];
  name: string;
  domain: string;
  holding: string;
  admin: { email: string; firstname: string; lastname: string };
};
const runOf = (lang: Lang): Run => ({
  lang,
  t: TEXT[lang],
  name: `Cabinet E2E ${lang.toUpperCase()} ${stamp}`,
  domain: `e2e-${lang}-${stamp}.example.test`,
  holding: `Groupe E2E ${lang.toUpperCase()} ${stamp}`,
  admin: { email: `sa-admin-${lang}-${stamp}@example.test`, firstname: 'Paula', lastname: 'Portail' },
});

test.describe.configure({ mode: 'serial' });

/** The new portal's detail page, set by the creation test. */
let detailPath = '';

/** Fills the create form's portal and administrator fields. */
async function fillCreateForm(page: Page, run: Run, domain: string) {
  const form = page.getByTestId(SA_IDS.createForm);
  await expect(form).toBeVisible();
  await form.getByLabel(run.t.name).fill(run.name);
  await form.getByLabel(run.t.domain).fill(domain);
  await form.getByLabel(run.t.email).fill(run.admin.email);
  await form.getByLabel(run.t.firstname).fill(run.admin.firstname);
  await form.getByRole('textbox', { name: run.t.lastname }).fill(run.admin.lastname);
  return form;
}

test('lists the portals from the super admin home', async ({ page }, testInfo) => {
  const run = runOf(langOf(testInfo));
  await signInWithApi(page, ACCOUNTS.superadmin.email);
  await page.goto('/sa');
  await expect(page.getByTestId(SA_IDS.home)).toBeVisible();
  await page.getByTestId(SA_IDS.homeFirms).click();
  await expect(page).toHaveURL(/\/sa\/accounting-firms$/);
  await expect(page.getByRole('heading', { level: 1, name: run.t.portals })).toBeVisible();
  const grid = page.getByTestId(SA_IDS.firmsGrid);
  await expect(grid.getByRole('row').filter({ hasText: 'Cabinet Démo' })).toContainText('localhost');
  await page.getByTestId(SA_IDS.search).fill('Nord');
  await expect(grid.getByRole('row').filter({ hasText: 'Cabinet Nord' })).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Cabinet Démo' })).toBeHidden();
});

test('refuses a domain that another portal uses', async ({ page }, testInfo) => {
  const run = runOf(langOf(testInfo));
  await signInWithApi(page, ACCOUNTS.superadmin.email);
  await page.goto('/sa/accounting-firms/create');
  const form = await fillCreateForm(page, run, 'localhost');
  await form.getByRole('button', { name: run.t.create }).click();
  // On the field (the snackbar, outside the form, says it too); nothing was created.
  await expect(form.getByText(run.t.domainTaken)).toBeVisible();
  await expect(page).toHaveURL(/\/sa\/accounting-firms\/create$/);
  await expect(form.getByLabel(run.t.domain)).toHaveAttribute('aria-invalid', 'true');
});

test('creates a portal with a new holding and invites its administrator', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const run = runOf(langOf(testInfo));
  await signInWithApi(page, ACCOUNTS.superadmin.email);
  await page.goto('/sa/accounting-firms');
  await page.getByTestId(SA_IDS.newFirm).click();
  await expect(page).toHaveURL(/\/sa\/accounting-firms\/create$/);
  const form = await fillCreateForm(page, run, run.domain);
  await form.getByRole('radio', { name: run.t.newHolding }).check();
  await form.getByLabel(run.t.holdingName).fill(run.holding);
  // Every module is offered and checked by default.
  const modules = form.getByTestId(SA_IDS.modules).getByRole('checkbox');
  expect(await modules.count()).toBeGreaterThan(0);
  for (const box of await modules.all()) await expect(box).toBeChecked();

  const since = Date.now() - 1_000;
  await form.getByRole('button', { name: run.t.create }).click();
  await expect(page).toHaveURL(/\/sa\/accounting-firms\/\d+$/);
  detailPath = new URL(page.url()).pathname;
  await expect(page.getByText(run.t.created(run.admin.email))).toBeVisible();
  await expect(page.getByTestId(SA_IDS.detailTitle)).toHaveText(run.name);
  await expect(page.getByTestId(SA_IDS.status)).toHaveText(run.t.active);
  await expect(page.getByTestId(`${SA_IDS.counts}-holding`)).toContainText(run.holding);
  await expect(page.getByTestId(`${SA_IDS.counts}-members`)).toContainText('1');
  await expect(page.getByTestId(`${SA_IDS.counts}-vendors`)).toContainText('0');

  await page.goto('/sa/accounting-firms');
  await page.getByTestId(SA_IDS.search).fill(run.domain);
  const row = page.getByTestId(SA_IDS.firmsGrid).getByRole('row').filter({ hasText: run.name });
  await expect(row).toContainText(run.holding);
  await row.getByText(run.name).click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));

  // The administrator's invitation: create a password (accepting the terms) and sign in.
  const { context, page: invited } = await acceptInvitation(browser, run.lang, run.admin.email, since);
  await expect(invited).toHaveURL(/\/home/);
  await expect(invited.getByText(run.t.homeFirm(run.name))).toBeVisible();
  await context.close();
});

test('deactivates the portal after its name is typed, then restores it', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const run = runOf(langOf(testInfo));
  expect(detailPath, 'the portal created by the previous test').not.toBe('');
  await signInWithApi(page, ACCOUNTS.superadmin.email);
  await page.goto(detailPath);
  await expect(page.getByTestId(SA_IDS.detailTitle)).toHaveText(run.name);
  await page.getByTestId(SA_IDS.deactivate).click();
  const dialog = page.getByTestId(SA_IDS.deactivateDialog);
  const confirm = dialog.getByTestId(SA_IDS.deactivateConfirm);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(run.t.confirmLabel).fill(run.name.toLowerCase());
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(run.t.confirmLabel).fill(run.name);
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(run.t.deactivatedDone(run.name))).toBeVisible();
  await expect(page.getByTestId(SA_IDS.status)).toHaveText(run.t.deactivated);

  // Hidden from the list unless the deactivated ones are shown.
  await page.goto('/sa/accounting-firms');
  await page.getByTestId(SA_IDS.search).fill(run.domain);
  await expect(page.getByTestId(SA_IDS.firmsEmpty)).toBeVisible();
  await page.getByLabel(run.t.showDeactivated).check();
  const row = page.getByTestId(SA_IDS.firmsGrid).getByRole('row').filter({ hasText: run.name });
  await expect(row).toContainText(run.t.deactivated);
  await row.getByText(run.name).click();

  await page.getByTestId(SA_IDS.restore).click();
  await expect(page.getByTestId(SA_IDS.status)).toHaveText(run.t.active);
  await expect(page.getByTestId(SA_IDS.deactivate)).toBeVisible();
});

test('is closed to anyone but the super admin', async ({ page }) => {
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/sa/accounting-firms');
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByTestId(SA_IDS.firms)).toHaveCount(0);
  const response = await page.request.get('/api/sa/accounting-firms', {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  // Refused: the server answers as if the platform's resources did not exist (403 or 404).
  expect([403, 404]).toContain(response.status());
});
