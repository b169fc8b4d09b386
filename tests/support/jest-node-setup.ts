/**
 * After each test file: closes what the file kept for its next test (harness/embedded-pool.ts
 * registers its idle engines here). Imports nothing, so a unit test pays nothing for it.
 */
afterAll(async () => {
  const closers = (globalThis as { __closeAfterFile?: (() => Promise<void>)[] }).__closeAfterFile ?? [];
  for (const close of closers.splice(0)) await close();
});
