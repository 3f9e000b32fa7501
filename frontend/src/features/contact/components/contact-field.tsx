import type { ReactNode } from 'react';
import { useFormField } from '@/lib/use-form-field';

export type ContactFieldProps = {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'url';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  /** A <textarea> of this many rows. */
  rows?: number;
  /** A native <select>: pass its <option>s as children. */
  select?: boolean;
  children?: ReactNode;
};

/**
 * One outlined field of the contact form (contact-form.css), joined to Formik: its error
 * shown under it and tied to it (aria-invalid, aria-describedby), disabled while submitting.
 */
export function ContactField({
  name,
  label,
  required = false,
  type = 'text',
  autoComplete,
  placeholder,
  maxLength,
  rows,
  select = false,
  children,
}: ContactFieldProps) {
  const { field, error, isSubmitting } = useFormField(name);
  const id = `field-${name}`;
  const errorId = `${id}-helper-text`;
  const control = {
    ...field,
    id,
    className: 'field__control',
    required,
    disabled: isSubmitting,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorId : undefined,
  };
  // The label floats out of the way while the field is focused or filled, which CSS tells
  // from `:placeholder-shown`: every text control has a placeholder, a blank one at least.
  const text = { ...control, maxLength, placeholder: placeholder ?? ' ' };

  return (
    <div className="field">
      {select ? (
        <select {...control}>{children}</select>
      ) : rows ? (
        <textarea {...text} rows={rows} />
      ) : (
        <input {...text} type={type} autoComplete={autoComplete} />
      )}
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
