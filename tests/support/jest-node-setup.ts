/**
 * Each test file may keep what it opened for its next test (harness/embedded-pool.ts keeps its idle
 * engines): it registers a closer here, and after the file they all run. Outside jest (a benchmark,
 * the browser tests' portal) there is no such list and nothing is kept, so a process is not held
 * open by an idle engine. Imports nothing, so a unit test pays nothing for it.
 */
const closers: (() => Promise<void>)[] = [];
(globalThis as { __closeAfterFile?: (() => Promise<void>)[] }).__closeAfterFile = closers;

afterAll(async () => {
  for (const close of closers.splice(0)) await close();
});
