import { readConfig } from './config';
import { bootstrap } from './bootstrap';
import { buildApp } from './app';
import { startJobs } from './jobs';
import { startRegistryStandIn } from './registry/stand-in/registry-stand-in';
import { DEMO_PEOPLE } from './demo/demo-data';
import { startIdpStandIn } from './saml/stand-in/idp-stand-in';

/** Starts the portal: opens the database, builds the app, listens, runs the background jobs. */
async function main(): Promise<void> {
  const config = readConfig();
  // Demo mode without a configured registry talks to a local stand-in that speaks the registry's JSON.
  const standIn =
    config.demo && !config.registry.url ? await startRegistryStandIn({ username: 'demo', password: 'demo' }) : undefined;
  if (standIn) config.registry = { ...config.registry, url: standIn.url, username: 'demo', password: 'demo' };
  // Demo mode without federation metadata signs in through a local stand-in identity provider.
  const idpStandIn = config.demo && !config.production && !config.saml.idpMetadata && !config.saml.edugainIdpMetadata ? await startIdpStandIn() : undefined;
  if (idpStandIn) config.saml = { ...config.saml, idpMetadata: idpStandIn.metadataUrl.national, edugainIdpMetadata: idpStandIn.metadataUrl.edugain, idpMetadataCert: idpStandIn.metadataCert, edugainIdpMetadataCert: idpStandIn.metadataCert };
  const { ctx, close } = await bootstrap(config);
  // In demo mode the log goes through process.stdout, in order with the banner below; elsewhere
  // through pino's own stream, which writes asynchronously (after a console.log made later).
  const stream = config.demo ? { stream: process.stdout } : {};
  const app = await buildApp(ctx, { logger: { level: process.env.LOG_LEVEL ?? 'info', ...stream } });
  if (ctx.live) ctx.live.log = (level, line, detail) => app.log[level]({ detail }, line);
  const jobs = config.jobs ? startJobs(ctx, app.log) : undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await jobs?.stop();
    await app.close();
    await close();
    await standIn?.close();
    await idpStandIn?.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  app.log.info(`portal on ${config.publicUrl}/ui/ (${where}${config.demo ? ', demo data' : ''})`);
  if (standIn) app.log.info(`research registry stand-in on ${standIn.url}`);
  if (idpStandIn) app.log.info(`identity provider stand-in (demo sign-in) on ${idpStandIn.url}`);
  if (config.demo) {
    // The banner comes last, below whatever the start logged, so it is what a terminal shows.
    await jobs?.started;
    const accounts = DEMO_PEOPLE.filter((p) => p.demoAccount).map((p) => p.username);
    console.log(`\nThe portal is ready: ${config.publicUrl}/ui/\nDemo accounts (password = username): ${accounts.join(', ')}\n`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
