import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tests of rules build their data with the factories (apps/server/test/factories.ts and the
 * worlds next to it), so that a change to the demo data breaks no test of a rule. A rules test
 * (a *.routes.test.ts, or an API test, world or helper under apps/server/test) must not start
 * from the demo data nor name a demo account or the demo password.
 */
const SERVER = path.resolve(__dirname, '..');
const DEMO = /@demo\.test|Demo-portal|DEMO_(PASSWORD|ACCOUNTS)|\bdemo: true\b|startup\/seed\/demo'/i;

/**
 * Files that may name the demo: the test of the demo data itself (demo-data.test.ts), the test
 * app, whose `demo` option loads it for that test, and the factories, whose `TEST_PASSWORD` has
 * the demo password's value (so that `t.signIn(email)` serves both). No rules test is among them.
 */
const DEMO_ALLOWED = new Set(['test/test-app.ts', 'test/factories.ts', 'test/demo-data.test.ts']);

/**
 * Rules tests still on the demo data, to be moved to the factories (issue 25): this list only
 * shrinks. A file leaving the demo data must leave it too (the third test checks that).
 */
const NOT_YET_MOVED = new Set<string>([]);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return [full];
  });
}

/** The API tests of rules and the worlds and helpers they are built on. */
const rulesTests = [
  ...walk(path.join(SERVER, 'src')).filter((f) => f.endsWith('.routes.test.ts')),
  ...walk(path.join(SERVER, 'test')).filter((f) => f.endsWith('.ts')),
].map((f) => path.relative(SERVER, f).split(path.sep).join('/'));

const mentionsDemo = (file: string) => DEMO.test(fs.readFileSync(path.join(SERVER, file), 'utf8'));

describe('rules tests build their own data', () => {
  it('finds the rules tests', () => {
    expect(rulesTests.length).toBeGreaterThan(50);
    expect(rulesTests).toContain('src/modules/terms/terms.routes.test.ts');
    expect(rulesTests).toContain('test/documents.ts');
  });

  it('no rules test starts from the demo data or signs in as a demo account', () => {
    const offenders = rulesTests.filter(
      (f) => !DEMO_ALLOWED.has(f) && !NOT_YET_MOVED.has(f) && mentionsDemo(f),
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
