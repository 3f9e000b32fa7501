import { PRODUCT_NAME } from './brand';
import { paths } from './paths';

export type PageMeta = {
  title: string;
  description: string;
  /** `noindex`: the page is not for search engines. */
  robots?: string;
  siteName?: string;
};

const NOINDEX = 'noindex, nofollow';
const TEAM_DESCRIPTION = `The ${PRODUCT_NAME} team's dashboard.`;
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
    robots: NOINDEX,
  },
  webhooks: {
    title: `Webhooks · Settings · ${PRODUCT_NAME}`,
    description: `The ${PRODUCT_NAME} team's outgoing webhooks.`,
    robots: 'noindex, nofollow',
  },
  emailSettings: {
    title: `E-mail · Settings · ${PRODUCT_NAME}`,
    description: `The ${PRODUCT_NAME} team's e-mail and auto-reply.`,
    robots: NOINDEX,
  },
  privacy: {
    title: `Privacy · ${PRODUCT_NAME}`,
    description: `What the ${PRODUCT_NAME} contact form collects, why, how long it is kept and how to have it erased.`,
  },
  invite: { title: `Join the team · ${PRODUCT_NAME}`, description: TEAM_DESCRIPTION, robots: NOINDEX },
  reset: { title: `Choose a new password · ${PRODUCT_NAME}`, description: TEAM_DESCRIPTION, robots: NOINDEX },
  account: { title: `Your account · ${PRODUCT_NAME}`, description: TEAM_DESCRIPTION, robots: NOINDEX },
  team: { title: `Team · ${PRODUCT_NAME}`, description: TEAM_DESCRIPTION, robots: NOINDEX },
  notFound: { title: `Page not found · ${PRODUCT_NAME}`, description: DESCRIPTION },
} satisfies Record<string, PageMeta>;

/** What /admin shows while its code or the session or the dashboard's first data loads. */
export const ADMIN_LOADING_TEXT = 'Loading admin dashboard...';

export type PrerenderedPage = {
  path: string;
  file: string;
  meta: PageMeta;
  /** Rendered as for a browser with the signed-in hint cookie: the session is still being asked for. */
  session?: boolean;
};

// The dashboard's pages, each prerendered twice (see prerenderedPages): `name` is the file's.
const ADMIN_PAGES = [
  { path: paths.admin, name: 'admin', meta: pageMeta.admin },
  // nginx serves /admin/<page> from admin-<page>.html.
  { path: paths.invite, name: 'admin-invite', meta: pageMeta.invite },
  { path: paths.reset, name: 'admin-reset', meta: pageMeta.reset },
  { path: paths.account, name: 'admin-account', meta: pageMeta.account },
  { path: paths.team, name: 'admin-team', meta: pageMeta.team },
  { path: paths.webhooks, name: 'admin-settings-webhooks', meta: pageMeta.webhooks },
  { path: paths.emailSettings, name: 'admin-settings-email', meta: pageMeta.emailSettings },
];

/**
 * The pages the build prerenders, each to a file of its own that nginx serves at its route.
 * The dashboard's pages have two: as nobody signed in sees them (`admin.html`: the sign-in
 * form), and for a browser that says it has a session (`admin-session.html`, see nginx's
 * `$app_session_page`: the loading screen the page replaces), so each hydrates what the
 * browser renders first.
 */
export const prerenderedPages: PrerenderedPage[] = [
  { path: paths.home, file: 'index.html', meta: pageMeta.home },
  ...ADMIN_PAGES.flatMap(({ path, name, meta }) => [
    { path, file: `${name}.html`, meta },
    { path, file: `${name}-session.html`, meta, session: true },
  ]),
  { path: paths.privacy, file: 'privacy.html', meta: pageMeta.privacy },
  { path: '/404', file: '404.html', meta: pageMeta.notFound },
];
