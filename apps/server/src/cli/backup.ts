import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openPglite, pgliteDir } from '../db/client';
import { describeBackup, listBackups, restoreBackup, writeBackup } from '../startup/backup';

const USAGE = `Usage:
  npm run backup                     back up the embedded database now (server stopped)
  npm run backup -- --list           list the backups
  npm run backup -- --restore FILE   replace the embedded database with FILE (server stopped)`;

/** Backups of the embedded PGlite database from the command line (src/startup/backup.ts). */
async function main() {
  const { values } = parseArgs({
    options: { list: { type: 'boolean' }, restore: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(USAGE);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump or your host (docs/deployment.md).',
    );
  }
  if (values.list) {
    const backups = listBackups(config.backupDir);
    if (backups.length === 0) console.log(`No backup in ${config.backupDir}.`);
    for (const b of backups) console.log(describeBackup(b));
    return;
  }
  if (values.restore) {
    const aside = await restoreBackup(values.restore, config.dataDir);
    console.log(`Restored ${values.restore} into ${config.dataDir}.`);
    if (aside) console.log(`The replaced database is kept in ${aside}.`);
    return;
  }
  if (!fs.existsSync(path.join(pgliteDir(config.dataDir), 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${config.dataDir} (DATA_DIR).`);
  }
  const database = await openPglite(config.dataDir).catch((error: Error) => {
    throw new Error(
      `${error.message}\nThe running server backs itself up every BACKUP_HOURS (${config.BACKUP_HOURS}) into ${config.backupDir}.`,
    );
  });
  try {
    const backup = await writeBackup(database.pglite!, config.backupDir, config.BACKUP_KEEP);
    console.log(`Backup written: ${describeBackup(backup)}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
