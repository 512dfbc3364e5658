import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Request, test } from '@playwright/test';
import { chunkField, prepare, UPLOADS_URL, type World } from '../support/documents-world';
import { ACCOUNTS, type Lang, langOf, signInWithApi } from '../support/helpers';

/**
 * Uploads as expert@demo.test on the demo's Boulangerie Martin, each test in a folder of its own:
 * a folder with its sub-folders (an empty file warned, the same folder again sent as "name (2)"),
 * a folder whose name a document holds (a new folder or skip, no merge),
 * one upload cancelled, a failed upload retried (it resumes), and an interrupted upload resumed
 * after a reload by picking the file again. The network is steered with page.route.
 */

const TEXT = {
  fr: {
    open: (name: string) => `Ouvrir ${name}`,
    cancel: (name: string) => `Annuler l'envoi de ${name}`,
    retry: (name: string) => `Réessayer l'envoi de ${name}`,
    empty: (name: string) => `${name} est vide : il n'a pas été envoyé.`,
    folderConflict: 'Un dossier porte déjà ce nom',
    documentConflict: 'Un document porte déjà ce nom',
    merge: 'Fusionner',
    skip: 'Ne pas envoyer',
    createFolder: 'Créer un nouveau dossier',
    interrupted: 'Envois interrompus',
  },
  en: {
    open: (name: string) => `Open ${name}`,
    cancel: (name: string) => `Cancel the upload of ${name}`,
    retry: (name: string) => `Retry the upload of ${name}`,
    empty: (name: string) => `${name} is empty: it was not uploaded.`,
    folderConflict: 'A folder already has this name',
    documentConflict: 'A document already has this name',
    merge: 'Merge',
    skip: 'Do not upload',
    createFolder: 'Create a new folder',
    interrupted: 'Interrupted uploads',
  },
} as const satisfies Record<Lang, unknown>;

/** 11.5 MB: two chunks of the 5,242,880-byte protocol. */
const TWO_CHUNKS = 11_534_336;

async function open(page: Page, w: World) {
  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  await expect(page.getByTestId('current-folder')).toHaveText(w.folder);
}

/** The names in a folder, through the API. */
async function namesIn(page: Page, w: World, folderId = w.folderId): Promise<string[]> {
  const response = await page.request.get(`/api/vendors/${w.vendorId}/folders/${folderId}/nodes`, {
    headers: w.headers,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()).data as { name: string }[]).map((n) => n.name).sort();
}

async function folderIdOf(page: Page, w: World, parentId: number, name: string): Promise<number> {
  const response = await page.request.get(`/api/vendors/${w.vendorId}/folders?parent_id=${parentId}`, {
    headers: w.headers,
  });
  const found = ((await response.json()).data as { id: number; name: string }[]).find((f) => f.name === name);
  expect(found, `folder ${name}`).toBeTruthy();
  return found?.id as number;
}

/** "GET 1", "POST 2": the chunk endpoint's requests, by method and chunk number. */
function chunkRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    if (!UPLOADS_URL.test(r.url())) return;
    const n =
      r.method() === 'GET'
        ? new URL(r.url()).searchParams.get('flowChunkNumber')
        : chunkField(r, 'flowChunkNumber');
    seen.push(`${r.method()} ${n}`);
  });
  return seen;
}

/**
 * Chunk 2 answers 503 (after chunk 1 is stored, so that a resume has something to start from)
 * `times` times, then goes through.
 */
async function failSecondChunk(page: Page, times: number) {
  let failures = 0;
  const firstStored = page.waitForResponse(
    (r) =>
      UPLOADS_URL.test(r.url()) &&
      r.request().method() === 'POST' &&
      chunkField(r.request(), 'flowChunkNumber') === '1' &&
      r.status() === 200,
    { timeout: 60_000 },
  );
  await page.route(UPLOADS_URL, async (route) => {
    const r = route.request();
    if (r.method() === 'POST' && chunkField(r, 'flowChunkNumber') === '2' && failures < times) {
      failures += 1;
      await firstStored;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    } else await route.continue();
  });
}

test('uploads a folder with its sub-folders, warns of an empty file, creates "name (2)" when the name is taken', async ({
  page,
}, info) => {
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Dossier', {});
  const dir = info.outputPath('Bilans');
  fs.mkdirSync(path.join(dir, '2024'), { recursive: true });
  fs.writeFileSync(path.join(dir, '2024', 'a.txt'), 'bilan 2024\n');
  fs.writeFileSync(path.join(dir, 'b.txt'), 'notes\n');
  fs.writeFileSync(path.join(dir, 'vide.txt'), '');
  await open(page, w);

  await page.getByTestId('upload-folder-input').setInputFiles(dir);
  await expect(page.getByText(t.empty('vide.txt'))).toBeVisible();
  const panel = page.getByTestId('upload-panel');
  await expect(panel.getByTestId('upload-item')).toHaveCount(2);
  await expect(panel.locator('[data-testid="upload-item"][data-state="finished"]')).toHaveCount(2, {
    timeout: 30_000,
  });
  const list = page.getByTestId('node-list');
  await expect(list.getByRole('button', { name: t.open('Bilans') })).toBeVisible();
  const bilans = await folderIdOf(page, w, w.folderId, 'Bilans');
  expect(await namesIn(page, w, bilans)).toEqual(['2024', 'b.txt']);
  expect(await namesIn(page, w, await folderIdOf(page, w, bilans, '2024'))).toEqual(['a.txt']);
  await list.getByRole('button', { name: t.open('Bilans') }).click();
  await expect(page.getByTestId('current-folder')).toHaveText('Bilans');
  await expect(list.getByRole('button', { name: t.open('2024') })).toBeVisible();
  await expect(list.getByRole('button', { name: t.open('b.txt') })).toBeVisible();

  // The same folder again: a new folder "Bilans (2)", the name shown before choosing.
  await page.goto(w.url);
  await expect(page.getByTestId('current-folder')).toHaveText(w.folder);
  await page.getByTestId('upload-folder-input').setInputFiles(dir);
  const dialog = page.getByRole('dialog', { name: t.folderConflict });
  await expect(dialog).toContainText('Bilans (2)');
  await dialog.getByRole('button', { name: t.createFolder }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.locator('[data-testid="upload-item"][data-state="finished"]')).toHaveCount(2, {
    timeout: 30_000,
  });
  await expect(list.getByRole('button', { name: t.open('Bilans (2)') })).toBeVisible();
  expect(await namesIn(page, w)).toEqual(['Bilans', 'Bilans (2)']);
  const second = await folderIdOf(page, w, w.folderId, 'Bilans (2)');
  expect(await namesIn(page, w, second)).toEqual(['2024', 'b.txt']);
  expect(await namesIn(page, w, bilans)).toEqual(['2024', 'b.txt']);
});

test('a folder whose name a document of the target holds: skip, or a new folder "name (2)", no merge', async ({
  page,
}, info) => {
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Homonyme', { 'notes.txt': 'un document\n' });
  const dir = info.outputPath('notes.txt');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'a.txt'), 'dans le dossier\n');
  await open(page, w);
  const panel = page.getByTestId('upload-panel');
  const dialog = page.getByRole('dialog', { name: t.documentConflict });

  await page.getByTestId('upload-folder-input').setInputFiles(dir);
  await expect(dialog).toContainText('notes.txt (2)');
  await expect(dialog.getByRole('button', { name: t.merge })).toHaveCount(0);
  await dialog.getByRole('button', { name: t.skip }).click();
  await expect(dialog).toBeHidden();
  expect(await namesIn(page, w)).toEqual(['notes.txt']);

  await page.getByTestId('upload-folder-input').setInputFiles(dir);
  await dialog.getByRole('button', { name: t.createFolder }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.locator('[data-testid="upload-item"][data-state="finished"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  expect(await namesIn(page, w)).toEqual(['notes.txt', 'notes.txt (2)']);
  expect(await namesIn(page, w, await folderIdOf(page, w, w.folderId, 'notes.txt (2)'))).toEqual(['a.txt']);
});

test('cancels one upload: its request is aborted and nothing is created', async ({ page }, info) => {
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Annulation', {});
  await open(page, w);
  let arrived = () => {};
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(UPLOADS_URL, async (route) => {
    if (route.request().method() === 'POST' && chunkField(route.request(), 'flowFilename') === 'annule.txt') {
      arrived();
      await released;
      await route.abort().catch(() => undefined);
    } else await route.continue();
  });
  const aborted = page.waitForEvent('requestfailed', (r) => chunkField(r, 'flowFilename') === 'annule.txt');

  await page.getByTestId('upload-files-input').setInputFiles([
    { name: 'garde.txt', mimeType: 'text/plain', buffer: Buffer.from('gardé\n') },
    { name: 'annule.txt', mimeType: 'text/plain', buffer: Buffer.from('annulé\n') },
  ]);
  await held;
  const panel = page.getByTestId('upload-panel');
  const item = panel.getByTestId('upload-item').filter({ hasText: 'annule.txt' });
  await expect(item).toHaveAttribute('data-state', 'running');
  await panel.getByRole('button', { name: t.cancel('annule.txt') }).click();
  await expect(item).toHaveAttribute('data-state', 'cancelled');
  await aborted;
  release();
  await expect(panel.getByTestId('upload-item').filter({ hasText: 'garde.txt' })).toHaveAttribute(
    'data-state',
    'finished',
  );
  const list = page.getByTestId('node-list');
  await expect(list.getByRole('button', { name: t.open('garde.txt') })).toBeVisible();
  await expect(list.getByRole('button', { name: t.open('annule.txt') })).toHaveCount(0);
  expect(await namesIn(page, w)).toEqual(['garde.txt']);
  // Cancelled: nothing kept to resume.
  expect(await page.evaluate(() => localStorage.getItem('documents_uploads'))).toBe('{}');
});

test('retries a failed upload: it resumes from the chunk the server holds', async ({ page }, info) => {
  test.setTimeout(90_000);
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Reprise', {});
  await open(page, w);
  // Chunk 2 refused twice: once, then its one retry. The file fails.
  await failSecondChunk(page, 2);
  await page
    .getByTestId('upload-files-input')
    .setInputFiles([
      { name: 'gros.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(TWO_CHUNKS, 5) },
    ]);
  const panel = page.getByTestId('upload-panel');
  const item = panel.getByTestId('upload-item');
  await expect(item).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
  // The snackbar says which file failed.
  await expect(page.getByRole('alert').filter({ hasText: 'gros.bin' })).toBeVisible();
  expect(await namesIn(page, w)).toEqual([]);

  const requests = chunkRequests(page);
  await panel.getByRole('button', { name: t.retry('gros.bin') }).click();
  await expect(item).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  // The test GET finds chunk 1 stored: only chunk 2 travels again.
  expect(requests).toEqual(['GET 1', 'POST 2']);
  await expect(page.getByTestId('node-list').getByRole('button', { name: t.open('gros.bin') })).toBeVisible();
  expect(await namesIn(page, w)).toEqual(['gros.bin']);
  expect(await page.evaluate(() => localStorage.getItem('documents_uploads'))).toBe('{}');
});

test('lists an upload interrupted before a reload, and resumes it when the file is picked again', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const t = TEXT[langOf(info)];
  const w = await prepare(page, langOf(info), 'Interrompu', {});
  // A file on disk: picked again, it is the same file (same date), hence the same upload.
  const file = info.outputPath('interrompu.bin');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(TWO_CHUNKS, 9));
  await open(page, w);
  await failSecondChunk(page, 2);
  await page.getByTestId('upload-files-input').setInputFiles(file);
  await expect(page.getByTestId('upload-item')).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });

  // The browser reopened: the panel is gone, the folder says what can resume.
  await page.reload();
  await expect(page.getByTestId('current-folder')).toHaveText(w.folder);
  const notice = page.getByTestId('interrupted-uploads');
  await expect(notice).toContainText(t.interrupted);
  await expect(notice).toContainText('interrompu.bin');
  await expect(page.getByTestId('upload-panel')).toHaveCount(0);

  const requests = chunkRequests(page);
  await page.getByTestId('upload-files-input').setInputFiles(file);
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('upload-item')).toHaveAttribute('data-state', 'finished', {
    timeout: 60_000,
  });
  expect(requests).toEqual(['GET 1', 'POST 2']);
  await expect(
    page.getByTestId('node-list').getByRole('button', { name: t.open('interrompu.bin') }),
  ).toBeVisible();
  await expect(notice).toBeHidden();
});
