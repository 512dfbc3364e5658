import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  ACCOUNTS,
  apiLogin,
  createPasswordFromMail,
  langOf,
  newestMailTo,
  newTeamMember,
  signInWithForm,
  TEST_IDS,
  TEXT,
} from '../support/helpers';

/** The code of the current step, as the person's authenticator app shows it. */
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

const TEXTS = {
  fr: {
    enrolTitle: 'Activez la double authentification',
    passwordFirst:
      "Votre compte doit activer la double authentification : connectez-vous avec votre mot de passe pour l'activer.",
  },
  en: {
    enrolTitle: 'Turn on two-factor authentication',
    passwordFirst:
      'Your account must turn on two-factor authentication: sign in with your password to turn it on.',
  },
};

/**
 * A portal of its own (the demo portals keep two-factor optional): created by the super admin,
 * its administrator adds a collaborator, then requires a second factor of every member of the
 * team. The collaborator, who has none, is taken to enrolment right after the password.
 */
test('a portal that requires two-factor for its team takes a collaborator to enrolment after the password', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const lang = langOf(testInfo);
  const run = `${lang}-${Date.now()}`;
  const request = page.request;
  const root = await apiLogin(request, ACCOUNTS.superadmin.email);
  const adminEmail = `mfa-portal-admin-${run}@demo.test`;
  const since = Date.now() - 1000;
  const created = await request.post('/api/sa/accounting-firms', {
    headers: { Authorization: `Bearer ${root.access_token}` },
    data: {
      name: `Cabinet Double ${run}`,
      admin: { email: adminEmail, firstname: 'Dana', lastname: 'Double' },
    },
  });
  expect(created.status()).toBe(201);
  const firmId = (await created.json()).data.id as number;
  try {
    await createPasswordFromMail(request, adminEmail, since);
    const admin = await apiLogin(request, adminEmail);
    const collabEmail = `mfa-portal-collab-${run}@demo.test`;
    await newTeamMember(request, admin.access_token, firmId, {
      email: collabEmail,
      firstname: 'Cyan',
      lastname: 'Enrol',
      role: 'collaborator',
    });
    const rule = await request.patch(`/api/accounting-firms/${firmId}/sign-in-settings`, {
      headers: { Authorization: `Bearer ${admin.access_token}` },
      data: { mfa_rule: 'team', magic_links: true },
    });
    expect(rule.status()).toBe(200);

    // A sign-in link (bound to the portal) never starts the enrolment: the password sign-in does.
    const linkSince = Date.now() - 1000;
    const asked = await request.post('/api/magic-links', {
      data: { email: collabEmail, accounting_firm_id: firmId },
    });
    expect(asked.status()).toBe(202);
    const mail = await newestMailTo(collabEmail, linkSince, '/magic-link/');
    const link = /https?:\/\/[^\s"<>]+?\/magic-link\/[A-Za-z0-9._~-]+/.exec(mail)?.[0];
    expect(link, 'sign-in link in the mail').toBeTruthy();
    await page.goto(new URL(link as string).pathname);
    await expect(page.getByTestId('magic-link-error')).toHaveText(TEXTS[lang].passwordFirst);
    await page.getByTestId('magic-link-password').click();
    await expect(page.getByRole('heading', { name: TEXT[lang].signInTitle })).toBeVisible();

    await page.goto('/signin');
    await signInWithForm(page, lang, collabEmail);
    const step = page.getByTestId('mfa-step');
    await expect(step.getByRole('heading', { name: TEXTS[lang].enrolTitle })).toBeVisible();
    await expect(step.getByRole('img')).toBeVisible();
    const secret = (await step.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '');
    await step.getByRole('textbox').fill(codeOf(secret));
    await page.getByTestId('mfa-submit').click();
    // The recovery codes, shown once, then the app.
    await expect(page.getByTestId('mfa-recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByTestId('mfa-continue').click();
    await expect(page).toHaveURL(/\/home\/[0-9a-z]+$/);
    await expect(page.getByTestId(TEST_IDS.homeGreeting)).toContainText('Cyan Enrol');
    // Two-factor is now on for the account.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const status = await request.get('/api/users/me/totp', { headers: { Authorization: `Bearer ${token}` } });
    expect((await status.json()).data.enabled).toBe(true);
  } finally {
    await request.post(`/api/sa/accounting-firms/${firmId}/deactivate`, {
      headers: { Authorization: `Bearer ${root.access_token}` },
    });
  }
});
