import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../../../scripts/lib/import-graph.mjs';

const src = import.meta.dirname;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');

/** The module shape: routes (HTTP) -> service (rules) -> repository (the only one to query). */
describe('apps/server/src', () => {
  const files = filesUnder(src).filter((f) => !f.endsWith('.test.ts'));

  it('has no import circle', () => {
    expect(findImportCycles(src)).toEqual([]);
  });

  it('keeps drizzle and the schema out of routes and services (repositories query)', () => {
    const database = /from ['"](drizzle-orm[^'"]*|(\.\.\/)+db\/schema[^'"]*)['"]/;
    const offenders = files
      .filter((f) => /\.(routes|service)\.ts$/.test(f) && database.test(fs.readFileSync(f, 'utf8')))
      .map(relative);
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
