import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadFixture } from '@/testing/lead-fixture';
import { renderApp } from '@/testing/test-utils';
import { InboxViews } from '../inbox-views';
import { SubmissionsList } from '../submissions-list';

afterEach(() => vi.unstubAllGlobals());

describe('Awaiting reply', () => {
  it('marks the rows whose lead wrote last, with when', async () => {
    // Half past the hour: the page's clock is read to the minute (useMinuteClock keeps the
    // time of the minute it last read), so an answer exactly two hours old may read "1 h ago".
    const wrote = new Date(Date.now() - 2.5 * 3600_000).toISOString();
    renderApp(
      <SubmissionsList
        submissions={[
          leadFixture({ id: 'a', name: 'Ada Awaiting', awaitingReply: true, lastMessageAt: wrote }),
          leadFixture({ id: 'b', name: 'Bob Answered', awaitingReply: false, lastMessageAt: wrote }),
        ]}
        onOpen={() => {}}
      />,
    );
    const ada = await screen.findByRole('article', { name: 'Ada Awaiting' });
    expect(ada).toHaveTextContent('Awaiting reply');
    expect(ada).toHaveTextContent('2 h ago');
    expect(screen.getByRole('article', { name: 'Bob Answered' })).not.toHaveTextContent('Awaiting reply');
  });

  it('is a view beside the inbox, counted by the API (conversation=awaiting)', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        asked.push(url);
        const total = url.includes('conversation=awaiting') ? '2' : '5';
        return Promise.resolve(Response.json([], { headers: { 'X-Total-Count': total } }));
      }),
    );
    const onChange = vi.fn();
    const { user } = renderApp(<InboxViews current="" onChange={onChange} />);
    const view = await screen.findByRole('button', { name: 'Awaiting reply (2)' });
    expect(asked).toContain('/api/admin/contacts?conversation=awaiting&limit=1');
    await user.click(view);
    expect(onChange).toHaveBeenCalledWith('awaiting');
  });
});
