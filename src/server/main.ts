import { ConfigError, loadConfig, type Config } from './config/env.js';
import { openDatabase } from './platform/db/database.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // Opening the embedded database is mostly WebAssembly start-up and file reads. The handle
  // exists at once (queries wait for it), so the HTTP stack is built while it opens.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    listenUrl: config.DATABASE_LISTEN_URL,
    pgliteDir: config.pgliteDir,
    poolMax: config.DATABASE_POOL_MAX,
    pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
  });
  const [{ buildApp }, { migrateDatabase }, { seedDemoDataOnce }, { loadGazetteerOnce }, { PRESENCE_REFRESH_MS }] = await Promise.all([
    import('./app.js'),
    import('./platform/db/migrate.js'),
    import('./platform/system/demo-seed.js'),
    import('./platform/system/gazetteer.js'),
    import('./features/telehealth/telehealth.presence.js'),
  ]);
  // Built while the embedded database opens; made ready (which starts the background jobs) only
  // once the schema is migrated, the gazetteer loaded and the demo data seeded, so no job ever
  // meets a table a migration has yet to create.
  const app = await buildApp(config, { database });
  if (config.TELEHEALTH_PRESENCE_GRACE_SECONDS * 1000 <= PRESENCE_REFRESH_MS) {
    app.log.warn(
      { graceSeconds: config.TELEHEALTH_PRESENCE_GRACE_SECONDS, refreshSeconds: PRESENCE_REFRESH_MS / 1000 },
      'TELEHEALTH_PRESENCE_GRACE_SECONDS is not longer than the presence refresh: with several server processes, a person whose page is open on another process may be shown as gone',
    );
  }
  await migrateDatabase(database);
  await loadGazetteerOnce(database.db);
  if (config.demoMode && config.SEED_DEMO_DATA) await seedDemoDataOnce(database.db);
  await app.ready();

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app
      .close()
      .then(() => {
        app.log.info('shut down cleanly');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const port = new URL(address).port;
  const shown = config.PUBLIC_URL ?? `http://localhost:${port}`;
  app.log.info({ url: shown, database: database.kind }, 'Tendwell is listening');
  process.stdout.write(`\nTendwell is running at ${shown} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL'})\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Tendwell failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
