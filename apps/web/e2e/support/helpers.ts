import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { TEST_IDS } from '../../src/components/test-ids';

export { TEST_IDS };

export const PASSWORD = 'Demo-portal-2026';

export type Account = {
  email: string;
  fullname: string;
  /** The firms listed to the user (a selector is shown from two). */
  firms: string[];
  /** The company selected on home, null when the user has none. */
  company: string | null;
};

/** The demo seed (apps/server, SEED_DEMO). */
export const ACCOUNTS = {
  superadmin: {
    email: 'superadmin@demo.test',
    fullname: 'Sam Super',
    firms: ['Cabinet Démo', 'Cabinet Nord'],
    company: null,
  },
  expert: {
    email: 'expert@demo.test',
    fullname: 'Émilie Expert',
    firms: ['Cabinet Démo', 'Cabinet Nord'],
    company: 'Boulangerie Martin',
  },
  collab: {
    email: 'collab@demo.test',
    fullname: 'Claude Collab',
    firms: ['Cabinet Démo'],
    company: 'Boulangerie Martin',
  },
  client: {
    email: 'client@demo.test',
    fullname: 'Marie Martin',
    firms: ['Cabinet Démo'],
    company: 'Boulangerie Martin',
  },
  guest: {
    email: 'guest@demo.test',
    fullname: 'Gaston Invité',
    firms: ['Cabinet Démo'],
    company: 'Boulangerie Martin',
  },
} satisfies Record<string, Account>;

export type Lang = 'fr' | 'en';

/** The texts the specs look for, written out (not read from the catalogues, which they check). */
export const TEXT = {
  fr: {
    signInTitle: 'Connexion',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    greeting: (name: string) => `Bonjour ${name}`,
    invalidCredentials: 'Combinaison e-mail / mot de passe invalide.',
    firm: 'Cabinet',
    company: 'Société',
    profile: 'Mon profil',
    darkMode: 'Mode sombre',
    signOut: 'Se déconnecter',
    home: 'Accueil',
    resetTitle: 'Mot de passe oublié',
    resetSubmit: 'Envoyer le lien',
    newPassword: 'Nouveau mot de passe',
    confirmation: 'Confirmation du mot de passe',
    createTitle: 'Création du mot de passe',
    terms: "J'accepte les",
    createSubmit: 'Créer mon mot de passe',
    changePassword: 'Changer le mot de passe',
    passwordChanged: 'Votre mot de passe a été changé. Vous pouvez vous connecter.',
    menu: 'Ouvrir le menu',
    tooWeak:
      'Mot de passe trop facile à deviner (courant, déjà divulgué ou trop simple) : choisissez-en un plus long ou moins prévisible.',
    personalInfo: 'Le mot de passe ne doit pas reprendre votre adresse e-mail ni vos nom et prénom.',
    currentPassword: 'Mot de passe actuel',
    currentPasswordInvalid: 'Mot de passe actuel incorrect.',
    profilePasswordDone: 'Mot de passe changé : reconnectez-vous.',
  },
  en: {
    signInTitle: 'Sign in',
    email: 'Email address',
    password: 'Password',
    greeting: (name: string) => `Hello ${name}`,
    invalidCredentials: 'Invalid email/password combination.',
    firm: 'Firm',
    company: 'Company',
    profile: 'My profile',
    darkMode: 'Dark mode',
    signOut: 'Sign out',
    home: 'Home',
    resetTitle: 'Forgotten password',
    resetSubmit: 'Send the link',
    newPassword: 'New password',
    confirmation: 'Password confirmation',
    createTitle: 'Create your password',
    terms: 'I accept the',
    createSubmit: 'Create my password',
    changePassword: 'Change the password',
    passwordChanged: 'Your password has been changed. You can sign in.',
    menu: 'Open the menu',
    tooWeak:
      'This password is too easy to guess (common, already leaked or too simple): choose a longer or less predictable one.',
    personalInfo: 'The password must not reuse your email address or your name.',
    currentPassword: 'Current password',
    currentPasswordInvalid: 'The current password is incorrect.',
    profilePasswordDone: 'Password changed: please sign in again.',
  },
} as const;

/** The language of the running project (chromium-fr, chromium-en). */
export const langOf = (testInfo: TestInfo): Lang =>
  testInfo.project.use.locale?.startsWith('en') ? 'en' : 'fr';

export const textsOf = (testInfo: TestInfo) => TEXT[langOf(testInfo)];

/** Signs in through the form (the browser must be on /signin). */
export async function signInWithForm(page: Page, lang: Lang, email: string, password = PASSWORD) {
  const t = TEXT[lang];
  await expect(page.getByRole('heading', { name: t.signInTitle })).toBeVisible();
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByTestId(TEST_IDS.signInSubmit).click();
}

/** Signs in through the API and stores the tokens as the app does (apps/web/src/api/tokens.ts). */
export async function signInWithApi(page: Page, email: string, password = PASSWORD) {
  const tokens = await apiLogin(page.request, email, password);
  await page.addInitScript(
    ([token, refresh]) => {
      // Only once: a later sign-out must not be undone by the next navigation.
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('refresh_token', refresh);
    },
    [tokens.access_token, tokens.refresh_token] as const,
  );
  return tokens;
}

export async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/login', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return (await response.json()).data as { access_token: string; refresh_token: string };
}

/** PATCH /api/users/me with a bearer token (restores what a spec changed). */
export async function patchMe(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const response = await request.patch('/api/users/me', {
    data: body,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}

/** The computed background colour of the body. */
export const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The data directory of the server started by playwright.config.ts. */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through apps/web/e2e/playwright.config.ts');
  return dir;
}

/**
 * The newest mail of the outbox sent to `to` after `since` (ms), decoded; waits for it. With
 * `containing`, only a mail whose text holds it (another project may mail the same person).
 */
export async function newestMailTo(to: string, since: number, containing?: string): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  let found: string | null = null;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return null;
        const mails = fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => path.join(outbox, f))
          .map((file) => ({ file, mtime: fs.statSync(file).mtimeMs }))
          .filter((m) => m.mtime >= since)
          .sort((a, b) => b.mtime - a.mtime)
          .map((m) => decodeMail(fs.readFileSync(m.file, 'utf8')))
          .filter((text) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'im').test(text))
          .filter((text) => containing === undefined || text.includes(containing));
        found = mails[0] ?? null;
        return found !== null;
      },
      { message: `a mail to ${to} in ${outbox}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as unknown as string;
}

/**
 * Follows the create-password link of the newest invitation mailed to `email` since `since` in a
 * new browser context: creates the password, accepting the terms, and signs in. The caller closes
 * the returned context.
 */
export async function acceptInvitation(browser: Browser, lang: Lang, email: string, since: number) {
  const t = TEXT[lang];
  const mail = await newestMailTo(email, since);
  const link = /https?:\/\/[^\s"<>]+?\/create-password\/[A-Za-z0-9._~-]+/.exec(mail)?.[0];
  expect(link, 'create-password link in the mail').toBeTruthy();
  const context = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const page = await context.newPage();
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('heading', { name: t.createTitle })).toBeVisible();
  // A common password is refused by the form itself, before anything is sent.
  const sent = watchRequests(page, 'POST', '/api/passwords');
  await page.getByLabel(t.password, { exact: true }).fill('azerty123');
  await page.getByLabel(t.confirmation).fill('azerty123');
  await page.getByRole('checkbox', { name: t.terms }).check();
  await page.getByRole('button', { name: t.createSubmit }).click();
  await expect(page.getByText(t.tooWeak)).toBeVisible();
  expect(sent()).toBe(0);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.confirmation).fill(PASSWORD);
  await page.getByRole('button', { name: t.createSubmit }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signInWithForm(page, lang, email);
  return { context, page };
}

/** Counts the requests `method url` the page sends from now on (read with the returned function). */
export function watchRequests(page: Page, method: string, url: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === url) count += 1;
  });
  return () => count;
}

/** Undoes quoted-printable soft breaks and escapes (enough to read the links of a mail). */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Invites a new person to a firm's team through the API (as the bearer of `token`), then creates
 * their password from the mailed link, as they would: the demo accounts stay untouched.
 */
export async function newTeamMember(
  request: APIRequestContext,
  token: string,
  firmId: number,
  person: { email: string; firstname: string; lastname: string; role: 'admin' | 'collaborator' },
) {
  const since = Date.now() - 1000;
  const invited = await request.post(`/api/accounting-firms/${firmId}/members`, {
    headers: { Authorization: `Bearer ${token}` },
    data: person,
  });
  expect(invited.status()).toBe(201);
  await createPasswordFromMail(request, person.email, since);
  return (await invited.json()).data as { user_id: number };
}

/** Creates the password of an invited account from the newest create-password mail. */
export async function createPasswordFromMail(request: APIRequestContext, email: string, since: number) {
  const mail = await newestMailTo(email, since);
  const token = /\/create-password\/([A-Za-z0-9._~-]+)/.exec(mail)?.[1];
  expect(token, 'create-password link').toBeTruthy();
  const created = await request.post('/api/passwords', {
    data: { token, password: PASSWORD, password_confirmation: PASSWORD, cgu: true },
  });
  expect(created.status()).toBe(200);
}

/** The id of a firm the bearer of `token` belongs to, by name. */
export async function firmIdOf(request: APIRequestContext, token: string, name: string): Promise<number> {
  const response = await request.get('/api/users/me/accounting-firms', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const firms = (await response.json()).data as { id: number; name: string }[];
  const firm = firms.find((f) => f.name === name);
  expect(firm, `firm ${name}`).toBeTruthy();
  return firm!.id;
}
