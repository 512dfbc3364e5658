import type { Config } from '../config';
import {
  type Database,
  type Db,
  fromPostgres,
  openPglite,
  pendingMigrations,
  runMigrations,
} from '../db/client';
import { ensureAllVendorFolders } from '../modules/documents/tree/tree.service';
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
    await prepareData(database.db, config, log);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * What every start does once the schema is current: the module catalogue, the default tree
 * structure, the demo data set on an empty database, and the folders of client files made
 * before the document manager (each given once: a second start adds nothing).
 */
export async function prepareData(db: Db, config: Pick<Config, 'seedDemo'>, log: Log): Promise<void> {
  await ensureModules(db);
  await ensureDefaultTreeStructure(db);
  if (config.seedDemo && (await isEmpty(db))) {
    await seedDemo(db);
    log(
      [
        `Demo data loaded. Demo accounts (password ${DEMO_PASSWORD}):`,
        ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${a.role}`),
      ].join('\n'),
    );
  }
  const given = await ensureAllVendorFolders(db);
  if (given > 0) log(`Folders created for ${given} client file(s) made before the document manager.`);
}
