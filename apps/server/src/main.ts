import { buildApp } from './app';
import { assertServerSecrets, loadConfig } from './config';
import { scheduleBackups } from './startup/backup';
import { openDatabase } from './startup/open-database';

async function main() {
  const config = loadConfig();
  assertServerSecrets(config);
  const database = await openDatabase(config, (message) => console.log(message));
  const app = await buildApp(config, { database });
  const stopBackups = scheduleBackups(
    database,
    { dir: config.backupDir, hours: config.BACKUP_HOURS, keep: config.BACKUP_KEEP },
    (message) => app.log.info(message),
  );
  app.addHook('onClose', async () => {
    await stopBackups();
    await database.close();
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
