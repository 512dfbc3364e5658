/// <reference path="../../../server/test/oidc-provider.d.ts" />
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { startOidcProvider } from '../../../server/test/oidc-test-provider';
import { ACCOUNTS, langOf, PASSWORD, signInWithApi, TEST_IDS } from '../support/helpers';

/**
 * Single sign-on through a real OpenID Connect provider (oidc-provider) that the spec starts. The
 * provider speaks http://, which openid-client accepts only with SSO_ALLOW_INSECURE_ISSUERS, refused
 * in production mode: so the spec runs its own server (development mode, its own data folder, the
 * next port) rather than changing the shared one. French project only (one server, one provider).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const BASE = `http://localhost:${PORT}`;

let server: ChildProcess | undefined;
let idp: Awaited<ReturnType<typeof startOidcProvider>> | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures from a destructuring pattern.
test.beforeAll(async ({}, testInfo) => {
  if (langOf(testInfo) !== 'fr') return;
  test.setTimeout(120_000);
  idp = await startOidcProvider({
    clientId: 'portal-e2e',
    clientSecret: 'e2e client secret',
    redirectUri: `${BASE}/api/oauth/callback`,
  });
  idp.accounts.set('client', { email: ACCOUNTS.client.email, email_verified: true });
  idp.accounts.set('stranger', { email: 'stranger@example.com', email_verified: true });
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-sso-')),
      PUBLIC_URL: BASE,
      NODE_ENV: 'development',
      SSO_ALLOW_INSECURE_ISSUERS: 'true',
      LOG_LEVEL: 'warn',
      BACKUP_HOURS: '0',
    },
  });
  for (let waited = 0; ; waited += 250) {
    const up = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (waited > 90_000) throw new Error('the SSO test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  server?.kill();
  await idp?.close();
});

test('a firm administrator adds a provider, a client user signs in with it, a stranger is refused', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(langOf(testInfo) !== 'fr', 'one provider and one server, in the French project');
  test.setTimeout(90_000);
  const provider = idp!;

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/[0-9a-f]+\/team-manager\/users$/);
  await page.getByTestId('settings-menu').getByRole('link', { name: 'Personnalisation' }).click();
  const panel = page.getByTestId('sso-providers');
  await expect(panel.getByRole('heading', { name: 'Connexion unique (OpenID Connect)' })).toBeVisible();
  await expect(panel).toContainText(`${BASE}/api/oauth/callback`);
  await panel.getByRole('button', { name: 'Ajouter un fournisseur' }).click();
  const dialog = page.getByTestId('sso-provider-dialog');
  await dialog.getByTestId('sso-field-name').fill('TestID');
  await dialog.getByTestId('sso-field-button_label').fill('Test ID');
  await dialog.getByTestId('sso-field-issuer').fill(provider.issuer);
  await dialog.getByTestId('sso-field-client_id').fill('portal-e2e');
  await dialog.getByTestId('sso-field-client_secret').fill('e2e client secret');
  await dialog.getByTestId('sso-save').click();
  await expect(page.getByText('Fournisseur enregistré.')).toBeVisible();
  await expect(panel.getByTestId('sso-provider')).toHaveText(/TestID — Test ID/);
  // The secret is write-only: editing shows it empty.
  await panel.getByRole('button', { name: 'Modifier TestID' }).click();
  await expect(dialog.getByTestId('sso-field-client_secret')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  // A client user, in a browser of their own, signs in with the button.
  const client = await browser.newContext({ baseURL: BASE, locale: 'fr-FR' });
  const clientPage = await client.newPage();
  provider.settings.signInAs = 'client';
  await clientPage.goto('/signin');
  await clientPage.getByTestId(TEST_IDS.ssoButton).filter({ hasText: 'Se connecter avec Test ID' }).click();
  await expect(clientPage).toHaveURL(/\/home\/[0-9a-z]+$/);
  await expect(clientPage.getByTestId(TEST_IDS.homeGreeting)).toHaveText(
    `Bonjour ${ACCOUNTS.client.fullname}`,
  );
  await client.close();

  // `?sso=NAME` goes straight to the provider; a person the firm does not have is refused.
  const stranger = await browser.newContext({ baseURL: BASE, locale: 'fr-FR' });
  const strangerPage = await stranger.newPage();
  provider.settings.signInAs = 'stranger';
  await strangerPage.goto('/signin?sso=testid');
  await expect(strangerPage).toHaveURL(/\/sso-error\/TestID\?reason=not-added$/);
  await expect(strangerPage.getByTestId('sso-error')).toContainText(
    'Utilisateur SSO non ajouté par le cabinet',
  );
  await stranger.close();
});

test('a person with TOTP on gives it after SSO, unless the portal marks its provider; the session is bound', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(langOf(testInfo) !== 'fr', 'one provider and one server, in the French project');
  test.setTimeout(90_000);
  const provider = idp!;
  provider.accounts.set('collab', { email: ACCOUNTS.collab.email, email_verified: true });

  // The collaborator turns TOTP on with their password (this spec's own server and database).
  const login = await request.post(`${BASE}/api/login`, {
    data: { email: ACCOUNTS.collab.email, password: PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).data.access_token}` };
  const started = await request.post(`${BASE}/api/users/me/totp`, { headers });
  const secret = (await started.json()).data.secret as string;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const confirmed = await request.post(`${BASE}/api/users/me/totp/confirm`, { headers, data: { code } });
  expect(confirmed.status()).toBe(200);
  const recovery = (await confirmed.json()).data.recovery_codes as string[];

  const viaSso = async () => {
    const context = await browser.newContext({ baseURL: BASE, locale: 'fr-FR' });
    const collabPage = await context.newPage();
    provider.settings.signInAs = 'collab';
    await collabPage.goto('/signin');
    await collabPage.getByTestId(TEST_IDS.ssoButton).filter({ hasText: 'Se connecter avec Test ID' }).click();
    return { context, collabPage };
  };

  // The TOTP step, after the provider (a recovery code here: the enrolment's code is spent).
  const first = await viaSso();
  const step = first.collabPage.getByTestId('mfa-step');
  await expect(step).toBeVisible();
  await first.collabPage.getByTestId('mfa-toggle-recovery').click();
  await step.getByRole('textbox').fill(recovery[0]!);
  await first.collabPage.getByTestId('mfa-submit').click();
  await expect(first.collabPage).toHaveURL(/\/home\/[0-9a-z]+$/);
  // The session reaches this portal only: the account's security is not on offer.
  await first.collabPage.goto('/profile/password');
  await expect(first.collabPage.getByTestId('bound-session-notice')).toContainText('connexion unique');
  await first.context.close();

  // The portal's administrator marks the provider as carrying the second factor: no TOTP step.
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto('/settings');
  await page.getByTestId('settings-menu').getByRole('link', { name: 'Personnalisation' }).click();
  const panel = page.getByTestId('sso-providers');
  await panel.getByRole('button', { name: 'Modifier TestID' }).click();
  const dialog = page.getByTestId('sso-provider-dialog');
  await dialog.getByLabel('Le fournisseur demande un second facteur').check();
  await dialog.getByTestId('sso-save').click();
  await expect(panel.getByTestId('sso-provider')).toContainText('second facteur par le fournisseur');
  const second = await viaSso();
  await expect(second.collabPage).toHaveURL(/\/home\/[0-9a-z]+$/);
  await second.context.close();
});
