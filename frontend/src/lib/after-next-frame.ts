/**
 * Runs `callback` in a task of its own once the browser has drawn its next frame; answers how
 * to cancel it. What it does then finds the page laid out, and adds to no task before it.
 */
export function afterNextFrame(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
