import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from '@/components/router-link';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { useAnalytics } from '../api/get-analytics';
import { useContacts } from '../api/get-contacts';
import { StatCards } from './stat-cards';
import { SubmissionCard } from './submission-card';

export const DASHBOARD_LOADING_TEXT = 'Loading admin dashboard...';

export function AdminDashboard() {
  const analytics = useAnalytics();
  const contacts = useContacts();

  if (analytics.isPending || contacts.isPending) {
    return <LoadingScreen label={DASHBOARD_LOADING_TEXT} />;
  }

  if (!analytics.data || !contacts.data) {
    return (
      <Alert severity="error" role="alert">
        Could not load the dashboard: {(analytics.error ?? contacts.error)?.message}
      </Alert>
    );
  }

  const submissions = contacts.data.pages.flatMap((page) => page.items);

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <StatCards analytics={analytics.data} />
      <Box component="section" aria-labelledby="recent-submissions">
        <Typography id="recent-submissions" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Recent Submissions
        </Typography>
        {submissions.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
            <Typography sx={{ mb: 1 }}>No submissions found yet.</Typography>
            <Link component={RouterLink} href={paths.home}>
              Go to the contact form
            </Link>
          </Paper>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {submissions.map((submission) => (
              <li key={submission.id}>
                <SubmissionCard submission={submission} />
              </li>
            ))}
          </Box>
        )}
        {contacts.hasNextPage ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
            <Button
              variant="outlined"
              onClick={() => void contacts.fetchNextPage()}
              disabled={contacts.isFetchingNextPage}
              startIcon={
                contacts.isFetchingNextPage ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined
              }
            >
              Load more
            </Button>
          </Box>
        ) : null}
        {contacts.isFetchNextPageError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            Could not load more submissions: {contacts.error?.message}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}
