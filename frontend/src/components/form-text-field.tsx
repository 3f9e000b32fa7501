import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useFormField } from '@/lib/use-form-field';

export type FormTextFieldProps = {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'url' | 'password';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  multiline?: boolean;
  rows?: number;
  /** A native <select>: pass its <option>s as children. */
  select?: boolean;
  children?: ReactNode;
  helperText?: string;
  disabled?: boolean;
};

/**
 * An outlined MUI text field joined to Formik: value and handlers from the field, its error
 * shown once touched and tied to the input (aria-invalid, aria-describedby), disabled while
 * submitting. Built from MUI's parts rather than `TextField`, whose import drags the whole
 * menu-based Select into the landing page's bundle.
 */
export function FormTextField({
  name,
  label,
  required = false,
  type = 'text',
  autoComplete,
  placeholder,
  maxLength,
  multiline = false,
  rows,
  select = false,
  children,
  helperText,
  disabled,
}: FormTextFieldProps) {
  const { field, error, isSubmitting } = useFormField(name);
  const id = `field-${name}`;
  const helperId = `${id}-helper-text`;
  const showError = Boolean(error);
  const helper = error ?? helperText;
  // The notch in the outline must be as wide as the label, asterisk included.
  const notchLabel = required ? `${label} *` : label;
  const htmlInputProps = {
    maxLength,
    'aria-describedby': helper ? helperId : undefined,
    'aria-invalid': showError,
  };

  return (
    <FormControl fullWidth required={required} error={showError} disabled={disabled ?? isSubmitting}>
      <InputLabel htmlFor={id} shrink={select ? true : undefined}>
        {label}
      </InputLabel>
      {select ? (
        <NativeSelect {...field} id={id} input={<OutlinedInput label={notchLabel} notched />} inputProps={htmlInputProps}>
          {children}
        </NativeSelect>
      ) : (
        <OutlinedInput
          {...field}
          id={id}
          label={notchLabel}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          multiline={multiline}
          rows={rows}
          inputProps={htmlInputProps}
        />
      )}
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
