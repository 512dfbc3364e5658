import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSource = path.resolve(import.meta.dirname, '../..');
const contracts = path.resolve(import.meta.dirname, '../../../../../packages/contracts/src');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** zxcvbn and its dictionaries (about 1 MB gzip) must reach the browser only on the password screens. */
describe('password strength check in the web app', () => {
  it('is imported only dynamically (type imports aside)', () => {
    const staticImport =
      /^\s*(import|export)\s+(?!type\b)[^;]*from\s+['"](@portal\/contracts\/rules\/password-strength|@zxcvbn-ts\/[^'"]+)['"]/m;
    const offenders = filesUnder(webSource)
      .filter((file) => staticImport.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(webSource, file));
    expect(offenders).toEqual([]);
  });

  it('is not exported by the contracts index, which every page imports', () => {
    const exported = [path.join(contracts, 'index.ts'), path.join(contracts, 'rules/index.ts')]
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    expect(exported).not.toMatch(/password-strength|zxcvbn/);
  });
});
