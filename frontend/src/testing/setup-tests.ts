import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// findBy… and waitFor wait up to 5 s, not 1: on a busy 2-core machine a dashboard's first
// rows (built in React's deferred render, after its queries) took longer than a second.
configure({ asyncUtilTimeout: 5000 });

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
