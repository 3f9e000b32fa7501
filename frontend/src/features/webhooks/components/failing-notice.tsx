import Alert from '@mui/material/Alert';

/** The red notice on a card whose deliveries have been failing for a day (the API's `failingSince`). */
export function FailingNotice({ since, what }: { since: string | null; what: string }) {
  if (!since) return null;
  return (
    <Alert severity="error" sx={{ mb: 1 }}>
      Failing since {new Date(since).toLocaleString()}: nothing has reached {what} for a day.
    </Alert>
  );
}
