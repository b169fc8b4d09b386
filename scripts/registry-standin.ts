/**
 * Runs the stand-in research registry on its own, e.g. to point a development server at it:
 * `REGISTRY_URL=http://127.0.0.1:8124 REGISTRY_USERNAME=demo REGISTRY_PASSWORD=demo`.
 * Port from REGISTRY_STANDIN_PORT (default 8124); credentials demo/demo.
 */
import { startRegistryStandIn } from '../src/server/registry/stand-in/registry-stand-in';

const DEFAULT_PORT = 8124;

async function main(): Promise<void> {
  const raw = process.env.REGISTRY_STANDIN_PORT;
  const port = raw ? Number(raw) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`REGISTRY_STANDIN_PORT must be a port number, got "${raw}"`);
  const standIn = await startRegistryStandIn({ port, username: 'demo', password: 'demo' });
  console.log(`stand-in registry listening on ${standIn.url} (user demo, password demo)`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
