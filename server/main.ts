import path from 'node:path';
import { buildApp } from './app.ts';
import { stopServing } from './plugins/health.ts';
import { shareChanges } from './cache-changes.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { autovacuumOffWarning, DatabaseLockedError, hasAutovacuum } from './db/database.ts';
import { createOutageLog } from './db/outages.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { startJobWorker } from './jobs/worker.ts';
import { openAndPrepareDatabase, openRequestDatabase } from './runtime.ts';

const shutdownGraceMs = 10_000;

async function main() {
  const config = loadConfig();
  const logger = await createLogger(config);
  const startedAt = performance.now();
  // One log of the database's outages for both pools: whichever notices first says so, once.
  const outages = createOutageLog(logger);

  let prepared;
  try {
    prepared = await openAndPrepareDatabase(config, { allowSeed: true, outages });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { handle, migrated, seeded } = prepared;
  if (migrated.length > 0) logger.info({ migrations: migrated }, 'database migrated');
  if (seeded) logger.info(seeded, 'demo content loaded');
  if (handle.kind === 'postgres' && !(await hasAutovacuum(handle.db))) {
    logger.warn(autovacuumOffWarning);
  }

  // Requests get statement time limits that migrations and jobs must not (decision 036).
  const requests = openRequestDatabase(config, handle, outages);
  const app = await buildApp(
    { config, db: requests.db, webDir: path.resolve(import.meta.dirname, '../dist/web') },
    { logger },
  );
  // On a PostgreSQL server each handle's caches hear the changes every other one commits, in this
  // process or another (docs/decisions/062); the embedded database has one process and one handle.
  const databaseUrl = handle.kind === 'postgres' ? config.databaseUrl : undefined;
  const sharings = databaseUrl
    ? [...new Set([handle.db, requests.db])].map((db) => shareChanges(db, databaseUrl, app.log))
    : [];
  await Promise.all(sharings.map((sharing) => sharing.ready));
  if (handle.db !== requests.db) app.metrics.watchPool('jobs', handle.db);
  const worker = startJobWorker(handle.db, jobHandlers, {
    log: app.log,
    onJobRun: app.metrics.jobRun,
    config,
    pollMs: config.jobsPollMs,
  });
  if (config.isProduction && config.trustProxy === false) {
    // Behind a proxy, every visitor would share its address, and so its per-address rate limits.
    app.log.warn(
      'TRUST_PROXY is unset: clients are known by their sockets’ addresses. Behind a proxy, ' +
        'set it to the number of proxies or their addresses (docs/decisions/035).',
    );
  }

  let isShuttingDown = false;
  async function shutdown(signal: string) {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + shutdownGraceMs);
    forceExit.unref();
    try {
      // Out of the load balancer's rotation first, still serving what reaches us meanwhile; then
      // stop taking requests and finish those in flight, then the jobs, then the database.
      if (config.shutdownDrainMs > 0) {
        stopServing(app);
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await app.close();
      await worker.stop();
      await Promise.all(sharings.map((sharing) => sharing.close()));
      await requests.close();
      await handle.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: handle.kind === 'embedded' ? config.dataDir : 'postgres',
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Stance is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
