import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AppProvider } from '@/app/provider';
import { RouterLink } from '@/components/router-link';
import { pageMeta } from '@/config/pages';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

export function NotFoundRoute() {
  usePageTitle(pageMeta.notFound.title);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', py: 4 }}>
      <Container maxWidth="sm">
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <Box
              aria-hidden="true"
              sx={{
                width: 32,
                height: 32,
                borderRadius: '50%',
                bgcolor: 'error.main',
                color: 'error.contrastText',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
              }}
            >
              !
            </Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
              404 Page Not Found
            </Typography>
          </Box>
          <Typography color="text.secondary">Did you forget to add the page to the router?</Typography>
          <Button component={RouterLink} href={paths.home} variant="contained" sx={{ mt: 3 }}>
            Go to the home page
          </Button>
        </Paper>
      </Container>
    </Box>
  );
}

/** The page with MUI's theme: it is a lazy chunk of its own (app/router.tsx). */
export function NotFoundPage() {
  return (
    <AppProvider>
      <NotFoundRoute />
    </AppProvider>
  );
}
