import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Database, PGLITE_EXTENSIONS, pgliteDir, pgliteLock, takeLock } from '../db/client';

/**
 * Backups of the embedded PGlite database: a gzipped tarball of its data folder, written under a
 * temporary name and renamed once complete, the oldest pruned. PostgreSQL is backed up with its
 * own tools (docs/deployment.md).
 */

const NAME = /^portal-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)\.tar\.gz$/;

export const backupFileName = (at: Date) =>
  `portal-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

export type Backup = { file: string; bytes: number; at: Date };

/** `path (4.7 MB)`, as logs and the command line show a backup. */
export const describeBackup = (b: Backup) => `${b.file} (${(b.bytes / 1_048_576).toFixed(1)} MB)`;

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): Backup[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const stamp = NAME.exec(name)![1]!;
      const at = new Date(`${stamp.slice(0, 10)}T${stamp.slice(11, 19).replaceAll('-', ':')}Z`);
      return { file, bytes: fs.statSync(file).size, at };
    });
}

/** Writes one backup of the running PGlite database into `dir`, then keeps the `keep` newest. */
export async function writeBackup(
  pglite: PGlite,
  dir: string,
  keep: number,
  now = new Date(),
): Promise<Backup> {
  fs.mkdirSync(dir, { recursive: true });
  // Between transactions, so the copy holds no half-done one (PGlite would roll it back on
  // restore anyway, like after a crash). Queries wait meanwhile.
  const tarball = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
  const file = path.join(dir, backupFileName(now));
  const partial = `${file}.partial`;
  const handle = await fs.promises.open(partial, 'w');
  try {
    await handle.writeFile(Buffer.from(await tarball.arrayBuffer()));
    await handle.sync();
  } finally {
    await handle.close();
  }
  fs.renameSync(partial, file);
  for (const old of listBackups(dir).slice(0, -keep)) fs.rmSync(old.file, { force: true });
  return { file, bytes: fs.statSync(file).size, at: now };
}

export type BackupSchedule = {
  dir: string;
  hours: number;
  keep: number;
  /** Not in the first moments after start, while the server warms up. */
  startDelayMs?: number;
};

/**
 * Backs up the embedded database every `hours` (the first one a minute after start when the newest
 * backup is older than that). Nothing for PostgreSQL or when `hours` is 0. Returns a stop function that
 * waits for a backup in progress.
 */
export function scheduleBackups(
  database: Database,
  schedule: BackupSchedule,
  log: (message: string) => void,
): () => Promise<void> {
  const { pglite } = database;
  if (!pglite || schedule.hours <= 0) return async () => {};
  const every = schedule.hours * 3_600_000;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= writeBackup(pglite, schedule.dir, schedule.keep)
      .then((b) => log(`Backup written: ${describeBackup(b)}`))
      .catch((error: Error) => log(`Backup failed: ${error.message}`))
      .finally(() => {
        running = null;
      });
  };
  const newest = listBackups(schedule.dir).at(-1);
  const dueIn = Math.max(
    schedule.startDelayMs ?? 60_000,
    newest ? newest.at.getTime() + every - Date.now() : 0,
  );
  let timer = setTimeout(function tick() {
    run();
    timer = setTimeout(tick, every).unref();
  }, dueIn).unref();
  return async () => {
    clearTimeout(timer);
    await running;
  };
}

/**
 * Replaces the embedded database of `dataDir` with a backup. The server must be stopped (the
 * folder's lock says so); the current database is kept aside as `pglite.replaced-<time>`.
 * Migrations newer than the backup run at the next start.
 */
export async function restoreBackup(file: string, dataDir: string, now = new Date()): Promise<string> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  const lock = pgliteLock(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  takeLock(lock);
  const dir = pgliteDir(dataDir);
  const aside = `${dir}.replaced-${now.toISOString().replaceAll(':', '-')}`;
  try {
    if (fs.existsSync(dir)) fs.renameSync(dir, aside);
    try {
      const tarball = new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' });
      const pglite = await PGlite.create(dir, { loadDataDir: tarball, extensions: PGLITE_EXTENSIONS });
      await pglite.query('select 1');
      await pglite.close();
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      if (fs.existsSync(aside)) fs.renameSync(aside, dir);
      throw error;
    }
    return fs.existsSync(aside) ? aside : '';
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
