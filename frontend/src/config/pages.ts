import { PRODUCT_NAME } from './brand';
import { paths } from './paths';

export type PageMeta = {
  title: string;
  description: string;
  /** `noindex`: the page is not for search engines. */
  robots?: string;
  siteName?: string;
};

const DESCRIPTION = 'Recruiting. Rewritten. Build smarter, faster, human-centered hiring with AI, on your terms.';

/**
 * Each page's title and description: the build writes them into the page's prerendered
 * HTML (scripts/prerender.mjs) and the page sets its title again when the SPA navigates.
 */
export const pageMeta = {
  home: { title: `${PRODUCT_NAME} · Recruiting. Rewritten.`, description: DESCRIPTION, siteName: PRODUCT_NAME },
  admin: {
    title: `Admin Dashboard · ${PRODUCT_NAME}`,
    description: `The ${PRODUCT_NAME} team's dashboard of contact form submissions.`,
    robots: 'noindex, nofollow',
  },
  webhooks: {
    title: `Webhooks · Settings · ${PRODUCT_NAME}`,
    description: `The ${PRODUCT_NAME} team's outgoing webhooks.`,
    robots: 'noindex, nofollow',
  },
  privacy: {
    title: `Privacy · ${PRODUCT_NAME}`,
    description: `What the ${PRODUCT_NAME} contact form collects, why, how long it is kept and how to have it erased.`,
  },
  notFound: { title: `Page not found · ${PRODUCT_NAME}`, description: DESCRIPTION },
} satisfies Record<string, PageMeta>;

/** The pages the build prerenders, each to a file of its own that nginx serves at its route. */
export const prerenderedPages = [
  { path: paths.home, file: 'index.html', meta: pageMeta.home },
  { path: paths.admin, file: 'admin.html', meta: pageMeta.admin },
  { path: paths.webhooks, file: 'admin-settings-webhooks.html', meta: pageMeta.webhooks },
  { path: paths.privacy, file: 'privacy.html', meta: pageMeta.privacy },
  { path: '/404', file: '404.html', meta: pageMeta.notFound },
];
