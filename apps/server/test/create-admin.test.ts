import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = path.resolve(import.meta.dirname, '../src/cli/create-admin.ts');

/** The command refuses a weak password before it opens any database. */
function createAdmin(...args: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
  try {
    return spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('npm run create-admin', () => {
  it('refuses a common password and one made of the email', () => {
    const common = createAdmin('--email', 'root@portal.test', '--password', '12345678');
    expect(common.status).toBe(1);
    expect(common.stderr).toContain('This password is too easy to guess');
    const own = createAdmin(
      '--email',
      'marguerite.yourcenar@portal.test',
      '--password',
      'marguerite.yourcenar',
    );
    expect(own.status).toBe(1);
    expect(own.stderr).toContain('The password must not reuse your email address or your name.');
  });
});
