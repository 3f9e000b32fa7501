import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { LeadEmails } from '../lead-emails';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The API as the drawer asks it: whether e-mail is set up, and the lead's e-mails. */
function answer(enabled: boolean, emails: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return Promise.resolve(
        url.endsWith('/settings/email') ? json({ enabled, from: enabled ? 'leads@example.com' : null }) : json(emails),
      );
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('LeadEmails', () => {
  it('says e-mail is not set up where the e-mails would be', async () => {
    answer(false, []);
    renderApp(<LeadEmails id="id-1" />);
    expect(await screen.findByText('E-mail is not set up.')).toBeInTheDocument();
  });

  it('lists each e-mail in words: kind, state, attempts and the last error', async () => {
    answer(true, [
      {
        id: 'e-2',
        kind: 'auto-reply',
        state: 'failed',
        attempts: 1,
        lastError: '550 5.1.1 Mailbox unavailable',
        createdAt: '2026-11-20T10:00:01.000Z',
        deliveredAt: null,
      },
      {
        id: 'e-1',
        kind: 'new-lead',
        state: 'pending',
        attempts: 0,
        lastError: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        deliveredAt: null,
      },
    ]);
    renderApp(<LeadEmails id="id-1" />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Auto-reply to the visitor: Failed, 1 attemptLast error: 550 5.1.1 Mailbox unavailable',
      'New lead notice to a teammate: Waiting to be sent',
    ]);
    expect(screen.queryByText('E-mail is not set up.')).not.toBeInTheDocument();
  });
});
