import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export type SubmitButtonProps = { label: string; submitting: boolean };

/** A form's submit button, disabled with a spinner while the form is sent. */
export function SubmitButton({ label, submitting }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={submitting}
      startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
    >
      {label}
    </Button>
  );
}
