import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi, TEST_IDS, TEXT } from '../support/helpers';

/** Written out: the entries a person may see, and those of modules not built yet. */
const NAV = {
  fr: {
    label: 'Navigation principale',
    client: ['Accueil', 'Documents', "Demandes d'informations", 'Dépôts rapides', 'Paramètres'],
    unbuilt: ['Demandes de prestations', 'Visioconférence'],
    firmSections: [
      "Gestion d'équipe",
      'Personnalisation',
      'Administration du groupe',
      'Gestion du groupe',
      'Offres et catalogue',
      'Dépôts rapides',
      "Conditions d'utilisation",
      'Sécurité de connexion',
      'Stockage et conservation',
      'Signature électronique',
      "Journal d'activité",
    ],
    saSections: ['Portails', 'Modules', 'Fonctionnalités', 'Enquête de satisfaction', 'Produits'],
  },
  en: {
    label: 'Main navigation',
    client: ['Home', 'Documents', 'Information requests', 'Quick drops', 'Settings'],
    unbuilt: ['Service requests', 'Video conference'],
    firmSections: [
      'Team manager',
      'Customisation',
      'Group administration',
      'Group management',
      'Offers and catalogue',
      'Quick-drop folders',
      'Terms of use',
      'Sign-in security',
      'Storage and retention',
      'Electronic signature',
      'Activity log',
    ],
    saSections: ['Portals', 'Modules', 'Features', 'Satisfaction survey', 'Products'],
  },
} as const;

test("a client's navigation offers only what is built", async ({ page }, testInfo) => {
  const lang = langOf(testInfo);
  const t = NAV[lang];
  await signInWithApi(page, ACCOUNTS.client.email);
  await page.goto('/home');
  await expect(page.getByTestId(TEST_IDS.homeGreeting)).toHaveText(
    TEXT[lang].greeting(ACCOUNTS.client.fullname),
  );
  const nav = page.getByRole('navigation', { name: t.label }).last();
  // An entry may carry a badge after its name (open tasks, unread documents).
  await expect(nav.getByRole('link')).toHaveText(t.client.map((name) => new RegExp(`^${name}`)));
  for (const name of t.unbuilt) await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test("a firm's settings list only the built sections", async ({ page }, testInfo) => {
  const t = NAV[langOf(testInfo)];
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/settings');
  await expect(page.getByTestId('settings-menu').getByRole('link')).toHaveText([...t.firmSections]);
});

test("the super admin's home lists only the built sections", async ({ page }, testInfo) => {
  const t = NAV[langOf(testInfo)];
  await signInWithApi(page, ACCOUNTS.superadmin.email);
  await page.goto('/sa');
  const home = page.getByTestId('sa-home');
  await expect(home.getByRole('heading', { level: 2 })).toHaveText([...t.saSections]);
  await expect(home.getByRole('link')).toHaveCount(t.saSections.length);
});
