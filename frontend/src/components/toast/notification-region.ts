import { TOAST_HOTKEY } from '@/config/constants';

let region: HTMLElement | null = null;

/**
 * The notification region: a labelled landmark that exists from the start (so F8 has
 * somewhere to go and screen readers find it), into which the toaster portals its toasts.
 */
export function notificationRegion(): HTMLElement {
  if (region) return region;
  region = document.createElement('section');
  region.setAttribute('aria-label', `Notifications (${TOAST_HOTKEY})`);
  region.setAttribute('tabindex', '-1');
  // A drawer open over the page leaves it to assistive technology (components/side-drawer.tsx).
  region.setAttribute('data-above-modals', '');
  document.body.append(region);
  document.addEventListener('keydown', (event) => {
    if (event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      region?.focus();
    }
  });
  return region;
}
