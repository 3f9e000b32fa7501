import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

/**
 * How long the page has been open before a loading screen turns its spinner: a load over by
 * then (most are) shows its text alone. A turning spinner has the compositor draw a frame at
 * every turn of the screen, on the cores the page's own load needs (Lighthouse's figures of the
 * signed-in phone page with and without it: docs/benchmarks.md).
 */
export const SPINNER_AFTER_MS = 1000;

/** Whether the spinner shows: never in the page's HTML (the prerender), then from SPINNER_AFTER_MS on. */
function useSpinnerShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), SPINNER_AFTER_MS - performance.now());
    return () => window.clearTimeout(timer);
  }, []);
  return shown;
}

export type LoadingScreenProps = {
  label: string;
  /** The whole page is loading: render the page's <main> landmark too. */
  fullPage?: boolean;
};

export function LoadingScreen({ label, fullPage = false }: LoadingScreenProps) {
  const spinning = useSpinnerShown();
  const status = (
    <div role="status" className={fullPage ? 'loading-screen loading-screen--page' : 'loading-screen'}>
      {spinning ? <Spinner large /> : <span className="spinner-space" aria-hidden="true" />}
      <p>{label}</p>
    </div>
  );
  return fullPage ? <main>{status}</main> : status;
}
