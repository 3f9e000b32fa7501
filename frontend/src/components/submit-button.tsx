import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useHydrated } from '@/lib/hydration';

export type SubmitButtonProps = { label: string; submitting: boolean };

/** A form's submit button, disabled with a spinner while the form is sent, and until the page's code runs. */
export function SubmitButton({ label, submitting }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={submitting || !hydrated}
      startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
    >
      {label}
    </Button>
  );
}
