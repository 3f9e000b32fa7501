// Renders a page to HTML at build time (scripts/prerender.mjs), with the styles of the pages
// built with MUI extracted into <style> tags, so the page paints from HTML and CSS before its
// JavaScript runs. (The landing page's own styles are plain CSS files, inlined by the script.)
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { AppRoutes } from './app/router';
import { queryKeys } from './config/api';
import { queryClient } from './lib/query-client';

export { prerenderedPages } from './config/pages';

export type RenderedPage = {
  /** The markup of #root. */
  html: string;
  /** <style> tags of the CSS the markup uses. */
  styles: string;
};

/**
 * `path`'s page as the browser will first render it, lazy routes included. `session`: as a
 * browser with the signed-in hint sees /admin first (the session being asked for); without
 * it, nobody is signed in (the sign-in form).
 */
export async function renderPage(path: string, { session = false } = {}): Promise<RenderedPage> {
  queryClient.clear();
  if (!session) queryClient.setQueryData(queryKeys.me, null);
  // The browser's default cache has the same key, so it adopts these styles when it hydrates.
  const cache = createCache({ key: 'css' });
  const emotionServer = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <Router ssrPath={path}>
        <AppRoutes />
      </Router>
    </CacheProvider>,
  );
  const html = await text(prelude.pipe(new PassThrough()));
  const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html));
  return { html, styles };
}
