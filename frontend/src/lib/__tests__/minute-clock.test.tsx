import { Profiler } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMinuteClock } from '../minute-clock';

afterEach(() => vi.useRealTimers());

function Clock() {
  return <p>{useMinuteClock().toISOString()}</p>;
}

describe(useMinuteClock.name, () => {
  it('draws a screen once when it opens within the minute the clock last read', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:02:10Z') });
    // The clock reads the time as its first reader comes (the page that opened before).
    render(<Clock />).unmount();
    vi.setSystemTime(new Date('2026-11-23T12:02:40Z'));
    // Each commit in which the clock's reader rendered.
    let renders = 0;
    render(
      <Profiler id="clock" onRender={() => (renders += 1)}>
        <Clock />
      </Profiler>,
    );
    expect(screen.getByText('2026-11-23T12:02:10.000Z')).toBeInTheDocument();
    expect(renders).toBe(1);
    // The minute's turn moves it on.
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.getByText('2026-11-23T12:03:00.000Z')).toBeInTheDocument();
  });

  it('reads the time again when a minute turned while no one read it', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:02:10Z') });
    render(<Clock />).unmount();
    vi.setSystemTime(new Date('2026-11-23T12:05:20Z'));
    render(<Clock />);
    expect(screen.getByText('2026-11-23T12:05:20.000Z')).toBeInTheDocument();
  });
});
