// `npm run bench -- web`: the JavaScript a browser loads. Starts the built server (PGlite, demo
// seed), opens /signin in Chromium, signs in as the demo firm admin and waits for the home page,
// then loads the home page afresh in a new browser context of the same session. For each script response: its raw size, its
// gzip size (computed here from the decoded body, so it does not depend on what the server sent)
// and the bytes the browser received. Fails when a budget is exceeded:
//   /signin                      <= 200 KB gzip
//   the shell (/signin + home)   <= 350 KB gzip
// Then times each main screen to its content, cold and warm, against the sign-in form
// (web-screens.mjs): reported, failing only with BENCH_WEB_STRICT=1.
// KB = 1024 bytes (the unit of the budget's own figures; Vite's build report uses kB = 1000). BENCH_WEB_FILES=1 lists the files; BENCH_WEB_PORT
// sets the server's port (default: a free one).
import fs from 'node:fs';
import net from 'node:net';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { printScreens, timeScreens } from './web-screens.mjs';

export const BUDGETS = { signin: 200 * 1024, shell: 350 * 1024 };
const EMAIL = 'expert@demo.test';
const PASSWORD = 'Demo-portal-2026';

const KB = (bytes) => (bytes / 1024).toFixed(1);

/** A free local port, unless BENCH_WEB_PORT names one. */
async function freePort() {
  if (process.env.BENCH_WEB_PORT) return Number(process.env.BENCH_WEB_PORT);
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Records every script the page receives from now on; `take()` returns and forgets them. */
function recordScripts(page) {
  let pending = [];
  page.on('response', (response) => {
    const request = response.request();
    const type = response.headers()['content-type'] ?? '';
    if (request.resourceType() !== 'script' && !type.includes('javascript')) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await request.sizes();
        return {
          file: new URL(response.url()).pathname,
          status: response.status(),
          encoding: response.headers()['content-encoding'] ?? 'identity',
          raw: body.length,
          gzip: zlib.gzipSync(body).length,
          transferred: sizes.responseBodySize,
        };
      })(),
    );
  });
  return async () => {
    const taken = await Promise.all(pending);
    pending = [];
    return taken;
  };
}

const total = (scripts, key) => scripts.reduce((sum, s) => sum + s[key], 0);

function summary(name, scripts) {
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join('+') || '-';
  return [
    name.padEnd(34),
    String(scripts.length).padStart(5),
    KB(total(scripts, 'raw')).padStart(9),
    KB(total(scripts, 'gzip')).padStart(9),
    KB(total(scripts, 'transferred')).padStart(12),
    `  ${encodings}`,
  ].join('');
}

export async function run() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}`);
  const server = await startServer({ port: await freePort(), databaseUrl: null });
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const take = recordScripts(page);

    await page.goto(`${server.base}/signin`);
    await page.getByTestId('sign-in-submit').waitFor();
    await page.waitForLoadState('networkidle');
    const signin = await take();

    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('home-greeting').waitFor();
    await page.waitForLoadState('networkidle');
    const signedIn = await take();
    const shell = [...signin, ...signedIn];

    // The home page loaded afresh by a signed-in browser (same session, empty cache).
    const fresh = await browser.newContext({ locale: 'fr-FR', storageState: await context.storageState() });
    const homePage = await fresh.newPage();
    const takeHome = recordScripts(homePage);
    await homePage.goto(page.url());
    await homePage.getByTestId('home-greeting').waitFor();
    await homePage.waitForLoadState('networkidle');
    const home = await takeHome();

    const failed = [...shell, ...home].filter((s) => s.status !== 200);
    if (failed.length) throw new Error(`scripts not loaded: ${failed.map((s) => s.file).join(', ')}`);

    if (process.env.BENCH_WEB_FILES) {
      for (const [name, scripts] of [
        ['/signin', signin],
        ['sign-in -> home (added)', signedIn],
      ]) {
        console.log(`\n${name}`);
        for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip))
          console.log(`  ${s.file.padEnd(50)} ${KB(s.raw).padStart(8)} ${KB(s.gzip).padStart(8)}`);
      }
      console.log('');
    }
    console.log(
      `${'JavaScript loaded'.padEnd(34)}${'files'.padStart(5)}${'raw KB'.padStart(9)}${'gzip KB'.padStart(9)}${'sent KB'.padStart(12)}  encoding`,
    );
    console.log(summary('/signin', signin));
    console.log(summary('sign-in -> home (added)', signedIn));
    console.log(summary('shell: /signin then home', shell));
    console.log(summary('home, loaded afresh (signed in)', home));

    const over = [
      ['/signin', total(signin, 'gzip'), BUDGETS.signin],
      ['shell', total(shell, 'gzip'), BUDGETS.shell],
    ].filter(([, gzip, budget]) => gzip > budget);
    for (const [name, gzip, budget] of over)
      console.error(
        `Over budget: ${name} loads ${KB(gzip)} KB gzip of JavaScript (budget ${KB(budget)} KB).`,
      );
    if (over.length) process.exitCode = 1;
    else
      console.log(
        `Within budget: /signin <= ${KB(BUDGETS.signin)} KB gzip, shell <= ${KB(BUDGETS.shell)} KB gzip.`,
      );

    const screens = await timeScreens(browser, server.base, { email: EMAIL, password: PASSWORD });
    const met = printScreens(screens);
    if (!met)
      console.log(
        process.env.BENCH_WEB_STRICT
          ? 'Screen-time targets missed (BENCH_WEB_STRICT=1: failing).'
          : 'Screen-time targets missed (reported only; BENCH_WEB_STRICT=1 makes it fail).',
      );
    if (!met && process.env.BENCH_WEB_STRICT) process.exitCode = 1;
    return { signin, signedIn, shell, home, screens, ok: over.length === 0 };
  } finally {
    await browser.close();
    await server.stop();
  }
}
