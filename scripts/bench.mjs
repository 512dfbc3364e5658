// `npm run bench [-- <name>]`: builds when needed, then runs one benchmark (default: load).
import { buildIfStale } from './lib/build.mjs';

const BENCHMARKS = { load: './bench/load.mjs', soak: './bench/soak.mjs' };
const name = process.argv[2] ?? 'load';
if (!BENCHMARKS[name]) {
  console.error(`Unknown benchmark "${name}". Available: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
buildIfStale();
const { run } = await import(BENCHMARKS[name]);
await run();
