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
import { isApiError } from '@/lib/api-client';
import { throttledMessage } from '@/lib/wait-text';
import {
  currentPasswordSchema,
  enableTwoFactorSchema,
  type TwoFactorSetup,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useSetUpTwoFactor,
} from '../api/two-factor';

/** What went wrong with a password form here: `what` is what did not happen ("Not turned off"). */
function passwordErrorMessage(what: string, error: Error): string {
  if (isApiError(error, 403)) return 'The current password is not right.';
  if (isApiError(error, 429)) return throttledMessage('attempts', error);
  return `${what} (${error.message}).`;
}

/**
 * A form of one field, the current password, for an action that a session alone must not be
 * enough for (set up, turn off, new recovery codes): a stolen session cannot lock the owner out.
 */
function PasswordForm({
  field,
  label,
  submitLabel,
  failedText,
  onPassword,
  error,
}: {
  /** The field's name: its own per form, so that each label points at its own input (the ids come from it). */
  field: string;
  label: string;
  submitLabel: string;
  failedText: string;
  onPassword: (currentPassword: string) => Promise<unknown>;
  error: Error | null;
}) {
  const formik = useFormik<Record<string, string>>({
    initialValues: { [field]: '' },
    validationSchema: currentPasswordSchema(field),
    onSubmit: async (values, { resetForm }) => {
      try {
        await onPassword(values[field]);
        resetForm();
      } catch {
        // Shown from the mutation's state.
      }
    },
  });
  return (
    <FormikForm formik={formik} label={label} error={error ? passwordErrorMessage(failedText, error) : null}>
      <FormTextField name={field} label="Current password" type="password" autoComplete="current-password" required />
      <Box>
        <SubmitButton label={submitLabel} submitting={formik.isSubmitting} />
      </Box>
    </FormikForm>
  );
}

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
        <FormTextField name="code" label="Authentication code" autoComplete="one-time-code" inputMode="numeric" required />
        <Box>
          <SubmitButton label="Turn on" submitting={formik.isSubmitting} />
        </Box>
      </FormikForm>
    </Box>
  );
}

/** The recovery codes, shown once right after two-factor sign-in was turned on. */
function RecoveryCodes({ codes, onDone, fresh }: { codes: string[]; onDone: () => void; fresh: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" role="status">
        {fresh ? 'New recovery codes: the old ones no longer work.' : 'Two-factor sign-in is on.'} Save these recovery codes
        somewhere safe: each one signs in once without your app, and they are not shown again.
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

export type TwoFactorSettingsProps = { user: SessionUser };

/**
 * Two-factor sign-in: set up with an authenticator app (after the password), the recovery
 * codes once, how many are left and new ones (after the password), and off with the password.
 */
export function TwoFactorSettings({ user }: TwoFactorSettingsProps) {
  const setUp = useSetUpTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useNewRecoveryCodes();
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; fresh: boolean } | null>(null);

  if (recoveryCodes) return <RecoveryCodes {...recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (user.twoFactor) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography>Two-factor sign-in is on: signing in asks for a code from your authenticator app.</Typography>
        <Typography data-testid="recovery-codes-left">
          {user.recoveryCodesLeft === 1 ? '1 recovery code left.' : `${user.recoveryCodesLeft} recovery codes left.`}
        </Typography>
        <PasswordForm
          field="recoveryCodesPassword"
          label="New recovery codes"
          submitLabel="New recovery codes"
          failedText="No new recovery codes"
          error={renew.error}
          onPassword={async (password) => setRecoveryCodes({ codes: await renew.mutateAsync(password), fresh: true })}
        />
        <PasswordForm
          field="disableTwoFactorPassword"
          label="Turn off two-factor sign-in"
          submitLabel="Turn off two-factor sign-in"
          failedText="Not turned off"
          error={disable.error}
          onPassword={(password) => disable.mutateAsync(password)}
        />
      </Box>
    );
  }
  if (setUp.data) {
    return <EnableForm setup={setUp.data} onEnabled={(codes) => setRecoveryCodes({ codes, fresh: false })} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Off. With it on, signing in asks for a code from an authenticator app on your phone besides your password.
      </Typography>
      <PasswordForm
        field="setUpTwoFactorPassword"
        label="Set up two-factor sign-in"
        submitLabel="Set up two-factor sign-in"
        failedText="Could not start the set-up"
        error={setUp.error}
        onPassword={(password) => setUp.mutateAsync(password)}
      />
    </Box>
  );
}
