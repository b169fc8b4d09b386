import { execFile } from 'node:child_process';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../harness/chromium';

/**
 * Lighthouse itself, as issue 26 measured the pages: its CLI with its defaults (mobile, simulated
 * throttling), performance only, in Debian's Chromium. It is pinned and run through `npm exec`,
 * fetched from the registry on the first run and kept in npm's cache: not a dependency of the
 * portal, whose install (and CI's) would carry its 186 MB for a figure only the bench prints.
 * 12.x is the last line that runs on Node 20.
 */
export const LIGHTHOUSE = 'lighthouse@12.8.2';

export interface LighthouseFigures {
  version: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  siMs: number;
  cls: number;
  /** What Lighthouse names as the largest contentful paint's element, as an HTML snippet. */
  lcpElement: string;
  /**
   * Lighthouse's measure of the host's CPU (`environment.benchmarkIndex`). Its CPU slowdown is
   * relative to the host: the 4× default stands for a mid-tier phone on a host of 1500–2000 (a
   * high-end desktop); on a slower host the same page scores lower (Lighthouse's throttling docs).
   */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated. */
  cpuSlowdown: number;
}

/** Lighthouse's presets: `mobile` is its default (a mid-tier phone on slow 4G), `desktop` its `--preset=desktop`. */
export type LighthousePreset = 'mobile' | 'desktop';

/**
 * The CPU slowdown that makes this host a mid-tier phone, from its benchmark index, by the table
 * of Lighthouse's throttling docs: 4× on a high-end desktop (index 1500 and over), 2× on a
 * mid-tier one (1000–1500), 1× on a low-end one (below 1000).
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex)) throw new Error('no benchmark index to calibrate the CPU slowdown by');
  if (benchmarkIndex >= 1500) return 4;
  if (benchmarkIndex >= 1000) return 2;
  return 1;
}

/** The figures of one report (Lighthouse's JSON output). */
export function figuresOfReport(report: {
  lighthouseVersion: string;
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }>;
}): LighthouseFigures {
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    version: report.lighthouseVersion,
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    siMs: value('speed-index'),
    cls: value('cumulative-layout-shift'),
    lcpElement: report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? Number.NaN),
    cpuSlowdown: report.configSettings?.throttling?.cpuSlowdownMultiplier ?? Number.NaN,
  };
}

/** The run with the median score (the lower middle one of an even count): its figures are printed together. */
export function medianRun(runs: readonly LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('no Lighthouse runs');
  return [...runs].sort((a, b) => a.score - b.score)[Math.ceil(runs.length / 2) - 1];
}

/**
 * One Lighthouse run on `url` with `preset`'s conditions, with `cookie` sent on every request (a
 * signed-in page), and on the mobile preset `cpuSlowdown` instead of Lighthouse's 4× when given
 * (calibrated to the host, as its docs advise; the desktop preset's CPU is the host's own).
 */
export function lighthouseRun(url: string, cookie?: string, cpuSlowdown?: number, preset: LighthousePreset = 'mobile'): Promise<LighthouseFigures> {
  const args = [
    'exec',
    '--yes',
    `--package=${LIGHTHOUSE}`,
    '--',
    'lighthouse',
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ...(preset === 'desktop' ? ['--preset=desktop'] : cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
  ];
  return new Promise((resolve, reject) => {
    execFile('npm', args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`lighthouse failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
      try {
        resolve(figuresOfReport(JSON.parse(stdout)));
      } catch (parseError) {
        reject(parseError as Error);
      }
    });
  });
}
