/**
 * Runs `task` once the browser is idle (within `timeout` ms at the latest); returns a cancel for effects' clean-up.
 * For work a screen will want soon but not now: loading the next screen's code while the user types, say.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
