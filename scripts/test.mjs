// `npm test`: lint, type-check, migration check, unit + API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then, when Chromium is found (E2E=required: must), the web budget
// (`npm run bench -- web`) and the browser tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, run } from './lib/build.mjs';

const started = Date.now();
const step = (title) => console.log(`\n=== ${title} (${Math.round((Date.now() - started) / 1000)} s) ===`);

step('Lint (Biome)');
run('npx', ['biome', 'check', '.']);

step('Type-check');
for (const project of ['packages/contracts', 'apps/server', 'apps/web'])
  run('npx', ['tsc', '-p', project, '--noEmit']);

step('Schema and migrations agree');
run('node', ['scripts/check-migrations.mjs']);

step('Unit and API tests on PGlite');
run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']);

if (process.env.TEST_DATABASE_URL) {
  step('API tests on PostgreSQL');
  run('npx', ['vitest', 'run', '--project', 'api-postgres'], {
    env: { ...process.env, TEST_DB: 'postgres' },
  });
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite did not run on PostgreSQL.');
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  step('Browser tests (Playwright, Chromium)');
  run('node', ['scripts/lib/build-now.mjs']);
  // The JavaScript a browser loads for /signin and the shell, against its budget (a few seconds).
  run('node', ['scripts/bench.mjs', 'web'], { env: { ...process.env, CHROMIUM_PATH: chromium } });
  // The browser tests' server keeps its database and mail outbox here; removed afterwards.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  try {
    run('npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'], {
      env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir },
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  const banner = '!'.repeat(78);
  console.log(`\n${banner}\n!! Chromium not found at ${chromium}: the browser tests did NOT run.`);
  console.log('!! Install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  console.log(`${banner}\n`);
  if (process.env.E2E === 'required') {
    console.error('E2E=required: failing because the browser tests could not run.');
    process.exit(1);
  }
}
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s (root ${root}).`);
