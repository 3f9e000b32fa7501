import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { notificationRegion } from './components/toast/notification-region';
import { AppRoutes } from './app/router';
import { captureVisitSource } from './features/contact/visit-source';
import './styles/site.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Before anything can navigate: the visit's first page view says where it came from.
captureVisitSource();

// The notification region exists from the start, so F8 works before the first toast.
notificationRegion();

const app = (
  <StrictMode>
    <AppRoutes />
  </StrictMode>
);

// The build prerenders each page into its HTML (scripts/prerender.mjs): React takes that
// markup over, in a transition so that the work is cut into short tasks and never blocks
// the page a visitor already reads. The dev server's page is empty and is rendered from scratch.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
