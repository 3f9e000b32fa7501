import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { LandingRoute } from './routes/landing';

// The pages built with MUI are chunks of their own, MUI with them: the landing page, plain
// HTML and CSS, never downloads them.
const AdminPage = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminPage })));
const WebhooksSettingsPage = lazy(() => import('./routes/webhooks-settings').then((m) => ({ default: m.WebhooksSettingsPage })));
const PrivacyPage = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyPage })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));

const ADMIN_LOADING_TEXT = 'Loading admin dashboard...';

/** The routes: `/`, `/admin`, `/admin/settings/webhooks`, `/privacy`, and the 404 page for anything else. */
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
      <Route path={paths.webhooks}>
        <Suspense fallback={<LoadingScreen fullPage label={ADMIN_LOADING_TEXT} />}>
          <WebhooksSettingsPage />
        </Suspense>
      </Route>
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
