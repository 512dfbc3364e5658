import { expect, test } from '@playwright/test';
import { makePdf, prepare, send } from '../support/documents-world';
import { ACCOUNTS, apiLogin, firmIdOf, langOf, signInWithApi } from '../support/helpers';

/**
 * Issue 28: a word inside a PDF, typed in the shell's search box, finds the document (its text
 * read by the server's background job), and the hit opens it in the viewer.
 */

const TITLE = { fr: 'Recherche', en: 'Search' } as const;

test('searches a word inside a PDF from the shell and opens the hit in the viewer', async ({
  page,
}, info) => {
  // The upload's text job has its own queue (the start-up backfill of the demo's contents has
  // another), shared with the other specs' fresh uploads: in the full run, scans among them take
  // OCR's seconds a page.
  test.setTimeout(240_000);
  const lang = langOf(info);
  const word = `Quokka${Date.now().toString(36).slice(-5)}${lang}`;
  const w = await prepare(page, lang, 'Recherche', {});
  // One session, opened before the upload, searches before and after: nothing kept per session,
  // person or token may hide the new content once its text is read.
  const { access_token } = await apiLogin(page.request, ACCOUNTS.expert.email);
  const firmId = await firmIdOf(page.request, access_token, 'Cabinet Démo');
  const total = async () => {
    const res = await page.request.get(`/api/accounting-firms/${firmId}/search?q=${word}`, {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(res.status()).toBe(200);
    return (await res.json()).total as number;
  };
  expect(await total()).toBe(0);
  const name = `releve-${lang}.pdf`;
  await send(
    page,
    w.headers,
    w.vendorId,
    w.folderId,
    name,
    makePdf(1, () => word),
  );

  // The text is read by a job after the upload: wait until the server finds it.
  await expect.poll(total, { timeout: 150_000, intervals: [2_000] }).toBe(1);

  await signInWithApi(page, ACCOUNTS.expert.email);
  await page.goto(w.url);
  const box = page.getByTestId('shell-search');
  await box.fill(word.toLowerCase());
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/[^/?]+\?q=/);
  await expect(page.getByRole('heading', { name: TITLE[lang] })).toBeVisible();
  const hits = page.getByTestId('search-hit');
  await expect(hits).toHaveCount(1);
  await expect(hits.getByTestId('search-hit-link')).toHaveText(name);
  await expect(hits.locator('mark')).toHaveText(word);

  await hits.getByTestId('search-hit-link').click();
  await expect(page).toHaveURL(/\/viewer\//);
  await expect(page.getByTestId('viewer-title')).toHaveText(name);
  await expect(page.getByTestId('viewer-pdf-page').first()).toBeVisible();
});
