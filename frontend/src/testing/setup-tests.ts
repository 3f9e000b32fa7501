import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// Toasts live in a root of their own (components/toast/toaster.tsx), which cleanup() does not
// unmount, and the files of a worker share one page (vite.config.ts, isolate: false): a toast
// still shown or leaving would be found by the next file's queries, and keeps timers. Closed
// here until none is left: a toast that replaced another waits for it to leave before it
// shows, so one close is not always enough (each leaves within about a second).
afterAll(async () => {
  const toasts = () => document.querySelectorAll('[data-testid="toast"]').length;
  if (toasts() === 0) return;
  const { closeSnackbar } = await import('notistack');
  for (let waited = 0; toasts() > 0; waited += 50) {
    if (waited > 10_000) throw new Error(`${toasts()} toast(s) still shown 10 s after closing: the next file would see them`);
    closeSnackbar();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

// findBy… and waitFor wait up to 10 s, not 1: on a busy 2-core machine a dashboard's first
// rows (built in React's deferred render, after its queries) took longer than a second.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no media queries: every test runs as on a wide screen.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
