/**
 * Resolves in a later task, so the browser can paint and answer input in between. Where the browser has
 * `scheduler.yield()` the work goes on ahead of other queued tasks, as React's own slices do.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
