import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { leadFixture } from '@/testing/lead-fixture';
import { SubmissionsList } from '../submissions-list';

const leads = Array.from({ length: 25 }, (_, index) =>
  leadFixture({ id: `id-${index}`, name: `Lead ${index}`, email: `lead${index}@example.com` }),
);

describe('SubmissionsList', () => {
  // A browser puts up the rest as the reader scrolls to them (e2e/inbox.spec.ts, at 375 px);
  // one without IntersectionObserver (as this test's page) has no way to tell, and shows all.
  it('without IntersectionObserver, shows every card at once, in order', () => {
    renderApp(<SubmissionsList submissions={leads} onOpen={() => {}} />);
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(leads.map((lead) => lead.name));
  });
});
