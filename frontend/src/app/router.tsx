import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { LandingRoute } from './routes/landing';

// The pages built with MUI are chunks of their own, MUI with them: the landing page, plain
// HTML and CSS, never downloads them.
const AdminPage = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminPage })));
const PrivacyPage = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyPage })));
// The team's pages are chunks of their own too, so the dashboard's first load does not carry them.
const InvitePage = lazy(() => import('./routes/invite').then((m) => ({ default: m.InvitePage })));
const ResetPage = lazy(() => import('./routes/reset').then((m) => ({ default: m.ResetPage })));
const AccountPage = lazy(() => import('./routes/account').then((m) => ({ default: m.AccountPage })));
const TeamPage = lazy(() => import('./routes/team').then((m) => ({ default: m.TeamPage })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));

const TEAM_PAGES = [
  [paths.invite, InvitePage],
  [paths.reset, ResetPage],
  [paths.account, AccountPage],
  [paths.team, TeamPage],
] as const;

const ADMIN_LOADING_TEXT = 'Loading admin dashboard...';

/** The routes: `/`, `/admin`, the team's pages under `/admin/`, `/privacy`, and the 404 page for anything else. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <LandingRoute />
      </Route>
      <Route path={paths.admin}>
        <Suspense fallback={<LoadingScreen fullPage label={ADMIN_LOADING_TEXT} />}>
          <AdminPage />
        </Suspense>
      </Route>
      {TEAM_PAGES.map(([path, Page]) => (
        <Route key={path} path={path}>
          <Suspense fallback={<LoadingScreen fullPage label="Loading..." />}>
            <Page />
          </Suspense>
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
