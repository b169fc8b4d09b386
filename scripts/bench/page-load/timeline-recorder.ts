/**
 * In-page recorder of Chromium's performance timeline, added before any of the page's scripts runs:
 * largest-contentful-paint, layout shifts and long tasks as they happen. Plain script text, because
 * Playwright sends an init script to the page as source and tsx would wrap functions in helpers the
 * page lacks.
 */
export const TIMELINE_RECORDER = `
(() => {
  const seen = { lcp: 0, cls: 0, longTasks: [] };
  window.__pageTimeline = seen;
  const watch = (type, take) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true }); } catch {}
  };
  watch('largest-contentful-paint', (e) => { seen.lcp = e.startTime; });
  watch('layout-shift', (e) => { if (!e.hadRecentInput) seen.cls += e.value; });
  watch('longtask', (e) => { seen.longTasks.push([e.startTime, e.duration]); });
})();
`;

/** What the page reports after it settled: its timeline and the render-blocking resources it loaded. */
export const READ_TIMELINE = `
(() => {
  const seen = window.__pageTimeline;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  const blocking = performance.getEntriesByType('resource')
    .filter((r) => r.renderBlockingStatus === 'blocking')
    .map((r) => ({ name: r.name.split('/').pop(), end: r.responseEnd, bytes: r.encodedBodySize }));
  const scripts = performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
  return {
    fcp: fcp ? fcp.startTime : 0,
    lcp: seen.lcp,
    cls: seen.cls,
    longTasks: seen.longTasks,
    domContentLoaded: nav ? nav.domContentLoadedEventEnd : 0,
    blocking,
    jsBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
  };
})()
`;

export interface RawTimeline {
  fcp: number;
  lcp: number;
  cls: number;
  /** [start, duration] of each task over 50 ms, in page time. */
  longTasks: [number, number][];
  domContentLoaded: number;
  blocking: { name: string; end: number; bytes: number }[];
  jsBytes: number;
}
