import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * React.lazy for a part built with MUI, wrapped in the app's MUI theme (app/provider.tsx), the
 * theme's code fetched with the part. The dashboard's first screen is plain HTML and CSS and
 * loads no MUI at all: each MUI part under it (the drawer, dialogs, alerts, charts, the
 * sign-in form) brings the theme along when it is first shown.
 */
export function lazyWithTheme<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ AppProvider }, Part] = await Promise.all([import('@/app/provider'), load()]);
    function Themed(props: P) {
      return (
        <AppProvider>
          <Part {...props} />
        </AppProvider>
      );
    }
    return { default: Themed };
  });
}
