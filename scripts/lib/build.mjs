// Builds the web app and the server when the build is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const stampFile = path.join(root, 'apps/server/dist/.build-stamp');
const sources = [
  'packages/contracts/src',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'package-lock.json',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function isBuildStale() {
  if (!fs.existsSync(stampFile) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return true;
  const built = Number(fs.readFileSync(stampFile, 'utf8'));
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with ${result.status ?? result.signal}`);
  }
}

export function buildIfStale() {
  if (!isBuildStale()) return;
  console.log('Building the web app and the server...');
  const started = Date.now();
  run('npm', ['run', 'build', '-w', '@portal/web']);
  run('npm', ['run', 'build', '-w', '@portal/server']);
  fs.writeFileSync(stampFile, String(started));
}
