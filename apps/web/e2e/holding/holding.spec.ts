import { expect, test } from '@playwright/test';
import { HOLDING_IDS } from '../../src/features/holding/test-ids';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

/**
 * Issue 32, part 1: the demo's group admin (firm administrator of both portals of "Groupe Démo")
 * opens the holding area from the navigation, reads both portals on the dashboard, finds a client
 * file of the other portal in Customers and opens it there, then reads the team, where their own
 * access cannot be changed.
 */
const TEXT = {
  fr: {
    nav: 'Administration du groupe',
    customers: 'Clients',
    team: 'Équipe',
    search: 'Rechercher (nom, code client, SIREN/SIRET)',
    ownAccess: 'Vous ne pouvez pas modifier vos propres accès.',
    holdingAdminAccess: 'Accès administrateur du groupe',
    workspaceName: "Nom de l'espace",
    cancel: 'Annuler',
  },
  en: {
    nav: 'Group administration',
    customers: 'Customers',
    team: 'Team',
    search: 'Search (name, client code, SIREN/SIRET)',
    ownAccess: 'You cannot change your own access.',
    holdingAdminAccess: 'Group administrator access',
    workspaceName: 'Workspace name',
    cancel: 'Cancel',
  },
};

test('the group admin reads the dashboard, finds a client file in customers and opens the team', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const text = TEXT[langOf(testInfo)];
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/home');
  await page.getByRole('navigation').getByRole('link', { name: text.nav }).click();
  await expect(page).toHaveURL(/\/holding/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Groupe Démo');

  const dashboard = page.getByTestId(HOLDING_IDS.dashboard);
  await expect(dashboard.getByText('Cabinet Démo', { exact: true })).toBeVisible();
  await expect(dashboard.getByText('Cabinet Nord', { exact: true })).toBeVisible();

  await page.getByTestId(HOLDING_IDS.tab('customers')).click();
  await expect(page).toHaveURL(/\/holding\/customers/);
  const customers = page.getByTestId(HOLDING_IDS.customers);
  await expect(customers.getByText('Boulangerie Martin')).toBeVisible();
  await page.getByLabel(text.search).fill('TRN01');
  const row = customers.getByRole('button', { name: /Transports du Nord/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Cabinet Nord');
  await expect(customers.getByText('Boulangerie Martin')).toHaveCount(0);
  await row.click();
  await expect(page).toHaveURL(/\/customer\/[^/]+\/general/);
  await expect(page.getByText('Transports du Nord').first()).toBeVisible();

  await page.goto('/holding/workspaces');
  await page
    .getByTestId(HOLDING_IDS.workspaces)
    .getByRole('button', { name: /Cabinet Nord/ })
    .click();
  const form = page.getByTestId(HOLDING_IDS.workspaceForm);
  await expect(form.getByLabel(text.workspaceName)).toHaveValue('Cabinet Nord');
  await page.getByRole('button', { name: text.cancel }).click();
  await expect(form).toHaveCount(0);

  await page.goto('/holding/team');
  const team = page.getByTestId(HOLDING_IDS.team);
  await expect(team.getByText(ACCOUNTS.collab.fullname)).toBeVisible();
  await team.getByRole('button', { name: new RegExp(ACCOUNTS.expert.fullname) }).click();
  await expect(page).toHaveURL(/\/holding\/team\/users\/\d+/);
  const person = page.getByTestId(HOLDING_IDS.person);
  await expect(person.getByText(ACCOUNTS.expert.email)).toBeVisible();
  await expect(person.getByText(text.ownAccess)).toBeVisible();
  await expect(person.getByLabel(text.holdingAdminAccess)).toBeDisabled();
  await expect(person.getByText('Cabinet Nord')).toBeVisible();
});
