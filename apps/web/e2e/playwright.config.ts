import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built app (`node scripts/lib/build-now.mjs` first): one server on a fresh
 * data directory (migrated and seeded with the demo accounts), Chromium in French and in English.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

// The config is loaded again in every worker: the runner creates the directory once and the workers
// inherit it through the environment (the specs read the mail outbox there).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
process.env.E2E_BASE_URL = baseURL;

/** Resets a demo password and revokes its sessions: runs once the other specs are done. */
const RESET_SPEC = /password-reset\.spec\.ts$/;

const chromium = (locale: string) => ({
  ...devices['Desktop Chrome'],
  locale,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
});

export default defineConfig({
  testDir: here,
  outputDir: path.join(root, 'apps/web/test-results'),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  // CI (E2E=required) retries a failed test once, recording its trace; the list reporter names it
  // "flaky", so a race stays visible without one stray timing failing the whole run.
  retries: process.env.E2E === 'required' ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace doubles the tests' time on two cores (the browsers starve): traces only
    // on a retry, so `--retries 1` records one for a failing test; the page snapshot and the
    // screenshot of a failure are always kept.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium-fr', testIgnore: RESET_SPEC, use: chromium('fr-FR') },
    { name: 'chromium-en', testIgnore: RESET_SPEC, use: chromium('en-US') },
    // The reset revokes every session of the account: it must not overlap the sign-in specs.
    {
      name: 'chromium-fr-reset',
      testMatch: RESET_SPEC,
      dependencies: ['chromium-fr', 'chromium-en'],
      use: chromium('fr-FR'),
    },
    {
      name: 'chromium-en-reset',
      testMatch: RESET_SPEC,
      dependencies: ['chromium-fr', 'chromium-en'],
      use: chromium('en-US'),
    },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      BACKUP_HOURS: '0',
      // The browser tests' server has no office converter, whatever the machine has installed
      // (document-previews.spec.ts shows the viewer's "download to open" state; the conversion
      // itself is tested through the API, previews.routes.test.ts).
      SOFFICE_PATH: '/nonexistent/soffice',
    },
  },
});
