import { TOAST_HOTKEY } from '@/config/constants';

export type ToastOptions = {
  title: string;
  description?: string;
  /** The destructive style, for a failure. */
  destructive?: boolean;
};

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
  document.body.append(region);
  document.addEventListener('keydown', (event) => {
    if (event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      region?.focus();
    }
  });
  return region;
}

// notistack and the toast's look load with the first toast (or a preload), not with the page.
const loadToaster = () => import('./toaster');

/** Starts loading the toaster ahead of a toast that is about to come (e.g. on submit). */
export function preloadToaster(): void {
  void loadToaster();
}

/** Shows a toast; it replaces the one on screen. */
export async function toast(options: ToastOptions): Promise<void> {
  await (await loadToaster()).showToast(options);
}
