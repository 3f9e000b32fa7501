// Started by lib/time-zone.ts: reads the browser's time zone on a thread of its own and says it.
// The first Intl call of a page loads the time zone data (100-500 ms on a phone); once this
// thread has paid that, the same data serves the page's own formatters too.
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
