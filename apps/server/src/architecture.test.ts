import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImportCycles, relativeSpecifiers, tokenize } from '../../../scripts/lib/import-graph.mjs';

const src = import.meta.dirname;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');

const STATEFUL = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);
const STARTS_STATEMENT = new Set([';', '}', 'export', 'declare']);

/**
 * A file's module-level state: each top-level `let`/`var`, and each top-level `const` made by
 * `new Map|Set|WeakMap|WeakSet(...)` unless typed `ReadonlyMap`/`ReadonlySet` (a constant table).
 * Read from tokens, so code in strings and template literals (a worker's source) is not counted.
 */
function moduleState(source: string): string[] {
  const tokens = tokenize(source);
  const found: string[] = [];
  let depth = 0;
  tokens.forEach((token, i) => {
    if (token.type === 'punctuation') {
      if ('{(['.includes(token.value)) depth += 1;
      else if ('})]'.includes(token.value)) depth -= 1;
      return;
    }
    const before = tokens[i - 1];
    if (depth !== 0 || token.type !== 'word' || (before && !STARTS_STATEMENT.has(before.value))) return;
    const name = tokens[i + 1]?.value;
    if (token.value === 'let' || token.value === 'var') found.push(`${token.value} ${name}`);
    if (token.value !== 'const') return;
    // The initializer starts after the first `=` outside brackets that is not an arrow's `=>`.
    let j = i + 2;
    for (let inner = 0; j < tokens.length; j += 1) {
      const value = tokens[j]!.value;
      if ('{(['.includes(value)) inner += 1;
      else if ('})]'.includes(value)) inner -= 1;
      else if (inner === 0 && value === '=' && tokens[j + 1]?.value !== '>') break;
      else if (inner === 0 && value === ';') return;
    }
    const made = tokens[j + 2]?.value ?? '';
    const readOnly = tokens[i + 2]?.value === ':' && /^Readonly(Map|Set)$/.test(tokens[i + 3]?.value ?? '');
    if (tokens[j + 1]?.value === 'new' && STATEFUL.has(made) && !readOnly)
      found.push(`const ${name} = new ${made}`);
  });
  return found;
}

/**
 * Module-level state in modules/documents that the filing work (issue 23) moves onto the app
 * context (or types read-only); the coordinator empties this list once that work is merged.
 */
/** The module shape: routes (HTTP) -> service (rules) -> repository (the only one to query). */
describe('apps/server/src', () => {
  const files = filesUnder(src).filter((f) => !f.endsWith('.test.ts'));

  it('has no import circle', () => {
    expect(findImportCycles(src)).toEqual([]);
  });

  it('keeps drizzle and the schema in repositories and x.sql.ts files (the rest of a module asks them)', () => {
    const database = /(from|import\()\s*['"](drizzle-orm[^'"]*|(\.\.\/)+db\/schema[^'"]*)['"]/;
    const offenders = files
      .filter((f) => relative(f).startsWith('modules/') && !/\.(repository|sql)\.ts$/.test(f))
      .filter((f) => database.test(fs.readFileSync(f, 'utf8')))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it('keeps modules stateless: no top-level let, Map or Set (state lives on the app context)', () => {
    const offenders = files
      .filter((f) => relative(f).startsWith('modules/'))
      .flatMap((f) => moduleState(fs.readFileSync(f, 'utf8')).map((found) => `${relative(f)}: ${found}`));
    expect(offenders).toEqual([]);
  });

  it('lets a module import of another only its services, its x.sql.ts and its public types (x.types.ts)', () => {
    const offenders = files
      .filter((f) => relative(f).startsWith('modules/'))
      .flatMap((f) => {
        const own = relative(f).split('/')[1];
        return relativeSpecifiers(fs.readFileSync(f, 'utf8'))
          .map((specifier) => relative(path.resolve(path.dirname(f), specifier)).replace(/\.(ts|js)$/, ''))
          .filter((target) => target.startsWith('modules/') && target.split('/')[1] !== own)
          .filter((target) => !/\.(service|sql|types)$/.test(target))
          .map((target) => `${relative(f)} -> ${target}`);
      });
    expect(offenders).toEqual([]);
  });

  it('keeps modules out of each other repositories', () => {
    const offenders = files
      .filter((f) => relative(f).startsWith('modules/'))
      .flatMap((f) => {
        const own = relative(f).split('/')[1];
        const imports = [...fs.readFileSync(f, 'utf8').matchAll(/from '([^']+\.repository)'/g)].map((m) =>
          relative(path.resolve(path.dirname(f), m[1]!)),
        );
        return imports.filter((target) => target.split('/')[1] !== own).map((t) => `${relative(f)} -> ${t}`);
      });
    expect(offenders).toEqual([]);
  });

  it("keeps each part of the document manager out of its siblings' repositories (the tree owns the rows)", () => {
    const offenders = files
      .filter((f) => relative(f).startsWith('modules/documents/'))
      .flatMap((f) => {
        const own = relative(f).split('/').slice(0, 3).join('/');
        const imports = [...fs.readFileSync(f, 'utf8').matchAll(/from '([^']+\.repository)'/g)].map((m) =>
          relative(path.resolve(path.dirname(f), m[1]!)),
        );
        return imports
          .filter((t) => t.startsWith('modules/documents/') && !t.startsWith(`${own}/`))
          .map((t) => `${relative(f)} -> ${t}`);
      });
    expect(offenders).toEqual([]);
  });

  it('keeps platform/ and db/ free of modules', () => {
    const offenders = files
      .filter((f) => /^(platform|db)\//.test(relative(f)))
      .filter((f) => /from '(\.\.\/)+modules\//.test(fs.readFileSync(f, 'utf8')))
      .map(relative);
    expect(offenders).toEqual([]);
  });
});
