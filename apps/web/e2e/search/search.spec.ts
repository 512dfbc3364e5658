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
  // Each try signs in afresh: run beside the signature spec, a session opened before the upload
  // kept answering 0 while a new one found the document (a bug under investigation, see the
  // README's search section); the screen below is reached through a new session anyway.
  const firmId = await firmIdOf(
    page.request,
    (await apiLogin(page.request, ACCOUNTS.expert.email)).access_token,
    'Cabinet Démo',
  );
  await expect
    .poll(
      async () => {
        const { access_token } = await apiLogin(page.request, ACCOUNTS.expert.email);
        const res = await page.request.get(`/api/accounting-firms/${firmId}/search?q=${word}`, {
          headers: { Authorization: `Bearer ${access_token}` },
        });
        return (await res.json()).total;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(1);

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
