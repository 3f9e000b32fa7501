import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { ResponseTime } from '../response-time';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe(ResponseTime.name, () => {
  it('says how fast a lead was answered, and how long a new one waits, overdue past the target as the minutes pass', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:30Z'), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json({ targetMinutes: 60, businessHours: null }))),
    );
    renderApp(
      <>
        <ResponseTime
          lead={{
            status: 'contacted',
            submittedAt: '2026-11-23T10:00:00Z',
            firstRespondedAt: '2026-11-23T10:12:00Z',
            responseMinutes: 12,
          }}
        />
        <ResponseTime lead={{ status: 'new', submittedAt: '2026-11-23T11:01:00Z' }} />
      </>,
    );
    expect(screen.getByText('answered in 12 min')).toBeInTheDocument();
    expect(screen.getByText('waiting 59 min')).toBeInTheDocument();
    // The settings arrive (microtasks only: the minute clock has 29.5 s to go).
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledWith('/api/admin/settings/response-time', expect.anything());
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();

    // The page's minute clock turns: at the target, not yet past it; a minute later, overdue.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('waiting 1 h')).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('waiting 1 h 1 min')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows no badge without the settings, and nothing for a lead closed without an answer', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 404 }))),
    );
    const { container } = renderApp(
      <ResponseTime lead={{ status: 'archived', submittedAt: '2026-11-23T10:00:00Z', firstRespondedAt: null }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
