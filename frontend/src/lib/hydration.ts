import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in the prerendered HTML and while React takes it over, true from then on (and at
 * once where the page is rendered in the browser from scratch). A prerendered form's submit
 * button is inert until then: clicked before the code runs, the browser would send the form
 * itself, its fields in the URL (the landing form's stays in the tab order, contact-form.tsx).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * What the visitor typed into the prerendered form's field `name` before the page's code
 * arrived (its scripts load once the page has painted). Hydration keeps the page's inputs as
 * they are, but Formik's first values are React's: the next render would write them over
 * what was typed. `fallback` on the server and where the field is empty.
 */
export function typedBeforeHydration(name: string, fallback = ''): string {
  if (typeof document === 'undefined') return fallback;
  const field = document.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[name="${name}"]`);
  return field?.value || fallback;
}

/** A prerendered form's first values: `empty`, with what was typed before the code arrived in each field of that name. */
export function valuesTypedBeforeHydration<Values extends Record<string, string>>(empty: Values): Values {
  return Object.fromEntries(Object.entries(empty).map(([name, value]) => [name, typedBeforeHydration(name, value)])) as Values;
}
