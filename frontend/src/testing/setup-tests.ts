import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { closeToasts } from './close-toasts';

afterEach(() => {
  cleanup();
});

// The files of a worker share one page (vite.config.ts, isolate: false): a toast still shown
// or leaving would be found by the next file's queries, and keeps timers.
afterAll(closeToasts);

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
