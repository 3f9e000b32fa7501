import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/config/theme';

export type AppProviderProps = {
  children: ReactNode;
};

/** The theme of every page. React Query comes with the dashboard (routes/admin.tsx), not here. */
export function AppProvider({ children }: AppProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
