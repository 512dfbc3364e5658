import { expect, test } from '@playwright/test';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const TEXTS = {
  fr: {
    title: 'Sessions ouvertes',
    current: 'Cet appareil',
    end: 'Déconnecter',
    ended: 'Appareil déconnecté.',
  },
  en: { title: 'Signed-in devices', current: 'This device', end: 'Sign out', ended: 'Device signed out.' },
};

test('a person sees the devices signed in to their account and signs one out', async ({
  page,
  playwright,
}, testInfo) => {
  const lang = langOf(testInfo);
  const t = TEXTS[lang];
  // One account per language project, so that the two runs never see each other's tablet.
  const account = lang === 'fr' ? ACCOUNTS.guest : ACCOUNTS.collab;
  const baseURL = testInfo.project.use.baseURL;
  const tablet = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': IPAD } });
  try {
    const login = await tablet.post('/api/login', {
      data: { email: account.email, password: 'Demo-portal-2026' },
    });
    expect(login.status()).toBe(200);
    const tabletToken = (await login.json()).data.access_token as string;

    await signInWithApi(page, account.email);
    await page.goto('/profile/password');
    const section = page.getByTestId('profile-sessions');
    await expect(section.getByRole('heading', { name: t.title })).toBeVisible();
    // This browser is marked; the tablet is listed by its browser and system.
    await expect(section.getByText(t.current).first()).toBeVisible();
    const tabletRow = section.getByRole('listitem').filter({ hasText: 'Safari · iOS 17.0' });
    await expect(tabletRow).toHaveCount(1);

    await tabletRow.getByRole('button', { name: t.end }).click();
    await expect(page.getByText(t.ended)).toBeVisible();
    await expect(tabletRow).toHaveCount(0);
    // The tablet's very next request is refused.
    const after = await tablet.get('/api/users/me', { headers: { Authorization: `Bearer ${tabletToken}` } });
    expect(after.status()).toBe(401);
  } finally {
    await tablet.dispose();
  }
});
