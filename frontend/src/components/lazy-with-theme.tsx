import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * React.lazy for a part built with MUI, wrapped in the app's MUI theme (app/provider.tsx), the
 * theme's code fetched with the part. The dashboard's first screen (the lead's drawer too) is
 * plain HTML and CSS and loads no MUI at all: each MUI part under it (dialogs, alerts, charts,
 * the date range, the sign-in form, the other admin pages) brings the theme along when it is
 * first shown.
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
