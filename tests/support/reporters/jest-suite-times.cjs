/**
 * Jest reporter: after the run, each test file's time, slowest first, and the time per folder
 * (tests/unit, tests/component, tests/server, tests/api), so a slow suite shows in CI's output.
 * `JEST_SUITE_TIMES=<n>` prints the n slowest files (default 25); the folder totals always print.
 */
const path = require('node:path');

class SuiteTimes {
  constructor(globalConfig) {
    this.root = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({ file: path.relative(this.root, r.testFilePath), seconds: (r.perfStats.end - r.perfStats.start) / 1000, tests: r.numPassingTests + r.numFailingTests }))
      .sort((a, b) => b.seconds - a.seconds);
    const byFolder = new Map();
    for (const f of files) {
      const folder = f.file.split(path.sep).slice(0, 2).join('/');
      const entry = byFolder.get(folder) ?? { seconds: 0, files: 0, tests: 0 };
      byFolder.set(folder, { seconds: entry.seconds + f.seconds, files: entry.files + 1, tests: entry.tests + f.tests });
    }
    const most = Number(process.env.JEST_SUITE_TIMES ?? 25);
    const wall = (Date.now() - results.startTime) / 1000;
    const lines = ['', `Suite times (wall ${wall.toFixed(0)} s; a file's time counts from its start to its end in its worker):`];
    for (const [folder, t] of [...byFolder].sort((a, b) => b[1].seconds - a[1].seconds))
      lines.push(`  ${folder.padEnd(18)} ${t.seconds.toFixed(0).padStart(6)} s  ${String(t.files).padStart(4)} files ${String(t.tests).padStart(5)} tests`);
    lines.push(`Slowest ${Math.min(most, files.length)} files:`);
    for (const f of files.slice(0, most)) lines.push(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file} (${f.tests})`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

module.exports = SuiteTimes;
