/**
 * The site's colours. MUI's theme (config/theme.ts) takes them from here; the landing page,
 * which is plain HTML and CSS, has the same values as custom properties in
 * styles/site.css (a unit test keeps the two equal).
 */
export const palette = {
  primary: '#4338ca',
  primaryDark: '#3730a3',
  primaryLight: '#6366f1',
  secondary: '#0f766e',
  error: '#c62828',
  errorDark: '#8e0000',
  success: '#2e7d32',
  background: '#f6f7fb',
  paper: '#ffffff',
  text: '#111827',
  textSecondary: '#4b5563',
  focusRing: '#1e1b4b',
} as const;

/** The system's own UI font: nothing to download, and the text paints at once. */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
