import { test as base, expect } from '@playwright/test';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { components } from '../src/generated/api-types';
import { ADMIN } from './admin-account';

export { ADMIN };
export const PRODUCT_NAME = 'TalentFlow AI';
export const SUBMIT_LABEL = `Connect with ${PRODUCT_NAME}`;

/** The contact form's fields, as the API's generated types name them. */
export type ContactInput = Pick<
  components['schemas']['CreateContactDto'],
  'name' | 'email' | 'linkedin' | 'company' | 'interest' | 'comments'
>;

let counter = 0;
/** A value no other test (or earlier run on a reused server) has used. */
export function unique(prefix: string): string {
  counter += 1;
  // Digits, not base-36 letters: a run like "mwxdwn" reads as random letters to the spam
  // score (gibberish), which with a form sent at once (too-fast) holds the lead.
  return `${prefix} ${Date.now()}${counter}`;
}

/** Creates a submission through the real API (as a visitor would); answers its id. */
export async function createContact(request: APIRequestContext, input: ContactInput): Promise<string> {
  const res = await request.post('/api/contact', {
    data: { linkedin: '', company: '', comments: '', ...input },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Signs the page's browser context in through the API (the cookie is shared with the page). */
export async function signIn(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(res.status(), await res.text()).toBe(200);
}

type ConsoleGuard = {
  /** Lets console errors matching `pattern` (checked against "text @ url") through. */
  allow: (pattern: RegExp) => void;
};

/**
 * Every test fails on a console error or an uncaught exception in the page (a CSP violation
 * is a console error), except the network failures a test expects and allows.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const line = `${message.text()} @ ${message.location().url}`;
        if (!allowed.some((pattern) => pattern.test(line))) problems.push(line);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** The 401 of the session check on /admin while signed out is expected. */
export const SIGNED_OUT_ME = /status of 401 .* @ .*\/api\/auth\/me$/;

/** An unknown path answers 404 (as it should), which the browser logs for the page itself. */
export const NOT_FOUND_PAGE = /status of 404 \(Not Found\) @ .*\/(no\/such\/page|missing)$/;

/**
 * Call before the dashboard loads. Answers a wait until the dashboard has drawn what mounts
 * as it comes into view (the trend's chart, the response-time report below it) and none of
 * the page's API requests is still out (its live event stream aside: it stays open). A test
 * that ends the session mid-page waits for it first: a query still out would meet the ended
 * session before the action under test and put up the sign-in form in its place.
 */
export function dashboardSettles(page: Page): () => Promise<void> {
  const out = new Set<Request>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/admin/events') out.add(request);
  });
  page.on('requestfinished', (request) => out.delete(request));
  page.on('requestfailed', (request) => out.delete(request));
  return async () => {
    await page.getByTestId('trend-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('trend-chart').locator('svg').first()).toBeVisible();
    await page.getByTestId('response-report').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('response-figures')).toBeVisible();
    await expect.poll(() => out.size).toBe(0);
  };
}

export { expect };
