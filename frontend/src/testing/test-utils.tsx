import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

export type RenderAppOptions = Omit<RenderOptions, 'wrapper'> & {
  route?: string;
};

/** The one render helper: the app's providers around `ui`, with a fresh QueryClient. */
export function renderApp(ui: ReactElement, { route = '/', ...options }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path: route, record: true });
  const user = userEvent.setup({ delay: null });
  const result = render(ui, {
    wrapper: ({ children }) => (
      <AppProvider>
        <QueryClientProvider client={queryClient}>
          <Router hook={location.hook}>{children}</Router>
        </QueryClientProvider>
      </AppProvider>
    ),
    ...options,
  });
  return { ...result, user, queryClient, location };
}
