import { closeSnackbar } from 'notistack';

/**
 * Closes the toasts until none is left. Toasts live in a root of their own, which a test's
 * cleanup does not unmount, so one left shown would be found by the next test's queries.
 * One close is not always enough: a toast that replaced another waits for it to leave before
 * it shows (each leaves within about a second).
 */
export async function closeToasts(): Promise<void> {
  const shown = () => document.querySelectorAll('[data-testid="toast"]').length;
  for (let waited = 0; shown() > 0; waited += 50) {
    if (waited > 10_000) throw new Error(`${shown()} toast(s) still shown 10 s after closing: the next test would see them`);
    closeSnackbar();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
