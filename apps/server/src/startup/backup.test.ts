import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type Database, fromPostgres, openPglite, pgliteLock } from '../db/client';
import { backupFileName, listBackups, restoreBackup, scheduleBackups, writeBackup } from './backup';
import { openDatabase } from './open-database';

const temp: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  temp.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function withNote(dataDir: string, note: string): Promise<Database> {
  const database = await openPglite(dataDir);
  await database.pglite!.exec(`create table if not exists notes (text text);
    delete from notes; insert into notes values ('${note}')`);
  return database;
}

async function noteIn(dataDir: string): Promise<string> {
  const database = await openPglite(dataDir);
  try {
    const { rows } = await database.pglite!.query<{ text: string }>('select text from notes');
    return rows[0]!.text;
  } finally {
    await database.close();
  }
}

describe('embedded database backups', () => {
  it('restores the data of a backup and keeps the replaced database aside', async () => {
    const dataDir = tempDir();
    const backups = path.join(dataDir, 'backups');
    const database = await withNote(dataDir, 'before');
    const backup = await writeBackup(database.pglite!, backups, 7);
    await database.pglite!.exec(`update notes set text = 'after'`);
    await database.close();
    expect(backup.bytes).toBeGreaterThan(0);
    expect(fs.readdirSync(backups)).toEqual([path.basename(backup.file)]);

    const aside = await restoreBackup(backup.file, dataDir);
    expect(await noteIn(dataDir)).toBe('before');
    expect(fs.existsSync(path.join(aside, 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('refuses to restore while another process holds the data folder, and changes nothing', async () => {
    const dataDir = tempDir();
    const database = await withNote(dataDir, 'live');
    const backup = await writeBackup(database.pglite!, path.join(dataDir, 'backups'), 7);
    await database.pglite!.exec(`update notes set text = 'newer'`);
    await database.close();
    // The lock of a server still running: a live process other than this one.
    fs.writeFileSync(pgliteLock(dataDir), String(process.ppid));
    await expect(restoreBackup(backup.file, dataDir)).rejects.toThrow(/in use/);
    fs.rmSync(pgliteLock(dataDir));
    expect(await noteIn(dataDir)).toBe('newer');
  }, 120_000);

  it('keeps the newest backups only', async () => {
    const dataDir = tempDir();
    const backups = path.join(dataDir, 'backups');
    const database = await withNote(dataDir, 'x');
    try {
      for (const day of [1, 2, 3]) {
        await writeBackup(database.pglite!, backups, 2, new Date(`2026-11-0${day}T03:00:00Z`));
      }
    } finally {
      await database.close();
    }
    expect(listBackups(backups).map((b) => path.basename(b.file))).toEqual([
      backupFileName(new Date('2026-11-02T03:00:00Z')),
      backupFileName(new Date('2026-11-03T03:00:00Z')),
    ]);
    expect(listBackups(backups)[1]!.at.toISOString()).toBe('2026-11-03T03:00:00.000Z');
  }, 120_000);

  it('backs up when the newest backup is older than the interval, not on PostgreSQL', async () => {
    const dataDir = tempDir();
    const dir = path.join(dataDir, 'backups');
    const database = await withNote(dataDir, 'scheduled');
    const messages: string[] = [];
    const stop = scheduleBackups(database, { dir, hours: 24, keep: 3, startDelayMs: 0 }, (m) =>
      messages.push(m),
    );
    try {
      await expect.poll(() => listBackups(dir).length, { timeout: 30_000 }).toBe(1);
    } finally {
      await stop();
      await database.close();
    }
    expect(messages[0]).toMatch(/^Backup written: .*portal-.*\.tar\.gz/);

    const postgres = fromPostgres('postgres://nobody@127.0.0.1:1/none', 1, () => {});
    const none = path.join(dataDir, 'none');
    await scheduleBackups(postgres, { dir: none, hours: 24, keep: 3 }, () => {})();
    await postgres.close();
    expect(fs.existsSync(none)).toBe(false);
  }, 120_000);

  it('backs up an existing database before applying new migrations', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    // A new database has nothing to lose: no backup.
    await (await openDatabase(config, () => {})).close();
    expect(listBackups(config.backupDir)).toEqual([]);
    // The same database as an older version left it: its last migration not applied yet.
    const older = await openPglite(dataDir);
    await older.pglite!.exec(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
    );
    await older.close();
    const messages: string[] = [];
    // The replayed migration may fail here (its tables exist): the backup was written before.
    await openDatabase(config, (m) => messages.push(m)).then(
      (database) => database.close(),
      () => {},
    );
    expect(listBackups(config.backupDir)).toHaveLength(1);
    expect(messages[0]).toMatch(/^Backup before migrating the embedded database: /);
  }, 120_000);
});
