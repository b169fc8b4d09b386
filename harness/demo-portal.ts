/**
 * The portal the browser tests run (e2e-portal.ts: a database of its own, demo data, the stand-ins)
 * without their fixtures, on E2E_PORT: what the browser benchmarks measure.
 */
import { runE2ePortal, runMain } from './e2e-portal';

runMain(() => runE2ePortal({ port: Number(process.env.E2E_PORT ?? 8123), label: 'demo portal' }));
