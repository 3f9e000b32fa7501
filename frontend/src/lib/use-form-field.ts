import type { FocusEvent } from 'react';
import { useField, useFormikContext } from 'formik';

/**
 * A Formik field as a form control uses it: its props, its error once it is to be shown, and
 * whether the form is submitting. A field counts as touched once it is left with something
 * in it (or on submit), so tabbing through an empty form paints nothing red.
 */
export function useFormField(name: string) {
  const [field, meta] = useField<string>(name);
  const { isSubmitting } = useFormikContext();
  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    if (field.value) field.onBlur(event);
  };
  const error = meta.touched && meta.error ? meta.error : undefined;
  return { field: { ...field, value: field.value ?? '', onBlur }, error, isSubmitting };
}
