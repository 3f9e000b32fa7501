import { startTransition, useEffect, useState } from 'react';
import { afterNextFrame } from '@/lib/after-next-frame';

/** The rows added to the end of a list drawn in one pass: a short task even at a phone's speed. */
export const ROWS_PER_PASS = 10;

type Drawn<T> = { rows: readonly T[]; count: number };

/** Whether `next` starts with the first `count` rows of `previous` (the same leads, in the same places). */
function keepsRows<T extends { id: string }>(previous: readonly T[], count: number, next: readonly T[]): boolean {
  for (let index = 0; index < Math.min(count, next.length); index += 1) {
    if (previous[index].id !== next[index].id) return false;
  }
  return true;
}

/**
 * The rows a list draws now. Rows added after those already drawn (Load more's next page) come
 * ROWS_PER_PASS at a time, one pass a frame, each pass a task of its own in which typing or a
 * click is answered first: fifty rows drawn at once were one task of some 300 ms at 4x CPU
 * (757 components, 1,929 elements, then the browser's style and layout of them), which the
 * first keys typed after Load more waited for. A new list (a search's answer, another filter)
 * is drawn at once: its rows replace the ones on screen, and showing part of it would say
 * less than the count beside it. Without requestAnimationFrame (a server render), all at once.
 */
export function useRowsInPasses<T extends { id: string }>(rows: readonly T[]): readonly T[] {
  const [drawn, setDrawn] = useState<Drawn<T>>({ rows, count: rows.length });
  let count = drawn.count;
  if (drawn.rows !== rows) {
    // React's pattern for state that follows a prop: set during the render, redone at once.
    count = keepsRows(drawn.rows, drawn.count, rows) ? Math.min(drawn.count, rows.length) : rows.length;
    setDrawn({ rows, count });
  }
  const complete = count >= rows.length || typeof requestAnimationFrame === 'undefined';
  useEffect(() => {
    if (complete) return;
    return afterNextFrame(() =>
      startTransition(() =>
        setDrawn((current) =>
          current.rows === rows ? { rows, count: Math.min(rows.length, current.count + ROWS_PER_PASS) } : current,
        ),
      ),
    );
  }, [rows, count, complete]);
  return complete ? rows : rows.slice(0, count);
}
