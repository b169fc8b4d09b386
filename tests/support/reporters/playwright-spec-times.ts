import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Playwright reporter: after the run, the time of each spec file (the sum of its tests' times,
 * retries included), slowest first, and the run's wall time, so a slow spec shows in CI's output.
 */
export default class SpecTimes implements Reporter {
  private readonly bySpec = new Map<string, { ms: number; tests: number }>();
  private started = Date.now();

  onBegin(): void {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const spec = test.location.file.split(/[\\/]tests[\\/]e2e[\\/]/).pop() ?? test.location.file;
    const entry = this.bySpec.get(spec) ?? { ms: 0, tests: 0 };
    this.bySpec.set(spec, { ms: entry.ms + result.duration, tests: entry.tests + 1 });
  }

  onEnd(_result: FullResult): void {
    const specs = [...this.bySpec].sort((a, b) => b[1].ms - a[1].ms);
    const total = specs.reduce((n, [, s]) => n + s.ms, 0);
    const lines = ['', `Spec times (wall ${((Date.now() - this.started) / 1000).toFixed(0)} s, ${(total / 1000).toFixed(0)} s of tests):`];
    for (const [spec, s] of specs) lines.push(`  ${(s.ms / 1000).toFixed(1).padStart(7)} s  ${spec} (${s.tests})`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
