import { expect, test } from '@playwright/test';
import { samplePdf } from '../../../../scripts/bench/sample-pdf.mjs';
import { prepare, send } from '../support/documents-world';
import { ACCOUNTS, langOf, signInWithApi } from '../support/helpers';

/**
 * Issue 25, stumble 4: the viewer took about 10 s to show page 1 of a 140 KB, 17-page PDF (the
 * worker started only once pdf.js and the content had come, a new one per document, the 17
 * thumbnails drawn before or alongside page 1). Opened cold (a browser context of its own, empty
 * cache, the address typed), page 1 must be drawn within BOUND_MS of the navigation: measured
 * 1.3 to 2.6 s on a shared two-core machine running other builds, 2.2 to 4.2 s before the fix.
 */
const BOUND_MS = 5_000;
const PAGES = 17;

test('the viewer draws page 1 of a 17-page PDF soon after a cold navigation', async ({ page }, testInfo) => {
  const world = await prepare(page, langOf(testInfo), 'Viewer speed', {});
  const pdf = samplePdf({ pages: PAGES });
  expect(pdf.length).toBeGreaterThan(130 * 1024);
  const documentId = await send(
    page,
    world.headers,
    world.vendorId,
    world.folderId,
    'rapport-17-pages.pdf',
    pdf,
  );
  await signInWithApi(page, ACCOUNTS.expert.email);
  const context = world.url.split('/')[2];
  await page.goto(`/viewer/${context}/${world.folderId.toString(16)}/${documentId.toString(16)}`);

  const first = page.locator('[data-testid="viewer-pdf-page"][data-page="1"][data-rendered="true"]');
  await expect(first).toBeVisible({ timeout: 20_000 });
  // Milliseconds since the navigation started (the document's time origin).
  const shownAt = await page.evaluate(() => performance.now());
  testInfo.annotations.push({ type: 'page 1 drawn (ms)', description: String(Math.round(shownAt)) });
  console.log(`viewer: page 1 of ${PAGES} drawn ${Math.round(shownAt)} ms after the navigation`);
  expect(shownAt).toBeLessThan(BOUND_MS);

  // Drawn, not only laid out: the canvas has ink on it.
  const inked = await first.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const probe = document.createElement('canvas');
    probe.width = 64;
    probe.height = 64;
    const ctx = probe.getContext('2d');
    if (!ctx) return false;
    ctx.drawImage(canvas, 0, 0, 64, 64);
    const data = ctx.getImageData(0, 0, 64, 64).data;
    for (let i = 0; i < data.length; i += 4)
      if ((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 600) return true;
    return false;
  });
  expect(inked).toBe(true);
  await expect(page.getByTestId('viewer-page-number')).toContainText(`${PAGES}`);
  // The thumbnails come after page 1, all of them.
  await expect(page.getByTestId('viewer-thumbnails').locator('canvas')).toHaveCount(PAGES, {
    timeout: 20_000,
  });
});
