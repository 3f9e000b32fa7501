import { Suspense } from 'react';
import type { AlertProps } from '@mui/material/Alert';
import { lazyWithTheme } from './lazy-with-theme';

// MUI's Alert (and its close button's IconButton) is fetched only when a page shows one: the
// dashboard's alerts say that something failed, which its first screen never needs.
const Alert = lazyWithTheme(() => import('@mui/material/Alert').then((m) => m.default));

/** MUI's Alert, its code loaded the first time one shows. */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
