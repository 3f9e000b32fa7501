import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { leadFixture } from '@/testing/lead-fixture';
import { SubmissionCard } from '../submission-card';

const submission = leadFixture;

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
