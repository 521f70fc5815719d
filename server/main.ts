/**
 * Entry point: parse env -> open the database (migrating it) -> buildApp -> listen.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot } from './boot';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/client';
import { systemClock } from './deps';
import { createLogger } from './logger';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = parseConfig(process.env);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => logger.warn({ err }, 'an idle database connection failed; the pool will reconnect'),
  });
  const { app } = await boot({ config, database, clock: systemClock, logger, webRoot: path.join(root, 'dist', 'web') });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ db: database.kind, dataDir: config.dataDir }, 'Redraft is ready');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78); // EX_CONFIG
  }
  console.error(err);
  process.exit(1);
});
