import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

// The dashboard and the privacy page are chunks of their own: the landing page never downloads them.
const AdminPage = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminPage })));
const PrivacyRoute = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyRoute })));

const ADMIN_LOADING_TEXT = 'Loading admin dashboard...';

/** The routes: `/`, `/admin`, `/privacy`, and the 404 page for anything else. */
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
      <Route path={paths.privacy}>
        <Suspense fallback={<LoadingScreen fullPage label="Loading..." />}>
          <PrivacyRoute />
        </Suspense>
      </Route>
      <Route>
        <NotFoundRoute />
      </Route>
    </Switch>
  );
}
