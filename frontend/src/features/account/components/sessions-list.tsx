import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type AccountSession, useSessions } from '../api/get-sessions';
import { useEndSession } from '../api/end-session';
import { browserName } from '../utils/user-agent';

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const name = browserName(session.userAgent);
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name} {session.current ? <Chip size="small" color="success" label="This device" sx={{ ml: 0.5 }} /> : null}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {session.ip ?? 'Unknown address'} · signed in {new Date(session.createdAt).toLocaleString()} · last active{' '}
          {new Date(session.lastSeenAt).toLocaleString()}
        </Typography>
      </Box>
      {session.current ? null : (
        <Button
          variant="outlined"
          color="error"
          size="small"
          aria-label={`End session: ${name}, ${session.ip ?? 'unknown address'}`}
          disabled={end.isPending}
          onClick={() => end.mutate(session.id)}
        >
          End session
        </Button>
      )}
      {end.isError ? (
        <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
          Session not ended ({end.error.message}).
        </Alert>
      ) : null}
    </Box>
  );
}

/** Where the person is signed in; any other session can be ended from here. */
export function SessionsList() {
  const sessions = useSessions();
  if (sessions.isPending) return <Typography color="text.secondary">Loading sessions…</Typography>;
  if (sessions.isError) return <Alert severity="error">Sessions could not be loaded ({sessions.error.message}).</Alert>;
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Browsers and devices signed in to your account. End any you do not recognise, and change your password.
      </Typography>
      <Box component="ul" aria-label="Your sessions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </Box>
    </Box>
  );
}
