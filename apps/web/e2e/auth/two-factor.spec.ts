import { type APIRequestContext, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  apiLogin,
  firmIdOf,
  langOf,
  newTeamMember,
  signInWithApi,
  signInWithForm,
  TEST_IDS,
} from '../support/helpers';

/** The code of the step `offset` steps from now, as the person's authenticator app shows it. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

const TEXTS = {
  fr: {
    enabled: 'Activée',
    title: 'Double authentification',
    useRecovery: 'Utiliser un code de récupération',
  },
  en: { enabled: 'On', title: 'Two-factor authentication', useRecovery: 'Use a recovery code' },
};

/**
 * A new administrator of Cabinet Démo (the demo accounts must keep signing in with their password
 * alone): invited by the demo administrator, password created from the mailed link.
 */
async function newAdministrator(request: APIRequestContext, lang: string) {
  const expert = await apiLogin(request, 'expert@demo.test');
  const firmId = await firmIdOf(request, expert.access_token, 'Cabinet Démo');
  const email = `mfa-${lang}-${Date.now()}@demo.test`;
  await newTeamMember(request, expert.access_token, firmId, {
    email,
    firstname: 'Alex',
    lastname: 'Second',
    role: 'admin',
  });
  return email;
}

test('an administrator turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({
  page,
  browser,
}, testInfo) => {
  const lang = langOf(testInfo);
  const t = TEXTS[lang];
  const email = await newAdministrator(page.request, lang);

  await signInWithApi(page, email);
  await page.goto('/profile/password');
  const section = page.getByTestId('profile-two-factor');
  await expect(section.getByRole('heading', { name: t.title })).toBeVisible();
  await section.getByTestId('totp-enable').click();
  await expect(section.getByRole('img')).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  await section.getByTestId('totp-code').fill(codeOf(secret));
  await section.getByTestId('totp-confirm').click();
  const listed = section.getByTestId('recovery-codes').getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = await listed.allTextContents();
  await section.getByTestId('totp-codes-done').click();
  await expect(section.getByTestId('totp-state')).toHaveText(t.enabled);

  // Another browser: the password, then a code (of the next step: the first one was spent).
  const second = await browser.newContext({ locale: testInfo.project.use.locale });
  try {
    const other = await second.newPage();
    await other.goto('/signin');
    await signInWithForm(other, lang, email);
    await expect(other.getByTestId('mfa-step')).toBeVisible();
    await other.getByTestId('mfa-step').getByRole('textbox').fill(codeOf(secret, 1));
    await other.getByTestId('mfa-submit').click();
    await expect(other).toHaveURL(/\/home\/[0-9a-z]+$/);
    await expect(other.getByTestId(TEST_IDS.homeGreeting)).toContainText('Alex Second');
  } finally {
    await second.close();
  }

  // A third one: a recovery code instead.
  const third = await browser.newContext({ locale: testInfo.project.use.locale });
  try {
    const other = await third.newPage();
    await other.goto('/signin');
    await signInWithForm(other, lang, email);
    await other.getByRole('button', { name: t.useRecovery }).click();
    await other.getByTestId('mfa-step').getByRole('textbox').fill(codes[0]!);
    await other.getByTestId('mfa-submit').click();
    await expect(other).toHaveURL(/\/home\/[0-9a-z]+$/);
  } finally {
    await third.close();
  }
});
