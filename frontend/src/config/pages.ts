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

/** Each page's title: the page sets it when the SPA navigates, and the build writes it into its HTML. */
export const pageMeta = {
  home: { title: `${PRODUCT_NAME} · Recruiting. Rewritten.` },
  admin: { title: `Admin Dashboard · ${PRODUCT_NAME}` },
  settings: { title: `Settings · ${PRODUCT_NAME}` },
  webhooks: { title: `Webhooks · Settings · ${PRODUCT_NAME}` },
  emailSettings: { title: `E-mail · Settings · ${PRODUCT_NAME}` },
  routing: { title: `Routing · Settings · ${PRODUCT_NAME}` },
  privacy: { title: `Privacy · ${PRODUCT_NAME}` },
  invite: { title: `Join the team · ${PRODUCT_NAME}` },
  reset: { title: `Choose a new password · ${PRODUCT_NAME}` },
  confirmEmail: { title: `Confirm your new e-mail address · ${PRODUCT_NAME}` },
  account: { title: `Your account · ${PRODUCT_NAME}` },
  team: { title: `Team · ${PRODUCT_NAME}` },
  notFound: { title: `Page not found · ${PRODUCT_NAME}` },
};

type Page = keyof typeof pageMeta;

/**
 * What else each page's prerendered HTML says (scripts/prerender.mjs). Apart from the titles,
 * so the SPA, which reads only the titles, does not download it.
 */
const PAGE_DETAILS: Record<Page, Omit<PageMeta, 'title'>> = {
  home: { description: DESCRIPTION, siteName: PRODUCT_NAME },
  admin: { description: `The ${PRODUCT_NAME} team's dashboard of contact form submissions.`, robots: NOINDEX },
  settings: {
    description: `The ${PRODUCT_NAME} team's settings: e-mail, response time, booking link, webhooks and routing.`,
    robots: NOINDEX,
  },
  webhooks: { description: `The ${PRODUCT_NAME} team's outgoing webhooks.`, robots: NOINDEX },
  emailSettings: { description: `The ${PRODUCT_NAME} team's e-mail and auto-reply.`, robots: NOINDEX },
  routing: { description: `Who owns each new lead of the ${PRODUCT_NAME} team.`, robots: NOINDEX },
  privacy: {
    description: `What the ${PRODUCT_NAME} contact form collects, why, how long it is kept and how to have it erased.`,
  },
  invite: { description: TEAM_DESCRIPTION, robots: NOINDEX },
  reset: { description: TEAM_DESCRIPTION, robots: NOINDEX },
  confirmEmail: { description: TEAM_DESCRIPTION, robots: NOINDEX },
  account: { description: TEAM_DESCRIPTION, robots: NOINDEX },
  team: { description: TEAM_DESCRIPTION, robots: NOINDEX },
  notFound: { description: DESCRIPTION },
};

const metaOf = (page: Page): PageMeta => ({ ...pageMeta[page], ...PAGE_DETAILS[page] });

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
const ADMIN_PAGES: Array<{ path: string; name: string; page: Page }> = [
  { path: paths.admin, name: 'admin', page: 'admin' },
  // nginx serves /admin/<page> from admin-<page>.html.
  { path: paths.invite, name: 'admin-invite', page: 'invite' },
  { path: paths.reset, name: 'admin-reset', page: 'reset' },
  { path: paths.confirmEmail, name: 'admin-confirm-email', page: 'confirmEmail' },
  { path: paths.account, name: 'admin-account', page: 'account' },
  { path: paths.team, name: 'admin-team', page: 'team' },
  { path: paths.settings, name: 'admin-settings', page: 'settings' },
  // The settings page again at each section's own path, with the section's title.
  { path: paths.webhooks, name: 'admin-settings-webhooks', page: 'webhooks' },
  { path: paths.emailSettings, name: 'admin-settings-email', page: 'emailSettings' },
  { path: paths.routing, name: 'admin-settings-routing', page: 'routing' },
];

/**
 * The pages the build prerenders, each to a file of its own that nginx serves at its route.
 * The dashboard's pages have two: as nobody signed in sees them (`admin.html`: the sign-in
 * form), and for a browser that says it has a session (`admin-session.html`, see nginx's
 * `$app_session_page`: the loading screen the page replaces), so each hydrates what the
 * browser renders first.
 */
// Marked pure: only the prerender script reads the list, so the SPA's first load (which
// imports this module for the titles) leaves it out.
export const prerenderedPages: PrerenderedPage[] = /* @__PURE__ */ listPrerenderedPages();

function listPrerenderedPages(): PrerenderedPage[] {
  return [
    { path: paths.home, file: 'index.html', meta: metaOf('home') },
    ...ADMIN_PAGES.flatMap(({ path, name, page }) => [
      { path, file: `${name}.html`, meta: metaOf(page) },
      { path, file: `${name}-session.html`, meta: metaOf(page), session: true },
    ]),
    { path: paths.privacy, file: 'privacy.html', meta: metaOf('privacy') },
    { path: '/404', file: '404.html', meta: metaOf('notFound') },
  ];
}
