// Fails when the Drizzle schema and the committed migrations disagree (never prompts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/build.mjs';

const committed = path.join(root, 'apps/server/src/db/migrations');
// drizzle-kit resolves `out` relative to the config folder, so the scratch copy lives there.
const relative = `.tmp/migrations-check-${process.pid}`;
const scratch = path.join(root, 'apps/server', relative);
fs.mkdirSync(path.dirname(scratch), { recursive: true });
fs.cpSync(committed, scratch, { recursive: true });
const before = new Set(fs.readdirSync(scratch));
const result = spawnSync('npx', ['drizzle-kit', 'generate'], {
  cwd: path.join(root, 'apps/server'),
  env: { ...process.env, MIGRATIONS_OUT: `./${relative}` },
  stdio: ['ignore', 'pipe', 'pipe'],
  encoding: 'utf8',
  timeout: 120_000,
});
const added = fs.readdirSync(scratch).filter((f) => !before.has(f));
fs.rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0 || /Error/.test(`${result.stdout}${result.stderr}`)) {
  console.error(result.stdout, result.stderr);
  console.error('drizzle-kit could not compare the schema with the migrations (see above).');
  process.exit(1);
}
if (added.length > 0) {
  console.error(`The Drizzle schema has changes without a migration (${added.join(', ')}).`);
  console.error('Run `npm run db:generate` and commit the new file in apps/server/src/db/migrations.');
  process.exit(1);
}
console.log('Migrations match the schema.');
