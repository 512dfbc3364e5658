import { expect, test } from '@playwright/test';
import { TEAM_IDS } from '../../src/features/team/test-ids';
import { ACCOUNTS, apiLogin, firmIdOf, langOf, newTeamMember, signInWithApi } from '../support/helpers';

const TEXTS = {
  fr: {
    teamTitle: "Gestion d'équipe",
    open: 'Déconnecter toutes ses sessions',
    done: (name: string) => `Toutes les sessions de ${name} sont terminées.`,
  },
  en: {
    teamTitle: 'Team manager',
    open: 'Sign out of all their sessions',
    done: (name: string) => `All of ${name}'s sessions have ended.`,
  },
};

test("an administrator signs a collaborator out of every session: the collaborator's next request is refused", async ({
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(60_000);
  const lang = langOf(testInfo);
  const t = TEXTS[lang];
  // A collaborator of this run only (both language projects share the server).
  const expert = await apiLogin(page.request, ACCOUNTS.expert.email);
  const firmId = await firmIdOf(page.request, expert.access_token, 'Cabinet Démo');
  const email = `sessions-${lang}-${Date.now()}@demo.test`;
  const lastname = `Sessions${lang.toUpperCase()}`;
  const name = `Sacha ${lastname}`;
  const { user_id: userId } = await newTeamMember(page.request, expert.access_token, firmId, {
    email,
    firstname: 'Sacha',
    lastname,
    role: 'collaborator',
  });
  const laptop = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const collab = await apiLogin(laptop, email);
    const me = () =>
      laptop.get('/api/users/me', { headers: { Authorization: `Bearer ${collab.access_token}` } });
    expect((await me()).status()).toBe(200);

    await signInWithApi(page, ACCOUNTS.expert.email);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: t.teamTitle })).toBeVisible();
    // The list shows members assigned to a client file by default: this one has none yet.
    await expect(page).toHaveURL(/\/team-manager\/users$/);
    await page.goto(`${page.url()}/${userId}`);
    await expect(page.getByTestId(TEAM_IDS.detailTitle)).toHaveText(name);

    const action = page.getByTestId(TEAM_IDS.endSessions);
    await expect(action).toHaveText(t.open);
    await action.click();
    const dialog = page.getByTestId(TEAM_IDS.endSessionsDialog);
    await expect(dialog).toContainText(name);
    const ended = page.waitForResponse(
      (r) => r.url().endsWith(`/users/${userId}/sessions`) && r.request().method() === 'DELETE',
    );
    await dialog.getByTestId(TEAM_IDS.endSessionsConfirm).click();
    expect((await ended).status()).toBe(200);
    await expect(page.getByText(t.done(name))).toBeVisible();
    await expect(dialog).toBeHidden();
    // The collaborator's very next request is refused; the administrator goes on.
    expect((await me()).status()).toBe(401);
    await page.reload();
    await expect(page.getByTestId(TEAM_IDS.detailTitle)).toHaveText(name);

    // The administrator's own screen offers no such action (their sessions end from the profile).
    await page.goto('/settings');
    await page.getByRole('row', { name: /expert@demo\.test/ }).click();
    await expect(page.getByTestId(TEAM_IDS.detailTitle)).toHaveText(ACCOUNTS.expert.fullname);
    await expect(page.getByTestId(TEAM_IDS.endSessions)).toBeDisabled();
  } finally {
    await laptop.dispose();
    await page.request.delete(`/api/accounting-firms/${firmId}/members/${userId}?delete_user=true`, {
      headers: { Authorization: `Bearer ${expert.access_token}` },
    });
  }
});
