import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/config/theme';

export type AppProviderProps = {
  children: ReactNode;
};

/**
 * MUI's theme, for the pages built with MUI (dashboard, privacy, 404), each of which wraps
 * itself in it. The landing page is plain HTML and CSS (styles/site.css) and needs none. The
 * page's baseline (box sizing, the body's margin, colours and type) is site.css's, which every
 * page carries: MUI's CssBaseline repeated it in styles made at run time, which the browser
 * restyled the page for as the dashboard's first screen mounted.
 */
export function AppProvider({ children }: AppProviderProps) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
