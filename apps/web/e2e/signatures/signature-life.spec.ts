import { expect, test } from '@playwright/test';
import { makePdf, prepare, send } from '../support/documents-world';
import { ACCOUNTS, langOf, newestMailTo, signInWithApi } from '../support/helpers';

/**
 * A request's life after it is sent: the client finds it on home ("Documents à signer") and signs
 * from there; the sender reminds the next signatory (the outsider gets a reminder mail), a second
 * reminder within the hour is refused with its message, and the sender cancels with a reason.
 * Meanwhile the documents list marks the document "out for signature", and no longer once canceled.
 */

const TEXT = {
  fr: {
    toSign: 'Documents à signer',
    sign: 'Signer',
    consent: "J'ai lu et j'approuve ce document",
    signed: 'Document signé, merci.',
    remind: 'Relancer',
    reminded: 'Signataires relancés.',
    // The platform's 429 message, with the wait (Retry-After).
    tooSoon: /Trop de tentatives, veuillez réessayer dans/,
    cancel: 'Annuler',
    canceled: 'Annulée',
    inProgress: 'En cours',
    inSignature: 'Signature en cours',
  },
  en: {
    toSign: 'Documents to sign',
    sign: 'Sign',
    consent: 'I have read and approve this document',
    signed: 'Document signed, thank you.',
    remind: 'Remind',
    reminded: 'Signatories reminded.',
    tooSoon: /Too many attempts, please try again in/,
    cancel: 'Cancel',
    canceled: 'Canceled',
    inProgress: 'In progress',
    inSignature: 'Out for signature',
  },
} as const;

test('the client signs from the home item; the sender reminds once within the hour, then cancels', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  const world = await prepare(page, lang, 'Relance', {});
  const title = `Bail ${lang} ${Date.now()}`;
  const pdf = await send(page, world.headers, world.vendorId, world.folderId, 'Bail.pdf', makePdf(1));
  const users = (
    await (await page.request.get(`/api/vendors/${world.vendorId}/users`, { headers: world.headers })).json()
  ).data as { id: number; email: string }[];
  const client = users.find((u) => u.email === ACCOUNTS.client.email)!;
  const outsider = `oscar.${lang}.${Date.now()}@dehors.test`;
  const field = { page: 1, x: 0.1, y: 0.7, width: 0.3, height: 0.1 };
  const created = await page.request.post(`/api/vendors/${world.vendorId}/signatures`, {
    headers: world.headers,
    data: {
      document_id: pdf,
      name: title,
      ordering: 'sequential',
      locale: lang,
      signatories: [
        { user_id: client.id, fields: [field] },
        { email: outsider, firstname: 'Oscar', lastname: 'Dehors', fields: [{ ...field, y: 0.5 }] },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;
  expect(
    (
      await page.request.post(`/api/vendors/${world.vendorId}/signatures/${id}/send`, {
        headers: world.headers,
      })
    ).status(),
  ).toBe(200);

  // The client sees it on home and signs from there.
  const clientContext = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const clientPage = await clientContext.newPage();
  await signInWithApi(clientPage, ACCOUNTS.client.email);
  await clientPage.goto('/');
  const item = clientPage.getByTestId('home-to-sign');
  await expect(item.getByRole('heading', { name: t.toSign })).toBeVisible();
  await item.getByTestId(`to-sign-${id}`).getByRole('link', { name: t.sign }).click();
  await expect(clientPage).toHaveURL(new RegExp(`/signatures/.+\\?sign=${id}`));
  const dialog = clientPage.getByRole('dialog');
  await dialog.getByLabel(t.consent).check();
  await dialog.getByRole('button', { name: t.sign, exact: true }).click();
  // Signing writes a PAdES revision: give a loaded machine its time.
  await expect(clientPage.getByText(t.signed)).toBeVisible({ timeout: 30_000 });
  await clientPage.goto('/');
  await expect(clientPage.getByTestId(`to-sign-${id}`)).toBeHidden();
  await clientContext.close();

  // The documents list marks the document out for signature, with a tooltip saying so.
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(world.url);
  const docRow = page.getByTestId('node-list').getByRole('row').filter({ hasText: 'Bail.pdf' });
  const mark = docRow.getByRole('img', { name: t.inSignature });
  await expect(mark).toBeVisible();
  await mark.hover();
  await expect(page.getByRole('tooltip')).toHaveText(t.inSignature);

  // The sender reminds the outsider, whose turn it is now; again within the hour is refused.
  const context = world.url.split('/')[2]!;
  await page.goto(`/signatures/${context}`);
  const row = page.getByTestId('signature-requests').getByRole('row').filter({ hasText: title });
  await expect(row.getByTestId('signature-status')).toHaveText(t.inProgress);
  const linkIn = (mail: string) => /\/sign\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
  // The invitation, mailed once the client signed; the reminder carries a fresh link.
  const invitation = linkIn(await newestMailTo(outsider, 0, '/sign/'));
  await row.getByRole('button', { name: t.remind }).click();
  await expect(page.getByText(t.reminded)).toBeVisible();
  await expect(async () => {
    const reminder = await newestMailTo(outsider, 0, '/sign/');
    expect(linkIn(reminder)).not.toBe(invitation);
  }).toPass({ timeout: 20_000 });
  await row.getByRole('button', { name: t.remind }).click();
  await expect(page.getByText(t.tooSoon)).toBeVisible();

  // Then cancels, with a reason.
  page.once('dialog', (prompt) => void prompt.accept(lang === 'fr' ? 'Bail remplacé' : 'Lease replaced'));
  await row.getByRole('button', { name: t.cancel, exact: true }).click();
  await expect(row.getByTestId('signature-status')).toHaveText(t.canceled);
  await expect(row.getByRole('button', { name: t.remind })).toBeHidden();
  // Canceled: no longer marked in the documents list.
  await page.goto(world.url);
  await expect(docRow).toBeVisible();
  await expect(docRow.getByTestId('node-in-signature')).toHaveCount(0);
});
