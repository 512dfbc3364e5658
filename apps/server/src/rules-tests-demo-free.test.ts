import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tests of rules build their data with the factories (apps/server/test/factories.ts and the
 * worlds next to it), so that a change to the demo data breaks no test of a rule. A rules test
 * (a *.routes.test.ts, or an API test under apps/server/test) must not start from the demo data
 * nor name a demo account or the demo password.
 */
const SERVER = path.resolve(__dirname, '..');
const DEMO = /@demo\.test|Demo-portal|DEMO_(PASSWORD|ACCOUNTS)|\bdemo: true\b|startup\/seed\/demo'/i;

/** Tests whose subject is the demo data itself (none is a rules test today). */
const DEMO_TESTS = new Set<string>([]);

/**
 * Rules tests still on the demo data, to be moved to the factories (issue 25): this list only
 * shrinks. A file leaving the demo data must leave it too (the last test checks that).
 */
const NOT_YET_MOVED = new Set([
  'src/modules/documents/archive/archive.routes.test.ts',
  'src/modules/documents/folders/folders-fill-in.routes.test.ts',
  'src/modules/documents/unread/read-marks.routes.test.ts',
  'src/modules/documents/unread/unread-reach.routes.test.ts',
]);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return [full];
  });
}

const rulesTests = [
  ...walk(path.join(SERVER, 'src')).filter((f) => f.endsWith('.routes.test.ts')),
  ...walk(path.join(SERVER, 'test')).filter((f) => f.endsWith('.test.ts')),
].map((f) => path.relative(SERVER, f).split(path.sep).join('/'));

const mentionsDemo = (file: string) => DEMO.test(fs.readFileSync(path.join(SERVER, file), 'utf8'));

describe('rules tests build their own data', () => {
  it('finds the rules tests', () => {
    expect(rulesTests.length).toBeGreaterThan(50);
    expect(rulesTests).toContain('src/modules/terms/terms.routes.test.ts');
  });

  it('no rules test starts from the demo data or signs in as a demo account', () => {
    const offenders = rulesTests.filter(
      (f) => !DEMO_TESTS.has(f) && !NOT_YET_MOVED.has(f) && mentionsDemo(f),
    );
    expect(offenders).toEqual([]);
  });

  it('the list of tests not yet moved names only files still on the demo data', () => {
    const moved = [...NOT_YET_MOVED].filter((f) => !rulesTests.includes(f) || !mentionsDemo(f));
    expect(moved).toEqual([]);
  });

  it('the check itself recognises a demo account', () => {
    for (const text of [
      "t.signIn('expert@demo.test')",
      "password: 'Demo-portal-2026'",
      'createTestApp({ demo: true })',
    ])
      expect(DEMO.test(text), text).toBe(true);
    expect(DEMO.test('t.signIn(people.expert.email)')).toBe(false);
  });
});
