import { useEffect, useRef } from 'react';

export type ThankYouPanelProps = {
  durationMs: number;
  /** Called once the panel has been shown for `durationMs`. */
  onDone: () => void;
};

export function ThankYouPanel({ durationMs, onDone }: ThankYouPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form (and the focused button) just went away: keep keyboard focus on the page. The
  // panel's time counts from when it is on screen.
  useEffect(() => {
    headingRef.current?.focus();
    const timer = window.setTimeout(onDone, durationMs);
    return () => window.clearTimeout(timer);
  }, [durationMs, onDone]);

  return (
    <div data-testid="thank-you-panel" className="thank-you">
      <div aria-hidden="true" className="thank-you__mark">
        ✓
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="thank-you__title">
        Thank You!
      </h2>
      <p className="thank-you__text">We&apos;ve received your submission and will be in touch soon.</p>
    </div>
  );
}
