import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AppProvider } from '@/app/provider';
import { RouterLink } from '@/components/router-link';
import { SiteHeader } from '@/components/site-header';
import { PRIVACY_EMAIL, PRODUCT_NAME } from '@/config/brand';
import { pageMeta } from '@/config/pages';
import { paths } from '@/config/paths';
import { usePrivacyFacts } from '@/features/privacy/api/get-privacy-facts';
import { RetentionText } from '@/features/privacy/components/retention-text';
import { usePageTitle } from '@/lib/use-page-title';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const paragraph = { mb: 1.5, lineHeight: 1.7 } as const;

/** What the contact form collects, why, how long it is kept, and how to have it erased. */
export function PrivacyRoute() {
  usePageTitle(pageMeta.privacy.title);
  const facts = usePrivacyFacts();
  return (
    <>
      <SiteHeader />
      <Box component="main" sx={{ py: { xs: 4, md: 6 } }}>
        <Container maxWidth="md">
          <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '2rem', md: '2.5rem' } }}>
            Privacy
          </Typography>
          <Section title="What the contact form collects">
            <Typography sx={paragraph}>
              Your full name, e-mail address and primary interest; your LinkedIn profile, company and comments when you give them;
              the time you sent the form; where your visit came from (the campaign parameters of the link you followed, such as{' '}
              <code>utm_source</code>, the page that sent you here and the first page you opened); and which version of the
              consent note under the button you agreed to.
            </Typography>
          </Section>
          <Section title="Why">
            <Typography sx={paragraph}>
              To answer you and talk with you about {PRODUCT_NAME}, which you asked for by sending the form. Where your visit came
              from tells the team which of its campaigns reach people; the consent note&apos;s version shows what you agreed to.
              We never share your information with third parties for their own use and send no other marketing.
            </Typography>
          </Section>
          <Section title="Where it is kept, and for how long">
            <Typography sx={paragraph}>
              In our database, and a copy of each submission goes to the team&apos;s spreadsheet (Google Sheets), where the team
              follows up on it. <RetentionText facts={facts} />
            </Typography>
          </Section>
          <Section title="Seeing or erasing your data">
            <Typography sx={paragraph}>
              Write to <Link href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Link> from the e-mail address you used. We erase
              every submission made with that address, its copy in the spreadsheet included, and keep only a record that an
              erasure took place (never your name or address).
            </Typography>
          </Section>
          <Link component={RouterLink} href={paths.home}>
            Back to the contact form
          </Link>
        </Container>
      </Box>
    </>
  );
}

/** The page with MUI's theme: it is a lazy chunk of its own (app/router.tsx). */
export function PrivacyPage() {
  return (
    <AppProvider>
      <PrivacyRoute />
    </AppProvider>
  );
}
