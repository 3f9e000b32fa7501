import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { SessionsList } from '../sessions-list';

const SESSIONS = [
  {
    id: 'a'.repeat(32),
    current: true,
    createdAt: '2026-11-26T08:00:00.000Z',
    lastSeenAt: '2026-11-26T08:10:00.000Z',
    ip: '198.51.100.1',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  },
  {
    id: 'b'.repeat(32),
    current: false,
    createdAt: '2026-11-25T08:00:00.000Z',
    lastSeenAt: '2026-11-25T09:00:00.000Z',
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('SessionsList', () => {
  it('marks this device and ends another session', async () => {
    const fetchMock = vi.fn<typeof fetch>((input, init) =>
      Promise.resolve(
        init?.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : Response.json(input === '/api/auth/sessions' ? SESSIONS : []),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderApp(<SessionsList />);

    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('Safari on iOS');

    await user.click(within(phone).getByRole('button', { name: 'End session: Safari on iOS, 203.0.113.9' }));

    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/auth/sessions/${'b'.repeat(32)}`,
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });
});
