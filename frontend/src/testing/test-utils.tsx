import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '@/app/provider';
import type { SessionUser } from '@/config/roles';
import { createQueryClient } from '@/lib/query-client';
import { SessionUserProvider } from '@/lib/session-user';

export type RenderAppOptions = Omit<RenderOptions, 'wrapper'> & {
  route?: string;
  /** The signed-in user the controls ask (an admin unless said). */
  user?: SessionUser | null;
};

export const TEST_ADMIN: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'admin',
  email: 'admin@example.com',
  displayName: 'Ada Admin',
  role: 'admin',
  timeZone: 'UTC',
  away: false,
  notifications: { newLead: 'mine', assigned: true, replies: 'instant', escalations: true, followUps: true },
  signature: null,
  bookingUrl: null,
  twoFactor: false,
  recoveryCodesLeft: 0,
};

/** The one render helper: the app's providers around `ui`, with a fresh QueryClient. */
export function renderApp(ui: ReactElement, { route = '/', user: signedIn = TEST_ADMIN, ...options }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path: route, record: true });
  const user = userEvent.setup({ delay: null });
  const result = render(ui, {
    wrapper: ({ children }) => (
      <AppProvider>
        <QueryClientProvider client={queryClient}>
          <SessionUserProvider user={signedIn}>
            <Router hook={location.hook}>{children}</Router>
          </SessionUserProvider>
        </QueryClientProvider>
      </AppProvider>
    ),
    ...options,
  });
  return { ...result, user, queryClient, location };
}
