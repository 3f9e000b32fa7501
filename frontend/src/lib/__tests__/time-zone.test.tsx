import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A worker that answers when the test says so. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor() {
    FakeWorker.started.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

/** The module afresh (it reads the zone once a page). */
const load = async () => {
  vi.resetModules();
  return import('../time-zone');
};

beforeEach(() => {
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useKnownTimeZone', () => {
  it("waits for the worker's zone without reading it on the page's thread", async () => {
    const { useKnownTimeZone, browserTimeZone } = await load();
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    function Zone() {
      return <p>{useKnownTimeZone() ?? 'waiting'}</p>;
    }
    render(<Zone />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(FakeWorker.started).toHaveLength(1);

    act(() => FakeWorker.started[0].onmessage?.({ data: 'Europe/Berlin' } as MessageEvent<string>));
    expect(screen.getByText('Europe/Berlin')).toBeInTheDocument();
    expect(browserTimeZone()).toBe('Europe/Berlin');
    expect(FakeWorker.started[0].terminated).toBe(true);
    expect(intl).not.toHaveBeenCalled();
  });

  it('reads the zone itself when the worker fails', async () => {
    const { useKnownTimeZone } = await load();
    function Zone() {
      return <p>{useKnownTimeZone() ?? 'waiting'}</p>;
    }
    render(<Zone />);
    act(() => FakeWorker.started[0].onerror?.());
    expect(screen.getByText(Intl.DateTimeFormat().resolvedOptions().timeZone)).toBeInTheDocument();
  });

  it('reads the zone itself when the worker stays silent for 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { useKnownTimeZone } = await load();
      function Zone() {
        return <p>{useKnownTimeZone() ?? 'waiting'}</p>;
      }
      render(<Zone />);
      act(() => {
        vi.advanceTimersByTime(1_999);
      });
      expect(screen.getByText('waiting')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByText(Intl.DateTimeFormat().resolvedOptions().timeZone)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
