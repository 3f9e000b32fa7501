import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// Toasts live in a root of their own (components/toast/toaster.tsx), which cleanup() does not
// unmount: a toast still shown or leaving keeps timers (its auto-hide, its exit transition)
// that fired after the file's page was gone ("window is not defined"). Closed here, and given
// up to 2 s to leave while the page still exists (teardown, not a check: some never leave in
// jsdom, and a test that wants a toast gone says so itself).
afterAll(async () => {
  const toasts = () => document.querySelectorAll('[data-testid="toast"]').length;
  if (toasts() === 0) return;
  const { closeSnackbar } = await import('notistack');
  closeSnackbar();
  for (let waited = 0; toasts() > 0 && waited < 2000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
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
