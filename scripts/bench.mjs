// `npm run bench [-- <name>...]`: builds when needed, then runs benchmarks in order. Without a
// name: routes and load (about 6 minutes); `soak` (10 minutes) and `web` (the JavaScript a browser
// loads, against its budget; a few seconds) and `documents` (uploads, a large folder's page, ZIP;
// about 3 minutes, 3 GiB of disk; followed by `workflows`, the bulk status move) and `search`
// (100,000 then 1,000,000 documents; about 15 minutes) and `webdav` (the network drive beside Apache
// mod_dav from Debian's apache2; about 3 minutes) run only when named.
import { buildIfStale } from './lib/build.mjs';

const BENCHMARKS = {
  routes: './bench/routes.mjs',
  load: './bench/load.mjs',
  soak: './bench/soak.mjs',
  web: './bench/web.mjs',
  documents: './bench/documents.mjs',
  search: './bench/search.mjs',
  workflows: './bench/workflows.mjs',
  signatures: './bench/signatures.mjs',
  webdav: './bench/webdav.mjs',
};
/** Benchmarks that run after another one named (the workflows' bulk move is a documents target). */
const FOLLOWERS = { documents: ['workflows'] };
const names = process.argv.slice(2);
const named = names.length ? names : ['routes', 'load'];
const chosen = [...new Set(named.flatMap((name) => [name, ...(FOLLOWERS[name] ?? [])]))];
const unknown = chosen.filter((name) => !BENCHMARKS[name]);
if (unknown.length) {
  console.error(
    `Unknown benchmark "${unknown.join(', ')}". Available: ${Object.keys(BENCHMARKS).join(', ')}`,
  );
  process.exit(2);
}
buildIfStale();
for (const name of chosen) {
  console.log(`\n=== bench: ${name} ===`);
  const { run } = await import(BENCHMARKS[name]);
  await run();
}
