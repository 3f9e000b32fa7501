import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { ProfileForm } from '../profile-form';

describe(ProfileForm.name, () => {
  it('says when the account has no e-mail address, and shows its e-mail choices as not in effect', () => {
    renderApp(<ProfileForm user={{ ...TEST_ADMIN, email: null }} />);

    expect(screen.getByTestId('no-email-address')).toHaveTextContent('Your account has no e-mail address');
    expect(screen.getByLabelText('E-mail me new leads')).toHaveAccessibleDescription(
      'Not in effect: your account has no e-mail address.',
    );
    expect(screen.getByRole('checkbox', { name: /assigned to me \(not in effect: no e-mail address\)/ })).toBeInTheDocument();
  });

  it('says nothing of the kind when it has one', () => {
    renderApp(<ProfileForm user={TEST_ADMIN} />);

    expect(screen.queryByTestId('no-email-address')).not.toBeInTheDocument();
    expect(screen.queryByText(/Not in effect/)).not.toBeInTheDocument();
  });
});
