import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { email as emailRule, password as passwordRule, translateMessage } from '@portal/contracts';
import { passwordStrengthProblem } from '@portal/contracts/rules/password-strength';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { replacePassword } from '../modules/identity/identity.service';
import { hashPassword } from '../platform/auth/passwords';
import { createOutbox } from '../platform/mail/outbox';
import { openDatabase } from '../startup/open-database';

/**
 * Creates (or promotes) a platform super admin. The password is asked for on a terminal, taken
 * from --password, or generated and printed once: no install has a known default account.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, generate: { type: 'boolean' } },
  });
  const email = emailRule().safeParse(values.email ?? '');
  if (!email.success)
    throw new Error('Usage: npm run create-admin -- --email admin@example.com [--password ...]');
  let password = values.password;
  let generated = false;
  if (!password && process.stdin.isTTY && !values.generate) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = (await rl.question('Password (empty to generate one): ')).trim() || undefined;
    rl.close();
  }
  if (!password) {
    password = randomBytes(15).toString('base64url');
    generated = true;
  }
  const checked = passwordRule().safeParse(password);
  if (!checked.success) throw new Error(translateMessage('password-too-short', 'en'));
  // The same strength rule as every other way of setting a password.
  const weak = passwordStrengthProblem(password, { email: email.data });
  if (weak) throw new Error(translateMessage(weak, 'en'));

  const config = { ...loadConfig(), seedDemo: false };
  const database = await openDatabase(config, (m) => console.log(m));
  try {
    const passwordHash = await hashPassword(password);
    const [existing] = await database.db.select().from(users).where(eq(users.email, email.data)).limit(1);
    if (existing) {
      // Like any password change: sessions end, links mailed before are spent, and the person
      // is told by a mail that the server's outbox sends.
      const outbox = createOutbox({ db: database.db, mailer: { send: async () => {} } });
      await database.db.transaction(async (tx) => {
        await tx.update(users).set({ isSuperAdmin: true }).where(eq(users.id, existing.id));
        await replacePassword({ config, outbox }, tx, existing, passwordHash, 'en');
      });
    } else {
      await database.db.insert(users).values({ email: email.data, passwordHash, isSuperAdmin: true });
    }
    console.log(`Super admin ${email.data} ${existing ? 'updated' : 'created'}.`);
    if (generated) console.log(`Generated password (shown once): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
