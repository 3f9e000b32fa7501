import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { leadFixture } from '@/testing/lead-fixture';
import { SubmissionsList } from '../submissions-list';

const leads = Array.from({ length: 25 }, (_, index) =>
  leadFixture({ id: `id-${index}`, name: `Lead ${index}`, email: `lead${index}@example.com` }),
);

describe('SubmissionsList', () => {
  it('shows the first screen of cards at once and the rest soon after, in order', async () => {
    renderApp(<SubmissionsList submissions={leads} onOpen={() => {}} />);
    expect(screen.getAllByRole('article')).toHaveLength(10);

    await expect.poll(() => screen.getAllByRole('article').length).toBe(25);
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(leads.map((lead) => lead.name));
  });
});
