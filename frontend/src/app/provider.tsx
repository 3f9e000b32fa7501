import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { theme } from '@/config/theme';

export type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
};

export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
