import { readConfig } from './config';
import { bootstrap } from './bootstrap';
import { buildApp } from './app';
import { startJobs } from './jobs';

/** Starts the portal: opens the database, builds the app, listens, runs the background jobs. */
async function main(): Promise<void> {
  const config = readConfig();
  const { ctx, close } = await bootstrap(config);
  const app = await buildApp(ctx, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  const jobs = config.jobs ? startJobs(ctx, app.log) : undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await jobs?.stop();
    await app.close();
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  app.log.info(`portal on ${config.publicUrl}/ui/ (${where}${config.demo ? ', demo data' : ''})`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
