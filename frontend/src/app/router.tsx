import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

// The dashboard is its own chunk: the landing page never downloads it.
const AdminRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminRoute })));

const ADMIN_LOADING_TEXT = 'Loading admin dashboard...';

/** The routes: `/`, `/admin`, and the 404 page for anything else. Rendered inside wouter's default (browser) location. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <LandingRoute />
      </Route>
      <Route path={paths.admin}>
        <Suspense fallback={<LoadingScreen fullPage label={ADMIN_LOADING_TEXT} />}>
          <AdminRoute />
        </Suspense>
      </Route>
      <Route>
        <NotFoundRoute />
      </Route>
    </Switch>
  );
}
