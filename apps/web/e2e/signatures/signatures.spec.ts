import { expect, type Page, test } from '@playwright/test';
import { makePdf, prepare, send } from '../support/documents-world';
import { ACCOUNTS, langOf, newestMailTo, signInWithApi } from '../support/helpers';

/**
 * The e-signature's main path on the demo's Boulangerie Martin: the expert sends a PDF of the GED
 * to the client (in the app) then an outsider (by link and code), in that order; the client signs
 * by drawing, the outsider by typing their name; the expert sees the request completed, its audit
 * trail, and the signed version in the document's versions. Below 960 px the module says so.
 */

const TEXT = {
  fr: {
    more: (name: string) => `Autres actions pour ${name}`,
    sendForSignature: (name: string) => `Faire signer « ${name} »`,
    pickPerson: 'Ajouter un membre ou un utilisateur du dossier',
    firstname: 'Prénom',
    lastname: 'Nom',
    email: 'E-mail',
    add: 'Ajouter',
    send: 'Envoyer',
    waiting: 'En attente',
    completed: 'Classée',
    sign: 'Signer',
    draw: 'Dessiner',
    consent: "J'ai lu et j'approuve ce document",
    signed: 'Document signé, merci.',
    sendCode: 'Recevoir un code',
    code: 'Code à 6 chiffres',
    checkCode: 'Valider',
    codeInMail: /Votre code de signature est (\d{6})/,
    audit: "Piste d'audit",
    sealed: 'Scellée et classée',
    chainValid: 'La chaîne des événements est intacte.',
    versionsOf: (name: string) => `Versions de ${name}`,
    tooNarrow: "Le module de signature nécessite une largeur d'écran d'au moins 960 px.",
    progress: '2/2 signés',
  },
  en: {
    more: (name: string) => `More actions for ${name}`,
    sendForSignature: (name: string) => `Send "${name}" for signature`,
    pickPerson: 'Add a member or a user of the client file',
    firstname: 'First name',
    lastname: 'Last name',
    email: 'Email',
    add: 'Add',
    send: 'Send',
    waiting: 'Waiting',
    completed: 'Filed',
    sign: 'Sign',
    draw: 'Draw',
    consent: 'I have read and approve this document',
    signed: 'Document signed, thank you.',
    sendCode: 'Get a code',
    code: '6-digit code',
    checkCode: 'Confirm',
    codeInMail: /Your signing code is (\d{6})/,
    audit: 'Audit trail',
    sealed: 'Sealed and filed',
    chainValid: 'The chain of events is intact.',
    versionsOf: (name: string) => `Versions of ${name}`,
    tooNarrow: 'The signature module needs a screen at least 960 px wide.',
    progress: '2/2 signed',
  },
} as const;

async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  await page.mouse.up();
}

test('a PDF sent for signature to a client then an outsider, signed by both, filed back sealed', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  const world = await prepare(page, lang, 'Signature', {});
  const name = 'Contrat.pdf';
  await send(page, world.headers, world.vendorId, world.folderId, name, makePdf(2));
  const outsider = `olivia.${lang}.${Date.now()}@dehors.test`;
  const since = Date.now() - 1000;

  // The expert sends it from the document's menu.
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(world.url);
  await page.getByRole('button', { name: t.more(name) }).click();
  await page.getByRole('menuitem', { name: t.sendForSignature(name) }).click();
  await expect(page).toHaveURL(/\/signatures\//);
  const editor = page.getByRole('dialog');
  await expect(editor.getByTestId('signature-pdf-page')).toBeVisible({ timeout: 20_000 });
  await editor.getByLabel(t.pickPerson).click();
  await page.getByRole('option', { name: /Marie Martin/ }).click();
  await editor.getByLabel(t.firstname).fill('Olivia');
  await editor.getByLabel(t.lastname, { exact: true }).fill('Dehors');
  await editor.getByLabel(t.email).fill(outsider);
  await editor.getByRole('button', { name: t.add, exact: true }).click();
  // The outsider's field is placed by a click on the page.
  await editor.getByTestId('signature-pdf-page').click({ position: { x: 300, y: 200 } });
  await expect(editor.getByTestId('signature-field-2')).toBeVisible();
  await editor.getByRole('button', { name: t.send, exact: true }).click();
  await expect(editor).toBeHidden();
  const row = page.getByTestId('signature-requests').getByRole('row').filter({ hasText: 'Contrat' }).first();
  await expect(row.getByTestId('signature-status')).toHaveText(t.waiting);

  // The client signs in the app, by drawing.
  const clientContext = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const client = await clientContext.newPage();
  await signInWithApi(client, ACCOUNTS.client.email);
  const context = new URL(page.url()).pathname.split('/')[2]!;
  await client.goto(`/signatures/${context}`);
  const clientRow = client
    .getByTestId('signature-requests')
    .getByRole('row')
    .filter({ hasText: 'Contrat' })
    .first();
  await clientRow.getByRole('button', { name: t.sign, exact: true }).click();
  const dialog = client.getByRole('dialog');
  await dialog.getByRole('tab', { name: t.draw }).click();
  await drawSignature(client);
  await dialog.getByLabel(t.consent).check();
  await dialog.getByRole('button', { name: t.sign, exact: true }).click();
  await expect(client.getByText(t.signed)).toBeVisible();
  await clientContext.close();

  // Then the outsider, from the mailed link, with the mailed code.
  const invite = await newestMailTo(outsider, since, '/sign/');
  const link = /https?:\/\/[^\s"<>]+?\/sign\/[A-Za-z0-9_-]+/.exec(invite)![0];
  const outsiderContext = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const stranger = await outsiderContext.newPage();
  await stranger.goto(new URL(link).pathname);
  await expect(stranger.getByTestId('signing-title')).toHaveText('Contrat');
  const codeSince = Date.now() - 1000;
  await stranger.getByRole('button', { name: t.sendCode }).click();
  const code = t.codeInMail.exec(
    await newestMailTo(outsider, codeSince, lang === 'fr' ? 'code de signature' : 'signing code'),
  )![1]!;
  await stranger.getByLabel(t.code).fill(code);
  await stranger.getByRole('button', { name: t.checkCode }).click();
  await expect(stranger.getByTestId('signature-pdf-page')).toBeVisible();
  await stranger.getByLabel(t.consent).check();
  await stranger.getByRole('button', { name: t.sign, exact: true }).click();
  await expect(stranger.getByText(t.signed)).toBeVisible();
  await outsiderContext.close();

  // The seal job files the signed PDF back: the request completes, its audit trail holds.
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('signature-status')).toHaveText(t.completed, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText(t.progress);
  await row.getByRole('button', { name: t.audit }).click();
  const audit = page.getByRole('dialog');
  await expect(audit.getByText(t.chainValid)).toBeVisible();
  await expect(audit.getByTestId('signature-audit')).toContainText(t.sealed);
  await page.keyboard.press('Escape');

  // The new version is in the GED.
  await page.goto(world.url);
  await page
    .getByRole('button', { name: t.versionsOf(name) })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText(
    lang === 'fr' ? 'Contrat (signé).pdf' : 'Contrat (signed).pdf',
  );

  // Below 960 px the module says it needs more room.
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto(`/signatures/${context}`);
  await expect(page.getByText(t.tooNarrow)).toBeVisible();
});
