import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { mailOutbox, passwordTokens, sessions, users } from '../src/db/schema';
import { verifyPassword } from '../src/platform/auth/passwords';
import { openSession } from '../src/platform/auth/sessions';
import { buildPasswordToken } from './factories';

const cli = path.resolve(import.meta.dirname, '../src/cli/create-admin.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run create-admin` on an embedded database of its own. */
function createAdmin(...args: string[]) {
  const { DATABASE_URL: _url, ...env } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm run create-admin', () => {
  it('refuses a common password and one made of the email, before opening the database', () => {
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
  }, 60_000);

  it("sets an existing account's password like any change: sessions end, links are spent, a mail is queued", async () => {
    const email = 'root@portal.test';
    expect(createAdmin('--email', email, '--password', 'Premier-acces-root-2031').status).toBe(0);
    let database = await openPglite(dataDir);
    const [admin] = await database.db.select().from(users).where(eq(users.email, email));
    const session = await openSession(database.db, admin!.id, {});
    const { passwordToken } = await buildPasswordToken(database.db, { user: admin! });
    await database.close();

    const changed = createAdmin('--email', email, '--password', 'Second-acces-root-2032');
    expect(changed.status, changed.stderr).toBe(0);
    database = await openPglite(dataDir);
    try {
      const [after] = await database.db.select().from(users).where(eq(users.email, email));
      expect(await verifyPassword(after!.passwordHash, 'Second-acces-root-2032')).toBe(true);
      expect(after!.isSuperAdmin).toBe(true);
      const [row] = await database.db.select().from(sessions).where(eq(sessions.userId, admin!.id));
      expect(row!.revokedAt).not.toBeNull();
      expect(session.access_token).not.toBe('');
      const [token] = await database.db
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.id, passwordToken.id));
      expect(token!.usedAt).not.toBeNull();
      const queued = await database.db.select().from(mailOutbox);
      expect(queued.map((q) => [q.kind, (q.payload as { to: string; subject: string }).subject])).toEqual([
        ['mail', 'Your password was changed'],
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
