import { createTheme } from '@mui/material/styles';
import { FONT_FAMILY, palette } from './palette';

/** MUI's theme, for the pages built with MUI (dashboard, privacy, 404); the landing page has styles/site.css. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: palette.primary, dark: palette.primaryDark, light: palette.primaryLight, contrastText: '#ffffff' },
    secondary: { main: palette.secondary, contrastText: '#ffffff' },
    error: { main: palette.error, dark: palette.errorDark, contrastText: '#ffffff' },
    success: { main: palette.success },
    background: { default: palette.background, paper: palette.paper },
    text: { primary: palette.text, secondary: palette.textSecondary },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: FONT_FAMILY,
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.01em' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: {
      // No ripple: a page's first ripple inserts its styles, and new styles make the browser
      // restyle the whole page before the next paint (about 200 ms at 4x CPU on the dashboard,
      // on whichever button was pressed first). Keyboard focus has its own ring below.
      defaultProps: { disableRipple: true },
      // A focus ring that shows on any background, for keyboard users.
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${palette.focusRing}`, outlineOffset: '2px' },
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
