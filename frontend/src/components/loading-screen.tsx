import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export type LoadingScreenProps = {
  label: string;
  /** The whole page is loading: render the page's <main> landmark too. */
  fullPage?: boolean;
};

export function LoadingScreen({ label, fullPage = false }: LoadingScreenProps) {
  const status = (
    <Box
      role="status"
      sx={{
        minHeight: fullPage ? '60vh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden="true" size={32} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
  return fullPage ? <main>{status}</main> : status;
}
