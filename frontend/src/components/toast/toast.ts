import type { ToastOptions } from './toast-options';

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
