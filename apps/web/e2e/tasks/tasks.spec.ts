import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, type Lang, langOf, signInWithApi } from '../support/helpers';

/**
 * Tasks and information requests (issue 14): an accountant asks a client for information with a
 * sub-task, the client answers from the home page, the accountant closes the request. The two
 * locale projects share one server: each works on its own titles and filters the page by them.
 */

const TEXT = {
  fr: {
    firmTitle: 'Gestion des tâches',
    clientTitle: "Demandes d'informations",
    company: 'Boulangerie Martin',
    yourAnswer: 'Votre réponse',
    provided: 'Fourni',
    allProvided: 'Tout a été fourni',
    oneMissing: '1 élément manquant sur 2',
    waitingClient: 'Ce que votre cabinet attend de vous',
    latestDocuments: 'Derniers documents',
    exchanges: 'Échanges',
  },
  en: {
    firmTitle: 'Task management',
    clientTitle: 'Information requests',
    company: 'Boulangerie Martin',
    yourAnswer: 'Your answer',
    provided: 'Provided',
    allProvided: 'Everything has been provided',
    oneMissing: '1 item missing out of 2',
    waitingClient: 'What your firm is waiting for',
    latestDocuments: 'Latest documents',
    exchanges: 'Échanges',
  },
} as const satisfies Record<Lang, Record<string, string>>;

const stamp = String(Date.now()).slice(-8);

/** The counter chip of a status reads "<label> · <n>". */
const expectCounter = (page: Page, id: string, n: number) =>
  expect(page.getByTestId(`counter-${id}`)).toHaveText(new RegExp(`· ${n}$`));

test('an information request goes from the firm to the client and back', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  const tag = `E2E-${lang}-${stamp}`;
  const title = `Pièces du bilan ${tag}`;
  const subtitle = `Relancer par téléphone ${tag}`;

  // The accountant, a firm administrator assigned to no client file: admin mode, on for her
  // from the start, lists them all. The list, filtered on this run's tag, starts empty.
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(`/tasks?q=${encodeURIComponent(tag)}`);
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f]+\?q=/);
  await expect(page.getByTestId('tasks-title')).toHaveText(t.firmTitle);
  await expect(page.getByTestId('tasks-empty')).toBeVisible();
  await expect(page.getByTestId('filter-admin-mode')).toBeChecked();
  await expectCounter(page, 'to_do', 0);

  // Creates an information request with two items for the client's company.
  await page.getByTestId('task-new').click();
  const form = page.getByTestId('task-form');
  await form.getByTestId('task-company').click();
  await page.getByRole('option', { name: t.company }).click();
  await form.getByTestId('task-title').fill(title);
  await form.getByTestId('task-item-label-0').fill('Montant du stock au 31/12');
  await form.getByTestId('task-item-add').click();
  await form.getByTestId('task-item-label-1').fill('Relevé bancaire de décembre');
  await form.getByTestId('task-save').click();
  await expect(form).toBeHidden();

  const drawer = page.getByTestId('task-drawer');
  await expect(drawer.getByTestId('task-detail-title')).toHaveText(title);
  await expect(drawer.getByTestId('items-summary')).toContainText(lang === 'fr' ? '2 éléments' : '2 items');
  const taskId = new URL(page.url()).searchParams.get('task');
  expect(taskId).toBeTruthy();

  // A sub-task: the panel goes back to the parent, which lists it.
  await drawer.getByTestId('subtask-add').click();
  await expect(form).toBeVisible();
  await form.getByTestId('task-title').fill(subtitle);
  await form.getByTestId('task-save').click();
  await expect(form).toBeHidden();
  await expect(drawer.getByTestId('task-detail-title')).toHaveText(title);
  await expect(drawer.getByTestId('subtasks')).toContainText(subtitle);
  await expectCounter(page, 'to_do', 2);
  await expectCounter(page, 'done', 0);

  // The client user: sees the request on the home page and under "Demandes d'informations".
  const clientContext = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const client = await clientContext.newPage();
  await signInWithApi(client, ACCOUNTS.client.email);
  await client.goto('/home');
  const waiting = client.getByTestId('home-waiting');
  await expect(waiting).toContainText(t.waitingClient);
  // Its navigation entry carries a badge of the open requests (at least this one).
  await expect(client.getByRole('link', { name: new RegExp(t.clientTitle) })).toBeVisible();
  await expect(client.getByTestId('tasks-badge').filter({ visible: true })).toBeVisible();
  await waiting.getByRole('link', { name: new RegExp(title) }).click();
  await expect(client).toHaveURL(new RegExp(`/tasks/[0-9a-f]+\\?task=${taskId}`));
  await expect(client.getByTestId('tasks-title')).toHaveText(t.clientTitle);
  const clientDrawer = client.getByTestId('task-drawer');
  await expect(clientDrawer.getByTestId('task-detail-title')).toHaveText(title);

  // Answers the first item with text: one item is still missing.
  await clientDrawer.getByRole('textbox', { name: t.yourAnswer }).first().fill('12 400 € au 31/12');
  await clientDrawer.locator('[data-testid^="item-send-"]').first().click();
  await expect(clientDrawer.getByTestId('items-summary')).toHaveText(t.oneMissing);
  await expect(clientDrawer.getByText(t.provided, { exact: true })).toBeVisible();
  await expect(clientDrawer.getByTestId('item-answer-text')).toHaveText('12 400 € au 31/12');

  // Answers the second item with a file: filed in the client's documents, nothing is missing.
  const fileName = `Relevé décembre ${tag}.txt`;
  const second = clientDrawer.locator('[data-testid^="task-item-"]').nth(1);
  await second.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from(`Relevé ${tag}`),
  });
  await expect(second.getByTestId('task-file-link')).toHaveText(fileName);
  await expect(clientDrawer.getByTestId('items-summary')).toHaveText(t.allProvided);
  // The home page no longer waits on it, and lists the file among the latest documents.
  await client.goto('/home');
  await expect(client.getByTestId('home-documents')).toContainText(t.latestDocuments);
  await expect(client.getByTestId('home-documents')).toContainText(fileName);
  await expect(client.getByTestId('home-waiting')).not.toContainText(title);
  await clientContext.close();

  // The accountant sees the answers, text and file, and closes the request: the counters change.
  await page.reload();
  await expect(drawer.getByTestId('item-answer-text')).toHaveText('12 400 € au 31/12');
  await expect(drawer.getByTestId('items-summary')).toHaveText(t.allProvided);
  const fileLink = drawer.getByTestId('task-file-link');
  await expect(fileLink).toHaveText(fileName);
  const viewerHref = (await fileLink.getAttribute('href')) as string;
  await drawer.getByTestId('task-close').click();
  await expect(drawer.getByTestId('task-close')).toBeHidden();
  await expectCounter(page, 'done', 1);
  await expectCounter(page, 'to_do', 1);

  // The list shows both tasks under the company, the request done.
  await drawer.getByTestId('task-drawer-close').click();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/task=/);
  await expect(page.getByTestId('task-list')).toContainText(subtitle);
  await expect(page.getByTestId(`task-row-${taskId}`)).toContainText(title);

  // The board shows the request in the "done" column.
  await page.getByTestId('view-board').click();
  await expect(page.getByTestId('board-column-done')).toContainText(title);
  await expect(page.getByTestId('board-column-to_do')).toContainText(subtitle);

  // The file is in the client's documents, in the exchange folder, and opens in the viewer.
  await page.goto(viewerHref);
  await expect(page.getByTestId('viewer-title')).toHaveText(fileName);
  await expect(page.getByTestId('viewer-text')).toHaveText(`Relevé ${tag}`);
  const [, context, folderHash] = viewerHref.split('/').filter(Boolean);
  await page.goto(`/documents/${context}/${folderHash}`);
  await expect(page.getByTestId('current-folder')).toHaveText(t.exchanges);
  await expect(page.getByTestId('node-list')).toContainText(fileName);
});
