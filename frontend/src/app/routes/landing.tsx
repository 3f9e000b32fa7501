import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SiteHeader } from '@/components/site-header';
import { PRODUCT_NAME } from '@/config/brand';
import { pageMeta } from '@/config/pages';
import { ContactForm } from '@/features/contact/components/contact-form';
import { usePageTitle } from '@/lib/use-page-title';

export function LandingRoute() {
  usePageTitle(pageMeta.home.title);
  return (
    <>
      <SiteHeader />
      <Box component="main" sx={{ py: { xs: 4, md: 4 } }}>
        <Container
          maxWidth="lg"
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 8 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ pt: { md: 4 } }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '2.5rem', sm: '3.25rem', md: '3.75rem' }, lineHeight: 1.05, mb: 2 }}>
              Recruiting. Rewritten.
            </Typography>
            <Typography
              component="p"
              sx={{ fontSize: { xs: '1.15rem', md: '1.35rem' }, fontWeight: 500, mb: 2, color: 'text.primary' }}
            >
              Build smarter, faster, human-centered hiring with AI — on your terms.
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: '1.05rem', lineHeight: 1.7 }}>
              {PRODUCT_NAME} helps recruiting and talent-acquisition teams find, engage and hire the right people. Automate the
              busywork, keep the human judgment, and give every candidate an experience worth talking about. Leave your details
              and we&apos;ll show you how it fits the way your team already works.
            </Typography>
          </Box>
          <Paper
            component="section"
            aria-label="Contact form"
            variant="outlined"
            sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, position: 'relative' }}
          >
            <ContactForm />
          </Paper>
        </Container>
      </Box>
    </>
  );
}
