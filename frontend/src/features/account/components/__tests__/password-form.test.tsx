import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { PasswordForm } from '../password-form';

afterEach(() => vi.unstubAllGlobals());

describe(PasswordForm.name, () => {
  it('shows every rule the API says the new password breaks, under the field and without the status', async () => {
    const refusal = {
      statusCode: 400,
      error: 'Bad Request',
      message: ['newPassword must not contain the username', 'newPassword is a common password'],
    };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(refusal), { status: 400 })));
    const { user } = renderApp(<PasswordForm />);

    await user.type(screen.getByLabelText(/Current password/), 'my old password 42');
    const fresh = screen.getByLabelText(/New password/);
    await user.type(fresh, 'admin password 2024');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(fresh).toHaveAttribute('aria-invalid', 'true'));
    expect(fresh).toHaveAccessibleDescription(
      /^The password must not contain the username\.\s+The password is a common password\.$/,
    );
    expect(screen.queryByText(/400/)).not.toBeInTheDocument();
  });
});
