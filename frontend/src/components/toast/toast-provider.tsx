import { createContext, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { TOAST_HOTKEY } from '@/config/constants';
import type { ToastOptions } from './toast-types';

export const NOTIFICATION_REGION_LABEL = `Notifications (${TOAST_HOTKEY})`;

export type ToastRequest = ToastOptions & { id: number };

export type ToastContextValue = {
  toast: (options: ToastOptions) => void;
};

export const ToastContext = createContext<ToastContextValue | null>(null);

/** notistack and the toast's look load with the first toast (or a preload), not with the page. */
const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/** Starts loading the toaster ahead of a toast that is about to come (e.g. on submit). */
export function preloadToaster(): void {
  void loadToaster();
}

/**
 * The notification region: a labelled landmark that always exists (so F8 has somewhere to
 * go and screen readers find it), into which notistack portals its toasts.
 */
function createNotificationRegion(): HTMLElement {
  const region = document.createElement('section');
  region.setAttribute('aria-label', NOTIFICATION_REGION_LABEL);
  region.setAttribute('tabindex', '-1');
  region.dataset.notificationRegion = '';
  return region;
}

export type ToastProviderProps = {
  children: ReactNode;
};

/** Toasts as spec §8–§9 want them, and the F8 hotkey that focuses the notification region. */
export function ToastProvider({ children }: ToastProviderProps) {
  const [region] = useState(createNotificationRegion);
  const [latest, setLatest] = useState<ToastRequest | null>(null);
  const nextId = useRef(0);

  useEffect(() => {
    document.body.appendChild(region);
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        region.focus();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      region.remove();
    };
  }, [region]);

  const toast = useCallback((options: ToastOptions) => {
    nextId.current += 1;
    setLatest({ ...options, id: nextId.current });
  }, []);

  const value = useMemo(() => ({ toast }), [toast]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {latest ? (
        <Suspense fallback={null}>
          <Toaster region={region} latest={latest} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
