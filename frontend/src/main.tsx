import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import { notificationRegion } from './components/toast/toast';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { captureVisitSource } from './features/contact/visit-source';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Before anything can navigate: the visit's first page view says where it came from.
captureVisitSource();

// The notification region exists from the start, so F8 works before the first toast.
notificationRegion();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRoutes />
    </AppProvider>
  </StrictMode>,
);
