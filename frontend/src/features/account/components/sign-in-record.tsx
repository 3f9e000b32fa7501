import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useSignIns } from '../api/get-sign-ins';
import { browserName } from '../utils/user-agent';

/** The last 50 sign-ins at the account, failed ones too: a stranger's attempts show here. */
export function SignInRecord() {
  const signIns = useSignIns();
  if (signIns.isPending) return <Typography color="text.secondary">Loading sign-ins…</Typography>;
  if (signIns.isError) return <Alert severity="error">Sign-ins could not be loaded ({signIns.error.message}).</Alert>;
  return (
    <Box
      component="ul"
      aria-label="Recent sign-ins"
      sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: '24rem', overflowY: 'auto' }}
    >
      {signIns.data.map((signIn, index) => (
        <Box
          component="li"
          key={`${signIn.at}-${index}`}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          <Chip
            size="small"
            label={signIn.success ? 'Signed in' : 'Failed'}
            color={signIn.success ? 'success' : 'error'}
            variant={signIn.success ? 'filled' : 'outlined'}
          />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: '1 1 12rem', minWidth: 0 }}>
            {new Date(signIn.at).toLocaleString()} · {signIn.ip} · {browserName(signIn.userAgent)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
