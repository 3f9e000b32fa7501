import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { FormikProvider } from 'formik';
import type { FormikContextType } from 'formik';

export type FormikFormProps<Values> = {
  formik: FormikContextType<Values>;
  /** The id of the heading that names the form, or else… */
  labelledBy?: string;
  /** …the form's name. */
  label?: string;
  /** The failed submission's message, shown above the fields. */
  error?: string | null;
  children: ReactNode;
};

/** A Formik form of the dashboard: fields one under another, the browser's own validation off, the error above them. */
export function FormikForm<Values>({ formik, labelledBy, label, error, children }: FormikFormProps<Values>) {
  return (
    <FormikProvider value={formik}>
      <Box
        component="form"
        noValidate
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        onSubmit={formik.handleSubmit}
        sx={{ display: 'grid', gap: 2.5 }}
      >
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {children}
      </Box>
    </FormikProvider>
  );
}
