import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { lazyWithTheme } from '@/components/lazy-with-theme';
import { LoadingScreen } from '@/components/loading-screen';
import { ADMIN_LOADING_TEXT } from '@/config/pages';
import { paths } from '@/config/paths';

// The pages built with MUI are chunks of their own, MUI and its theme with them (lazyWithTheme;
// privacy and 404 wrap themselves in it): the landing page, plain HTML and CSS, never downloads
// them, nor does the dashboard's first screen. The landing page (its form, Formik) is a chunk
// too, which its HTML preloads (scripts/prerender.mjs), so that the dashboard never downloads it.
const LandingRoute = lazy(() => import('./routes/landing').then((m) => ({ default: m.LandingRoute })));
const AdminPage = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminPage })));
// Settings: one page, each of its sections a chunk of its own too (routes/settings-sections.tsx).
const SettingsPage = lazyWithTheme(() => import('./routes/settings').then((m) => m.SettingsPage));
const PrivacyPage = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyPage })));
// The team's pages are chunks of their own too, so the dashboard's first load does not carry them.
const InvitePage = lazyWithTheme(() => import('./routes/invite').then((m) => m.InvitePage));
const ResetPage = lazyWithTheme(() => import('./routes/reset').then((m) => m.ResetPage));
const ConfirmEmailPage = lazyWithTheme(() => import('./routes/confirm-email').then((m) => m.ConfirmEmailPage));
const AccountPage = lazyWithTheme(() => import('./routes/account').then((m) => m.AccountPage));
const TeamPage = lazyWithTheme(() => import('./routes/team').then((m) => m.TeamPage));
const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));

const TEAM_PAGES = [
  [paths.invite, <InvitePage />],
  [paths.reset, <ResetPage />],
  [paths.confirmEmail, <ConfirmEmailPage />],
  [paths.account, <AccountPage />],
  [paths.team, <TeamPage />],
  [paths.settings, <SettingsPage />],
  // The sections that were pages of their own: the settings page at that section, named after it.
  [paths.webhooks, <SettingsPage section="webhooks" />],
  [paths.emailSettings, <SettingsPage section="email" />],
  [paths.routing, <SettingsPage section="routing" />],
] as const;

/** The routes: `/`, `/admin`, the team's pages under `/admin/`, `/privacy`, and the 404 page for anything else. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <Suspense fallback={<LoadingScreen fullPage label="Loading..." />}>
          <LandingRoute />
        </Suspense>
      </Route>
      <Route path={paths.admin}>
        <Suspense fallback={<LoadingScreen fullPage label={ADMIN_LOADING_TEXT} />}>
          <AdminPage />
        </Suspense>
      </Route>
      {TEAM_PAGES.map(([path, page]) => (
        <Route key={path} path={path}>
          <Suspense fallback={<LoadingScreen fullPage label="Loading..." />}>{page}</Suspense>
        </Route>
      ))}
      <Route path={paths.privacy}>
        <Suspense fallback={<LoadingScreen fullPage label="Loading..." />}>
          <PrivacyPage />
        </Suspense>
      </Route>
      <Route>
        <Suspense fallback={<LoadingScreen fullPage label="Loading..." />}>
          <NotFoundPage />
        </Suspense>
      </Route>
    </Switch>
  );
}
