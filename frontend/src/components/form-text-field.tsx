import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useFormField } from '@/lib/use-form-field';

export type FormTextFieldProps = {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  /** The keyboard a phone shows: `numeric` for a code of digits. */
  inputMode?: 'numeric' | 'text';
};

/**
 * An outlined MUI text field joined to Formik, for the dashboard's sign-in form: value and
 * handlers from the field, its error shown once touched and tied to the input (aria-invalid,
 * aria-describedby), disabled while submitting. (The landing page's contact form has fields
 * of its own in plain CSS: features/contact/components/contact-field.tsx.)
 */
export function FormTextField({ name, label, required = false, type = 'text', autoComplete, inputMode }: FormTextFieldProps) {
  const { field, error, isSubmitting } = useFormField(name);
  const id = `field-${name}`;
  const errorId = `${id}-helper-text`;
  const inputProps = { 'aria-describedby': error ? errorId : undefined, 'aria-invalid': Boolean(error), inputMode };

  return (
    <FormControl fullWidth required={required} error={Boolean(error)} disabled={isSubmitting}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...field}
        id={id}
        // The notch in the outline must be as wide as the label, asterisk included.
        label={required ? `${label} *` : label}
        type={type}
        autoComplete={autoComplete}
        inputProps={inputProps}
      />
      {/* One line per rule when the API names several (lib/password-rules.ts). */}
      {error ? (
        <FormHelperText id={errorId} sx={{ whiteSpace: 'pre-line' }}>
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
