/**
 * Hands the main thread back to the browser for a moment: whatever is waiting (input, a response,
 * a paint) runs before the caller goes on. Starting the app is several steps of a few dozen
 * milliseconds each on a phone; run back to back they are one long task that holds every tap,
 * with a yield between them none of them is (decision 0390).
 *
 * `scheduler.yield()` where the browser has it (the caller continues ahead of other queued tasks),
 * else a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
