/** The browser's task scheduler where it has one (Chromium): `scheduler.postTask`. */
type TaskScheduler = {
  postTask: (callback: () => void, options: { priority: 'user-blocking'; signal: AbortSignal }) => Promise<unknown>;
};

/**
 * Runs `callback` in a task of its own once the browser has drawn its next frame; answers how
 * to cancel it. What it does then finds the page laid out, and adds to no task before it.
 * `first`: ahead of the tasks already queued (user-blocking priority, where the browser has a
 * scheduler), for what the user waits on: behind them, a lead stepped to with J waited for some
 * ten timers and five answers of the queries it refreshed, 80 ms at 4x CPU.
 */
export function afterNextFrame(callback: () => void, { first = false } = {}): () => void {
  let cancelTask: (() => void) | undefined;
  const frame = requestAnimationFrame(() => {
    const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
    if (first && scheduler) {
      const controller = new AbortController();
      // Cancelling rejects the task's promise: nothing to report.
      scheduler.postTask(callback, { priority: 'user-blocking', signal: controller.signal }).catch(() => undefined);
      cancelTask = () => controller.abort();
    } else {
      const timer = setTimeout(callback, 0);
      cancelTask = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelTask?.();
  };
}
