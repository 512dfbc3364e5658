import { expect, type Page, test } from '@playwright/test';
import { TEAM_IDS } from '../../src/features/team/test-ids';
import { ACCOUNTS, type Lang, langOf, signInWithApi } from '../support/helpers';

/** The texts this spec looks for, written out (not read from the catalogues). */
const TEXT = {
  fr: {
    teamTitle: "Gestion d'équipe",
    email: 'Adresse e-mail',
    firstname: 'Prénom',
    lastname: 'Nom',
    add: 'Ajouter',
    twoFiles: '2 dossiers',
    readOnlyOf: (company: string) => `Lecture seule sur ${company}`,
    filesSaved: 'Dossiers accessibles enregistrés.',
    removed: (name: string) => `L'accès de ${name} a été supprimé.`,
    groupAdmin: 'Administrateur du groupe',
    selfRights: 'Vous ne pouvez pas modifier vos propres droits',
    companyTabs: ['Général', 'Adresses', 'Banques', 'Exercices', 'Utilisateurs', 'Thèmes'],
    contactPhone: 'Téléphone de contact',
    save: 'Enregistrer',
    saved: 'Modifications enregistrées.',
    addBank: 'Ajouter un compte',
    banks: 'Banques',
  },
  en: {
    teamTitle: 'Team manager',
    email: 'Email address',
    firstname: 'First name',
    lastname: 'Last name',
    add: 'Add',
    twoFiles: '2 client files',
    readOnlyOf: (company: string) => `Read-only on ${company}`,
    filesSaved: 'Accessible client files saved.',
    removed: (name: string) => `${name}'s access has been removed.`,
    groupAdmin: 'Group admin',
    selfRights: 'You cannot change your own rights',
    companyTabs: ['General', 'Addresses', 'Banks', 'Financial years', 'Users', 'Themes'],
    contactPhone: 'Contact phone',
    save: 'Save',
    saved: 'Changes saved.',
    addBank: 'Add an account',
    banks: 'Banks',
  },
} as const;

/** Picks a client file in the searchable picker. */
async function pickFile(page: Page, company: string) {
  const picker = page.getByTestId(TEAM_IDS.vendorPicker);
  await picker.fill(company.split(' ')[0] ?? company);
  await page.getByRole('option', { name: new RegExp(company) }).click();
}

async function openTeamManager(page: Page, lang: Lang) {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  await expect(page.getByRole('heading', { name: TEXT[lang].teamTitle })).toBeVisible();
}

test('an administrator adds a collaborator, changes a file to read-only and withdraws the invitation', async ({
  page,
}, testInfo) => {
  // Many steps on a shared server with parallel projects: more than the default 30 s.
  test.setTimeout(60_000);
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  // Both projects run at once against one server: one collaborator each.
  const email = `team-${lang}-${Date.now()}@demo.test`;
  const lastname = `Equipe${lang.toUpperCase()}`;
  const name = `Tess ${lastname}`;
  await signInWithApi(page, ACCOUNTS.expert.email);
  await openTeamManager(page, lang);

  await page.getByTestId(TEAM_IDS.add).click();
  const dialog = page.getByTestId(TEAM_IDS.addDialog);
  await dialog.getByLabel(t.email).fill(email);
  await dialog.getByLabel(t.firstname).fill('Tess');
  await dialog.getByLabel(new RegExp(`^${t.lastname}`)).fill(lastname);
  await pickFile(page, 'Garage Dupont');
  await pickFile(page, 'Fleurs et Compagnie');
  await expect(dialog.getByTestId(TEAM_IDS.assignmentItem)).toHaveCount(2);
  await dialog.getByRole('button', { name: t.add, exact: true }).click();
  await expect(dialog).toBeHidden();

  // The matrix shows the new collaborator with two client files.
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText(name);
  await expect(row).toContainText(t.twoFiles);
  await row.click();

  await expect(page).toHaveURL(/\/team-manager\/users\/\d+$/);
  await expect(page.getByTestId(TEAM_IDS.detailTitle)).toHaveText(name);
  // Invited, not in yet; the group admin flag is a holding administrator's to give.
  await expect(page.getByTestId(TEAM_IDS.pendingNote)).toBeVisible();
  await expect(page.getByRole('switch', { name: t.groupAdmin })).toBeDisabled();
  const readOnly = page.getByRole('switch', { name: t.readOnlyOf('Fleurs et Compagnie') });
  await expect(readOnly).not.toBeChecked();
  await readOnly.check();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/assignments') && r.request().method() === 'PUT' && r.status() === 200,
  );
  await page.getByTestId(TEAM_IDS.assignmentsSave).click();
  const body = (await (await saved).json()).data as {
    assignments: { company: string; read_only: boolean }[];
  };
  expect(body.assignments.map((a) => [a.company, a.read_only]).sort()).toEqual([
    ['Fleurs et Compagnie', true],
    ['Garage Dupont', false],
  ]);
  await expect(page.getByText(t.filesSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: t.readOnlyOf('Fleurs et Compagnie') })).toBeChecked();
  await expect(page.getByRole('switch', { name: t.readOnlyOf('Garage Dupont') })).not.toBeChecked();

  // Removal: the invitation is withdrawn (the account nobody used goes with it, unasked).
  await page.getByTestId(TEAM_IDS.remove).click();
  const removeDialog = page.getByTestId(TEAM_IDS.removeDialog);
  await expect(removeDialog.getByTestId(TEAM_IDS.deleteAccount)).toHaveCount(0);
  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.status() === 200);
  await removeDialog.getByTestId(TEAM_IDS.removeConfirm).click();
  expect((await (await removed).json()).data).toEqual({
    removed: true,
    last_access: false,
    user_deleted: false,
  });
  await expect(page.getByText(t.removed(name))).toBeVisible();
  await expect(page).toHaveURL(/\/team-manager\/users$/);
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /collab@demo\.test/ })).toBeVisible();
});

test('an administrator sees their own rights without changing them', async ({ page }, testInfo) => {
  const t = TEXT[langOf(testInfo)];
  await signInWithApi(page, ACCOUNTS.expert.email);
  await openTeamManager(page, langOf(testInfo));
  await page.getByRole('row', { name: /expert@demo\.test/ }).click();
  await expect(page.getByTestId(TEAM_IDS.detailTitle)).toHaveText(ACCOUNTS.expert.fullname);
  await expect(page.getByText(t.selfRights)).toBeVisible();
  await expect(page.getByRole('switch', { name: t.groupAdmin })).toBeDisabled();
  await expect(page.getByTestId(TEAM_IDS.rightsSave)).toHaveCount(0);
  await expect(page.getByTestId(TEAM_IDS.remove)).toBeDisabled();
});

test('a collaborator reads the team manager without write actions', async ({ page }, testInfo) => {
  const lang = langOf(testInfo);
  await signInWithApi(page, ACCOUNTS.collab.email);
  await openTeamManager(page, lang);
  await expect(page.getByRole('row', { name: /expert@demo\.test/ })).toBeVisible();
  await expect(page.getByTestId(TEAM_IDS.add)).toHaveCount(0);

  await page.getByRole('row', { name: /collab@demo\.test/ }).click();
  await expect(page.getByTestId(TEAM_IDS.detailTitle)).toHaveText(ACCOUNTS.collab.fullname);
  await expect(page.getByTestId(TEAM_IDS.assignmentItem)).toHaveCount(2);
  await expect(page.getByTestId(TEAM_IDS.vendorPicker)).toHaveCount(0);
  await expect(page.getByTestId(TEAM_IDS.assignmentsSave)).toHaveCount(0);
  await expect(page.getByTestId(TEAM_IDS.rightsSave)).toHaveCount(0);
  await expect(page.getByTestId(TEAM_IDS.remove)).toHaveCount(0);
});

test('a client user edits the general tab of the company settings', async ({ page }, testInfo) => {
  const t = TEXT[langOf(testInfo)];
  await signInWithApi(page, ACCOUNTS.client.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/general$/);
  const tabs = page.getByTestId('company-settings-tabs');
  for (const name of t.companyTabs) await expect(tabs.getByRole('tab', { name, exact: true })).toBeVisible();

  const form = page.getByTestId('client-file-general');
  const phone = `01 23 45 67 ${langOf(testInfo) === 'fr' ? '01' : '02'}`;
  await form.getByLabel(t.contactPhone).fill(phone);
  const saved = page.waitForResponse(
    (r) => /\/api\/vendors\/\d+$/.test(r.url()) && r.request().method() === 'PATCH',
  );
  await form.getByRole('button', { name: t.save }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect((await response.json()).data.contact_phone).toBe(phone);
  await expect(page.getByText(t.saved)).toBeVisible();
});

test('a guest sees the company settings without edit buttons', async ({ page }, testInfo) => {
  const t = TEXT[langOf(testInfo)];
  await signInWithApi(page, ACCOUNTS.guest.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/general$/);
  const form = page.getByTestId('client-file-general');
  await expect(form.getByLabel(t.contactPhone)).toBeDisabled();
  await expect(form.getByRole('button')).toHaveCount(0);

  await page.getByTestId('company-settings-tabs').getByRole('tab', { name: t.banks }).click();
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/banks$/);
  await expect(page.getByTestId('client-file-banks')).toBeVisible();
  await expect(page.getByRole('button', { name: t.addBank })).toHaveCount(0);
});
