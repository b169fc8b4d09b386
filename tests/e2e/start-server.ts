/** Starts the portal for the browser tests on E2E_PORT (default 8123); see e2e-portal.ts. */
import { runE2ePortal, runMain } from './e2e-portal';

runMain(() => runE2ePortal({ port: Number(process.env.E2E_PORT ?? 8123), label: 'e2e portal' }));
