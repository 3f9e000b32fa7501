import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/config/theme';

export type AppProviderProps = {
  children: ReactNode;
};

/**
 * MUI's theme, for the pages built with MUI (dashboard, privacy, 404), each of which wraps
 * itself in it. The landing page is plain HTML and CSS (styles/site.css) and needs none.
 */
export function AppProvider({ children }: AppProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
