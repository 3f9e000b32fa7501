import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { lazy, Suspense, useState } from 'react';
import { FormikForm } from '@/components/formik-form';
import { FormTextField } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import type { SessionUser } from '@/config/roles';
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  type TwoFactorSetup,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetUpTwoFactor,
} from '../api/two-factor';

const QrCode = lazy(() => import('./qr-code').then((m) => ({ default: m.QrCode })));

/** Step 2: scan (or type) the secret, then prove it with a first code. */
function EnableForm({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTwoFactor();
  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema: enableTwoFactorSchema,
    onSubmit: async ({ code }) => {
      try {
        onEnabled(await enable.mutateAsync(code.trim()));
      } catch {
        // Shown from the mutation's state.
      }
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Scan this QR code with an authenticator app (such as Aegis, Google Authenticator or 1Password), or type the key into it by
        hand.
      </Typography>
      <Suspense fallback={<Box sx={{ width: 192, height: 192 }} />}>
        <QrCode text={setup.otpauthUrl} label="QR code of the two-factor secret, for an authenticator app" />
      </Suspense>
      <Typography component="div">
        Key:{' '}
        <Box
          component="code"
          data-testid="two-factor-secret"
          sx={{ fontSize: '1rem', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
        >
          {setup.secret}
        </Box>
      </Typography>
      <FormikForm
        formik={formik}
        label="Turn on two-factor sign-in"
        error={enable.isError ? `Not turned on (${enable.error.message}).` : null}
      >
        <FormTextField name="code" label="Authentication code" autoComplete="one-time-code" required />
        <Box>
          <SubmitButton label="Turn on" submitting={formik.isSubmitting} />
        </Box>
      </FormikForm>
    </Box>
  );
}

/** The recovery codes, shown once right after two-factor sign-in was turned on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" role="status">
        Two-factor sign-in is on. Save these recovery codes somewhere safe: each one signs in once without your app, and they are
        not shown again.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', m: 0, pl: 3, columns: { xs: 1, sm: 2 } }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Box>
    </Box>
  );
}

function DisableForm() {
  const disable = useDisableTwoFactor();
  const formik = useFormik({
    initialValues: { currentPassword: '' },
    validationSchema: disableTwoFactorSchema,
    onSubmit: async ({ currentPassword }, { resetForm }) => {
      try {
        await disable.mutateAsync(currentPassword);
        resetForm();
      } catch {
        // Shown from the mutation's state.
      }
    },
  });
  return (
    <FormikForm
      formik={formik}
      label="Turn off two-factor sign-in"
      error={disable.isError ? `Not turned off (${disable.error.message}).` : null}
    >
      <FormTextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" required />
      <Box>
        <SubmitButton label="Turn off two-factor sign-in" submitting={formik.isSubmitting} />
      </Box>
    </FormikForm>
  );
}

export type TwoFactorSettingsProps = { user: SessionUser };

/** Two-factor sign-in: set up with an authenticator app, the recovery codes once, and off with the password. */
export function TwoFactorSettings({ user }: TwoFactorSettingsProps) {
  const setUp = useSetUpTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (user.twoFactor) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography>Two-factor sign-in is on: signing in asks for a code from your authenticator app.</Typography>
        <DisableForm />
      </Box>
    );
  }
  if (setUp.data) return <EnableForm setup={setUp.data} onEnabled={setRecoveryCodes} />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Off. With it on, signing in asks for a code from an authenticator app on your phone besides your password.
      </Typography>
      {setUp.isError ? <Alert severity="error">Could not start the set-up ({setUp.error.message}).</Alert> : null}
      <Box>
        <Button variant="contained" disabled={setUp.isPending} onClick={() => setUp.mutate()}>
          Set up two-factor sign-in
        </Button>
      </Box>
    </Box>
  );
}
