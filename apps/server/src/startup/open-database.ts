import type { Config } from '../config';
import { type Database, fromPostgres, openPglite, pendingMigrations, runMigrations } from '../db/client';
import { ensureAllVendorFolders } from '../modules/documents/folders/folders.service';
import { installJobQueue } from '../platform/jobs/job-queue';
import { writeBackup } from './backup';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureModules, isEmpty, seedDemo } from './seed/demo';
import { ensureDefaultTreeStructure } from './seed/tree-structures';

type Log = (message: string) => void;

/** Opens the configured database, applies the committed migrations, seeds what is due. */
export async function openDatabase(config: Config, log: Log): Promise<Database> {
  const database = config.DATABASE_URL ? fromPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
  try {
    if (database.pglite && (await pendingMigrations(database.pglite)) > 0) {
      const backup = await writeBackup(database.pglite, config.backupDir, config.BACKUP_KEEP);
      log(`Backup before migrating the embedded database: ${backup.file}`);
    }
    await runMigrations(database);
    await installJobQueue(database);
    await ensureModules(database.db);
    await ensureDefaultTreeStructure(database.db);
    if (config.seedDemo && (await isEmpty(database.db))) {
      await seedDemo(database.db);
      log(
        [
          `Demo data loaded. Demo accounts (password ${DEMO_PASSWORD}):`,
          ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${a.role}`),
        ].join('\n'),
      );
    }
    const given = await ensureAllVendorFolders(database.db);
    if (given > 0) log(`Folders created for ${given} client file(s) made before the document manager.`);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
