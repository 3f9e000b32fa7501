import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import type { ContactSubmission } from '../../api/get-contacts';
import { SubmissionCard } from '../submission-card';

const submission = (overrides: Partial<ContactSubmission>): ContactSubmission => ({
  id: 'id-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  linkedin: null,
  company: null,
  assigneeId: null,
  interest: 'community',
  comments: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  status: 'new',
  repeatOf: null,
  version: 1,
  firstRespondedAt: null,
  responseMinutes: null,
  responseDueAt: null,
  followUpAt: null,
  spamScore: 0,
  spamReasons: [],
  heldAsSpam: false,
  ...overrides,
});

describe('SubmissionCard links', () => {
  it('links a plain address as it is', () => {
    renderApp(<SubmissionCard submission={submission({})} />);

    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
  });

  it('keeps an address with ?, & and = one recipient: no added cc or subject', () => {
    const email = 'x?cc=attacker%40evil.example&subject=Invoice@example.com';
    renderApp(<SubmissionCard submission={submission({ email })} />);

    const href = screen.getByRole('link', { name: email }).getAttribute('href')!;
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe(email);
  });

  it('links a LinkedIn profile only when it is an http(s) URL, encoded', () => {
    const { unmount } = renderApp(
      <SubmissionCard submission={submission({ linkedin: 'https://www.linkedin.com/in/a b"><script>' })} />,
    );
    expect(screen.getByRole('link', { name: 'LinkedIn Profile' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/a%20b%22%3E%3Cscript%3E',
    );
    unmount();

    renderApp(<SubmissionCard submission={submission({ linkedin: 'javascript:alert(1)' })} />);
    expect(screen.queryByRole('link', { name: 'LinkedIn Profile' })).toBeNull();
  });
});
